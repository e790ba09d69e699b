/**
 * Child-process script: runs a weather assistant under the real @traceloop/node-server-sdk
 * (`initialize`, `withWorkflow` > `withAgent` > OpenAI calls and `withTool` > `withTask`) against the
 * local fake OpenAI server, and writes the finished spans and every host a socket connected to as JSON
 * to the file named by argv[2]. `initialize` starts a global NodeSDK, so it runs apart from the tests.
 *
 * Usage: node --import tsx test/helpers/traceloop-sdk-capture.ts <out.json>
 */
import { Socket } from 'node:net';
import { writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import OpenAI from 'openai';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace';
import type * as TraceloopSdk from '@traceloop/node-server-sdk';
import { OPENAI_WEATHER, fakeOpenAIClient, runOpenAIWeatherAgent, startFakeOpenAI } from './openai-server.ts';

/** The names given to the decorated functions, shared with the test. */
export const SDK_RUN = {
  workflow: 'weather-assistant',
  agent: 'weather-agent',
  tool: 'get_weather',
  task: 'format_weather',
  sessionId: 'session-9',
} as const;

/** A span as written to the JSON file. */
export interface CapturedSpan {
  name: string;
  scope: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  startTime: [number, number];
  endTime: [number, number];
  status: { code: number; message?: string };
  attributes: Record<string, unknown>;
}

/** The JSON file's content. */
export interface CapturedRun {
  answer: string;
  spans: CapturedSpan[];
  /** Hosts (or socket paths) of every outgoing connection made during the run. */
  connections: string[];
}

const connections: string[] = [];

/** Records the target of every client socket: http, fetch (undici) and OTLP exporters all go through it. */
function recordConnections(): void {
  const connect = Socket.prototype.connect as (this: Socket, ...args: unknown[]) => Socket;
  Socket.prototype.connect = function (this: Socket, ...args: unknown[]): Socket {
    const [first] = args;
    const options = (Array.isArray(first) ? first[0] : first) as { host?: string; path?: string } | number | string;
    if (typeof options === 'object' && options !== null) connections.push(options.path ?? options.host ?? 'localhost');
    else connections.push(typeof args[1] === 'string' ? args[1] : String(options));
    return connect.apply(this, args);
  } as typeof Socket.prototype.connect;
}

/** An exporter that keeps finished spans in memory (structural: the SDK brings its own 2.x base). */
function memoryExporter(spans: ReadableSpan[]): SpanExporter {
  return {
    export: (batch, done) => {
      spans.push(...batch);
      done({ code: 0 });
    },
    shutdown: async () => undefined,
  };
}

function toCaptured(span: ReadableSpan): CapturedSpan {
  const context = span.spanContext();
  const captured: CapturedSpan = {
    name: span.name,
    scope: span.instrumentationScope.name,
    traceId: context.traceId,
    spanId: context.spanId,
    startTime: span.startTime,
    endTime: span.endTime,
    status: span.status,
    attributes: { ...span.attributes },
  };
  if (span.parentSpanContext !== undefined) captured.parentSpanId = span.parentSpanContext.spanId;
  return captured;
}

type Traceloop = typeof TraceloopSdk;

/** `initialize` as a local application would call it, with spans kept in memory. */
function initializeTraceloop(traceloop: Traceloop, spans: ReadableSpan[]): void {
  traceloop.initialize({
    appName: 'weather-app',
    // The SDK types its options with its own @opentelemetry/sdk-trace-base 2.x and a CommonJS view of
    // `openai`; the exporter is structural and the class is the one this module imports.
    exporter: memoryExporter(spans) as never,
    disableBatch: true,
    traceloopSyncEnabled: false,
    silenceInitializationMessage: true,
    instrumentModules: { openAI: OpenAI as never },
  });
}

function formatWeather([temperature, condition]: [number, string]): string {
  return `${temperature}°C, ${condition}`;
}

/** The tool: the fixed weather, with a summary made by a task (called with one array argument). */
async function getWeather(traceloop: Traceloop, args: { city: string }): Promise<unknown> {
  const { temperatureC, condition } = OPENAI_WEATHER.weather;
  const summary: unknown = await traceloop.withTask({ name: SDK_RUN.task }, formatWeather, [temperatureC, condition] as [number, string]);
  return { ...OPENAI_WEATHER.weather, city: args.city, summary };
}

/** withWorkflow(question) > withAgent() > the OpenAI agent loop, whose tool runs in withTool(args). */
async function runAssistant(traceloop: Traceloop, client: OpenAI): Promise<string> {
  const agent = async (): Promise<string> =>
    runOpenAIWeatherAgent(client, async (args) => traceloop.withTool({ name: SDK_RUN.tool }, (a: { city: string }) => getWeather(traceloop, a), args));
  const workflow = async (_question: string): Promise<string> => traceloop.withAgent({ name: SDK_RUN.agent }, agent);
  const config = { name: SDK_RUN.workflow, associationProperties: { session_id: SDK_RUN.sessionId } };
  return (await traceloop.withWorkflow(config, workflow, OPENAI_WEATHER.question)) as string;
}

async function main(outFile: string): Promise<void> {
  recordConnections();
  // Loaded after the recorder, so connections made while the SDK loads are recorded too.
  const traceloop = await import('@traceloop/node-server-sdk');
  const spans: ReadableSpan[] = [];
  initializeTraceloop(traceloop, spans);
  const server = await startFakeOpenAI();
  const answer = await runAssistant(traceloop, fakeOpenAIClient(server));
  await traceloop.forceFlush();
  await server.close();
  const run: CapturedRun = { answer, spans: spans.map(toCaptured), connections };
  await writeFile(outFile, JSON.stringify(run));
}

const outFile = process.argv[2];
if (outFile !== undefined && process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(outFile).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
