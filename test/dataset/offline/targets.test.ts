/** Targets: agent modules, HTTP endpoints on 127.0.0.1, recorded outputs, and replay of OTLP JSON traces of a real AI SDK agent. */
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { moduleTarget } from '../../../src/dataset/targets/index.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSuiteFile } from '../../../src/dataset/format/load.ts';
import type { EvalCase } from '../../../src/dataset/format/model.ts';
import { runSuiteFile } from '../../../src/dataset/runner/run-suite-file.ts';
import { createTarget, parseTargetArgument, replayRuns } from '../../../src/dataset/targets/index.ts';
import { runWeatherAgent, WEATHER_AGENT } from '../../helpers/ai-sdk-agent.ts';
import { CALCULATOR, CALCULATOR_AGENT, tempDir, writeFiles } from './helpers.ts';

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function listen(handler: (request: IncomingMessage, body: string) => { status?: number; body: unknown; type?: string }): Promise<string> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const answer = handler(request, body);
      response.writeHead(answer.status ?? 200, { 'content-type': answer.type ?? 'application/json' });
      response.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
    });
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const signal = new AbortController().signal;
const caseOf = (id: string, metadata?: Record<string, unknown>): EvalCase => ({ id, tags: [], input: { prompt: 'p' }, expected: {}, path: 'testCases[0]', ...(metadata ? { metadata } : {}) });

describe('targets', () => {
  it('module: calls the exported agent function with the input payload; file and command line name it relative to their base', async () => {
    const dir = writeFiles(tempDir(), { 'tests.json': { ...CALCULATOR, target: { module: './agent.mjs' } }, 'agent.mjs': CALCULATOR_AGENT, 'tools.mjs': 'export async function withTools(input) { return { output: "ok", toolCalls: [{ name: "calc", arguments: { q: input.prompt } }] }; }\n' });
    const report = await runSuiteFile({ file: path.join(dir, 'tests.json'), store: false });
    expect(report.suites[0]?.cases.map((c) => [c.id, c.output, c.status])).toEqual([['tc-001', '4', 'passed'], ['tc-002', '27', 'passed']]);
    const named = createTarget(parseTargetArgument('./tools.mjs#withTools'), dir);
    expect(await named.invoke({ prompt: 'q' }, { signal, evalCase: caseOf('x') })).toEqual({ output: 'ok', toolCalls: [{ name: 'calc', arguments: { q: 'q' } }] });
    await expect(createTarget({ module: './tools.mjs', export: 'missing' }, dir).invoke({}, { signal, evalCase: caseOf('x') })).rejects.toThrow(/no function export "missing"/);
    expect(await named.version()).toMatch(/^sha256:[0-9a-f]{12}$/);
  });

  it('http: POSTs the input as JSON with headers (env expanded) and reads output, output key or outputPath', async () => {
    process.env.TEST_TOKEN = 'secret-1';
    const seen: Array<{ auth: string | undefined; body: unknown }> = [];
    const url = await listen((request, body) => {
      seen.push({ auth: request.headers.authorization, body: JSON.parse(body) });
      const { prompt } = JSON.parse(body) as { prompt: string };
      if (prompt === 'fail') return { status: 503, body: 'overloaded', type: 'text/plain' };
      return { body: { output: prompt.toUpperCase(), toolCalls: [{ name: 'upper' }], data: { answer: 42 } } };
    });
    const target = createTarget({ http: { url, headers: { Authorization: 'Bearer ${TEST_TOKEN}' } } }, '/');
    expect(await target.invoke({ prompt: 'hi' }, { signal, evalCase: caseOf('a') })).toEqual({ output: 'HI', toolCalls: [{ name: 'upper' }] });
    expect(seen[0]).toEqual({ auth: 'Bearer secret-1', body: { prompt: 'hi' } });
    const pathTarget = createTarget({ http: { url, outputPath: 'data.answer' } }, '/');
    expect((await pathTarget.invoke({ prompt: 'x' }, { signal, evalCase: caseOf('b') })).output).toBe(42);
    await expect(target.invoke({ prompt: 'fail' }, { signal, evalCase: caseOf('c') })).rejects.toThrow(/answered 503 Service Unavailable for case c: overloaded/);
    expect(parseTargetArgument(url)).toEqual({ http: { url } });
    // A closed port: the error says why, not only "fetch failed".
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/`;
    closed.close();
    await once(closed, 'close');
    await expect(createTarget({ http: { url: closedUrl } }, '/').invoke({ prompt: 'hi' }, { signal, evalCase: caseOf('d') })).rejects.toThrow(/failed for case d: fetch failed \(ECONNREFUSED\)/);
  });

  it('http: header variables come from setup.environment too, and an unset one fails the run before the first case', async () => {
    const url = await listen((request) => ({ body: { output: request.headers['x-key'] ?? '' } }));
    const dir = writeFiles(tempDir(), { 'tests.json': {
      version: '2.0', profile: 'deterministic', target: { http: { url, headers: { 'X-Key': '${SUITE_KEY_FROM_SETUP}' } } },
      setup: { environment: { SUITE_KEY_FROM_SETUP: 'k-123' } },
      testCases: [{ id: 'k', name: 'key', input: { prompt: 'p' }, expected: { output: 'k-123' } }],
    } });
    const report = await runSuiteFile({ file: path.join(dir, 'tests.json'), store: false });
    expect(report.suites[0]?.cases[0]).toMatchObject({ status: 'passed', output: 'k-123' });
    const unset = createTarget({ http: { url, headers: { 'X-Key': 'Bearer ${OTEL_EVALS_TEST_UNSET_VARIABLE}' } } }, '/');
    await expect(unset.prepare?.()).rejects.toThrow('environment variable OTEL_EVALS_TEST_UNSET_VARIABLE (header X-Key) is not set');
  });

  it('outputs: grades recorded outputs without calling anything; a missing id errors that case only', async () => {
    const dir = writeFiles(tempDir(), {
      'tests.json': { ...CALCULATOR, settings: {}, target: { outputs: './outputs.jsonl' } },
      'outputs.jsonl': `${JSON.stringify({ id: 'tc-001', output: '4' })}\n\n`,
    });
    const report = await runSuiteFile({ file: path.join(dir, 'tests.json'), store: false });
    expect(report.suites[0]?.cases.map((c) => [c.id, c.status, c.error])).toEqual([['tc-001', 'passed', undefined], ['tc-002', 'error', expect.stringMatching(/no recorded output for case "tc-002"/)]]);
    writeFiles(dir, { 'bad.jsonl': '{"id":"a","output":1}\nnot json\n' });
    await expect(createTarget({ outputs: 'bad.jsonl' }, dir).invoke({}, { signal, evalCase: caseOf('a') })).rejects.toThrow(/bad\.jsonl:2: not a JSON line/);
    expect(parseTargetArgument('./recorded.jsonl')).toEqual({ outputs: './recorded.jsonl' });
  });

  it('traces: replays OTLP JSON of a real AI SDK agent through the extraction layer, one case per trace or by trace id', async () => {
    const bodies: string[] = [];
    const url = await listen((_request, body) => {
      bodies.push(body);
      return { body: {} };
    });
    const exporter = new OTLPTraceExporter({ url: `${url}/v1/traces` });
    const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
    await runWeatherAgent({ tracerProvider: provider });
    await runWeatherAgent({ tracerProvider: provider, question: 'Weather in Oslo?', integration: 'legacy' });
    await provider.forceFlush();
    await provider.shutdown();
    const requests = bodies.map((b) => JSON.parse(b) as { resourceSpans: unknown[] });
    const dir = writeFiles(tempDir(), { 'traces.jsonl': requests.map((r) => JSON.stringify(r)).join('\n') });
    const runs = replayRuns(readFileSync(path.join(dir, 'traces.jsonl'), 'utf8'));
    expect(runs).toHaveLength(2);
    const [first, second] = runs;
    expect(first?.result.output).toBe(WEATHER_AGENT.answer);
    expect(first?.result.evaluationInput?.prompt).toBe(WEATHER_AGENT.question);
    expect(first?.result.toolCalls?.map((c) => c.name)).toEqual(['get_weather']);
    expect(second?.result.evaluationInput?.prompt).toBe('Weather in Oslo?');
    writeFiles(dir, { 'replay.json': {
      version: '2.0', profile: 'deterministic', target: { traces: './traces.jsonl' },
      testCases: [{ id: 'paris', name: 'Paris answer', input: { prompt: WEATHER_AGENT.question }, expected: { patterns: ['18°C', 'cloudy'] }, evaluation: { strategy: 'regex_match' }, metadata: { traceId: first?.traceId } }],
    }, 'discover.yaml': 'version: "2.0"\nprofile: deterministic\ntarget: { traces: ./traces.jsonl }\nsuites:\n  - name: production\n    scorers: [{ name: mentions-weather, scorer: regex_match, settings: { patterns: ["°C|weather"] } }]\n' });
    const replayed = await runSuiteFile({ file: path.join(dir, 'replay.json'), store: false });
    expect(replayed.suites[0]?.cases[0]).toMatchObject({ id: 'paris', status: 'passed', output: WEATHER_AGENT.answer });
    const discovered = await runSuiteFile({ file: path.join(dir, 'discover.yaml'), store: false });
    expect(discovered.suites[0]?.cases.map((c) => c.id)).toEqual([first?.traceId, second?.traceId]);
    expect(discovered.suites[0]?.cases[0]?.status).toBe('passed');
    expect((await loadSuiteFile(path.join(dir, 'discover.yaml'))).target).toEqual({ traces: './traces.jsonl' });
  });

  it('module returning its spans: the run is read like a live trace, so tool calls from real AI SDK spans are graded', async () => {
    const dir = writeFiles(tempDir(), { 'tests.json': {
      version: '2.0', profile: 'deterministic',
      suites: [{ name: 'agent', scorers: [
        { name: 'answer', scorer: 'regex_match', settings: { patterns: ['18°C'] } },
        { name: 'tools', scorer: 'ToolUsage', settings: { rules: [{ criterionName: 'uses_weather', expectedToolName: 'get_weather', isRequired: true, expectedArguments: { city: 'Paris' } }] } },
      ] }],
      testCases: [{ id: 'paris', name: 'Paris', input: { prompt: WEATHER_AGENT.question } }],
    } });
    const target = moduleTarget({ fn: async (input) => {
      const exporter = new InMemorySpanExporter();
      const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
      const run = await runWeatherAgent({ tracerProvider: provider, question: (input as { prompt: string }).prompt });
      await provider.forceFlush();
      return { output: run.text, spans: exporter.getFinishedSpans() };
    } });
    const report = await runSuiteFile({ file: path.join(dir, 'tests.json'), target, store: false });
    const paris = report.suites[0]?.cases[0];
    expect(paris?.output).toBe(WEATHER_AGENT.answer);
    expect(paris?.scores.map((s) => [s.criterionName, s.passed])).toEqual([['answer', true], ['uses_weather', true]]);
    expect(paris?.status).toBe('passed');
    expect(paris?.toolCalls?.map((c) => [c.name, c.arguments])).toEqual([['get_weather', { city: 'Paris' }]]);
  });
});
