/**
 * Runs a real AI SDK 7 tool-calling agent against a scripted mock model, traced through
 * `@ai-sdk/otel`, so tests get the spans real applications produce.
 *
 * The default script is two steps: step 1 calls `get_weather({ city })`, step 2 answers with text.
 * Telemetry is attached per call (`telemetry.integrations`), so nothing global is registered.
 */
import type { Tracer, TracerProvider } from '@opentelemetry/api';
import type { LanguageModelV4, LanguageModelV4Content, LanguageModelV4GenerateResult, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { LegacyOpenTelemetry, OpenTelemetry } from '@ai-sdk/otel';
import { generateText, stepCountIs, streamText, tool } from 'ai';
import type { Telemetry } from 'ai';
import { MockLanguageModelV4, convertArrayToReadableStream } from 'ai/test';
import { z } from 'zod';

/** Which @ai-sdk/otel integration traces the run: `OpenTelemetry` (gen_ai) or `LegacyOpenTelemetry` (ai.*). */
export type AgentTelemetryIntegration = 'genai' | 'legacy';

/** One scripted model turn: text, tool calls, or both. */
export interface ScriptedStep {
  text?: string;
  reasoning?: string;
  toolCalls?: Array<{ toolCallId?: string; toolName: string; input: unknown }>;
  usage?: { inputTokens: number; outputTokens: number };
  /** Provider response id (default `resp-<n>`). */
  responseId?: string;
}

/** Options of {@link scriptedModel}. */
export interface ScriptedModelOptions {
  modelId?: string;
  provider?: string;
}

/** Defaults of the weather agent, exported so tests can assert against them. */
export const WEATHER_AGENT = {
  question: 'What is the weather in Paris?',
  system: 'You are a weather assistant. Use the get_weather tool.',
  city: 'Paris',
  toolCallId: 'call-1',
  weather: { city: 'Paris', temperatureC: 18, condition: 'cloudy' },
  answer: 'It is 18°C and cloudy in Paris.',
  functionId: 'weather-agent',
  modelId: 'mock-weather-model',
  provider: 'openai.chat',
} as const;

/** The default two-step script: a get_weather call, then the final answer. */
export function weatherScript(city: string = WEATHER_AGENT.city, answer: string = WEATHER_AGENT.answer): ScriptedStep[] {
  return [
    {
      toolCalls: [{ toolCallId: WEATHER_AGENT.toolCallId, toolName: 'get_weather', input: { city } }],
      usage: { inputTokens: 50, outputTokens: 12 },
      responseId: 'resp-1',
    },
    { text: answer, usage: { inputTokens: 80, outputTokens: 15 }, responseId: 'resp-2' },
  ];
}

function content(step: ScriptedStep): LanguageModelV4Content[] {
  const parts: LanguageModelV4Content[] = [];
  if (step.reasoning !== undefined) parts.push({ type: 'reasoning', text: step.reasoning });
  if (step.text !== undefined) parts.push({ type: 'text', text: step.text });
  (step.toolCalls ?? []).forEach((call, i) => {
    parts.push({
      type: 'tool-call',
      toolCallId: call.toolCallId ?? `call-${i + 1}`,
      toolName: call.toolName,
      input: JSON.stringify(call.input),
    });
  });
  return parts;
}

function usage(step: ScriptedStep): LanguageModelV4GenerateResult['usage'] {
  const input = step.usage?.inputTokens ?? 10;
  const output = step.usage?.outputTokens ?? 5;
  return {
    inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: output, text: output, reasoning: undefined },
  };
}

function generateResult(step: ScriptedStep, index: number, modelId: string): LanguageModelV4GenerateResult {
  const hasTools = (step.toolCalls?.length ?? 0) > 0;
  return {
    content: content(step),
    finishReason: { unified: hasTools ? 'tool-calls' : 'stop', raw: hasTools ? 'tool_calls' : 'stop' },
    usage: usage(step),
    response: { id: step.responseId ?? `resp-${index + 1}`, modelId, timestamp: new Date(0) },
    warnings: [],
  };
}

function streamParts(step: ScriptedStep, index: number, modelId: string): LanguageModelV4StreamPart[] {
  const result = generateResult(step, index, modelId);
  const parts: LanguageModelV4StreamPart[] = [
    { type: 'stream-start', warnings: [] },
    { type: 'response-metadata', id: result.response?.id, modelId, timestamp: new Date(0) },
  ];
  if (step.text !== undefined) {
    parts.push({ type: 'text-start', id: 't1' }, { type: 'text-delta', id: 't1', delta: step.text }, { type: 'text-end', id: 't1' });
  }
  for (const part of result.content) if (part.type === 'tool-call') parts.push(part);
  parts.push({ type: 'finish', finishReason: result.finishReason, usage: result.usage });
  return parts;
}

/**
 * A MockLanguageModelV4 that plays `steps` in order, one per model call (generate or stream); calls
 * past the end repeat the last step. The mock records its calls in `doGenerateCalls` / `doStreamCalls`.
 */
export function scriptedModel(steps: readonly ScriptedStep[] = weatherScript(), options: ScriptedModelOptions = {}): MockLanguageModelV4 {
  const modelId = options.modelId ?? WEATHER_AGENT.modelId;
  let calls = 0;
  const next = (): [ScriptedStep, number] => {
    const index = Math.min(calls, steps.length - 1);
    calls += 1;
    return [steps[index] ?? {}, index];
  };
  return new MockLanguageModelV4({
    provider: options.provider ?? WEATHER_AGENT.provider,
    modelId,
    doGenerate: async () => {
      const [step, index] = next();
      return generateResult(step, index, modelId);
    },
    doStream: async () => {
      const [step, index] = next();
      return { stream: convertArrayToReadableStream(streamParts(step, index, modelId)) };
    },
  });
}

/** The weather tool set: `get_weather({ city })` returns a fixed report for the city. */
export function weatherTools() {
  return {
    get_weather: tool({
      description: 'Get the current weather for a city',
      inputSchema: z.object({ city: z.string() }),
      execute: async ({ city }: { city: string }) => ({ ...WEATHER_AGENT.weather, city }),
    }),
  };
}

/** Options of {@link runWeatherAgent}. */
export interface RunWeatherAgentOptions {
  /** Where spans go; the tracer is taken from it with the integration's own scope name (`gen_ai` / `ai`). */
  tracerProvider?: TracerProvider;
  /** A tracer to use instead of `tracerProvider`. */
  tracer?: Tracer;
  /** `genai` (default): `OpenTelemetry`; `legacy`: `LegacyOpenTelemetry`. */
  integration?: AgentTelemetryIntegration;
  /** The model (default: {@link scriptedModel} with {@link weatherScript}). */
  model?: LanguageModelV4;
  /** The user question (default {@link WEATHER_AGENT}.question). */
  question?: string;
  /** System instructions (default {@link WEATHER_AGENT}.system). */
  system?: string;
  /** `telemetry.functionId`, which becomes `gen_ai.agent.name` / `ai.telemetry.functionId`. */
  functionId?: string;
  /** Use streamText instead of generateText. */
  stream?: boolean;
  /** Maximum steps (default 5). */
  maxSteps?: number;
}

/** The integration instance for a run. */
export function agentTelemetry(options: Pick<RunWeatherAgentOptions, 'tracerProvider' | 'tracer' | 'integration'>): Telemetry {
  const legacy = options.integration === 'legacy';
  const tracer = options.tracer ?? options.tracerProvider?.getTracer(legacy ? 'ai' : 'gen_ai');
  const tracerOption = tracer === undefined ? {} : { tracer };
  return legacy ? new LegacyOpenTelemetry(tracerOption) : new OpenTelemetry(tracerOption);
}

/** What {@link runWeatherAgent} resolves to. */
export interface WeatherAgentRun {
  text: string;
  steps: number;
  toolCalls: Array<{ toolCallId: string; toolName: string; input: unknown }>;
}

/**
 * Runs the multi-step weather agent (generateText, or streamText with `stream`) with tools and
 * `stepCountIs(maxSteps)`, traced by the chosen integration. Spans are ended when it resolves.
 */
export async function runWeatherAgent(options: RunWeatherAgentOptions = {}): Promise<WeatherAgentRun> {
  const settings = {
    model: options.model ?? scriptedModel(),
    system: options.system ?? WEATHER_AGENT.system,
    prompt: options.question ?? WEATHER_AGENT.question,
    tools: weatherTools(),
    stopWhen: stepCountIs(options.maxSteps ?? 5),
    telemetry: { functionId: options.functionId ?? WEATHER_AGENT.functionId, integrations: [agentTelemetry(options)] },
  };
  let text: string;
  let steps: ReadonlyArray<{ toolCalls: ReadonlyArray<{ toolCallId: string; toolName: string; input: unknown }> }>;
  if (options.stream === true) {
    const result = streamText(settings);
    [text, steps] = await Promise.all([result.text, result.steps]);
  } else {
    const result = await generateText(settings);
    ({ text, steps } = result);
  }
  const toolCalls = steps.flatMap((step) =>
    step.toolCalls.map((call) => ({ toolCallId: call.toolCallId, toolName: call.toolName, input: call.input })),
  );
  return { text, steps: steps.length, toolCalls };
}
