/**
 * Replay through the processor's rules: OTLP JSON of real AI SDK agent runs, exported over OTLP/HTTP, is
 * evaluated by an EvaluatingSpanProcessor built from a processor config file, so matching, agent
 * buffering and evaluators are production's; each evaluation is a case scored by the rule's results.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { afterEach, describe, expect, it } from 'vitest';
import { InvalidEvaluatorConfigError } from '../../../src/core/errors.ts';
import { runSuiteFile } from '../../../src/dataset/runner/run-suite-file.ts';
import { runWeatherAgent, WEATHER_AGENT } from '../../helpers/ai-sdk-agent.ts';
import { tempDir, writeFiles } from './helpers.ts';

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** OTLP JSON requests of two agent runs, as the collector's file exporter would write them (one per line). */
async function exportedRuns(): Promise<string> {
  const bodies: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      bodies.push(body);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{}');
    });
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const exporter = new OTLPTraceExporter({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces` });
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  await runWeatherAgent({ tracerProvider: provider });
  await runWeatherAgent({ tracerProvider: provider, question: 'Weather in Oslo?' });
  await provider.forceFlush();
  await provider.shutdown();
  return bodies.map((body) => JSON.stringify(JSON.parse(body))).join('\n');
}

const RULES = `rules:
  - name: agent-answer
    match: { operation: invoke_agent }
    criteria:
      - { name: GivesTemperature, description: states a temperature, scale: binary }
      - { name: UsesWeatherTool, description: calls get_weather, scale: binary }
    evaluators:
      - { type: RuleBased, rules: [{ criterionName: GivesTemperature, type: regex, pattern: "\\\\d+°C" }] }
      - { type: ToolUsage, rules: [{ criterionName: UsesWeatherTool, expectedToolName: get_weather, isRequired: true }] }
storage: { type: jsonl, filePath: ./must-not-be-written.jsonl }
`;

describe('traces replayed through the processor rules', () => {
  it("makes one case per evaluation the rules make, scored by the rule's own results", async () => {
    const dir = writeFiles(tempDir(), {
      'traces.jsonl': await exportedRuns(),
      'otel-evals.yaml': RULES,
      'suite.yaml': 'version: "2.0"\nprofile: deterministic\ntarget: { traces: ./traces.jsonl, rules: ./otel-evals.yaml }\n',
    });
    const report = await runSuiteFile({ file: path.join(dir, 'suite.yaml'), store: false });
    const cases = report.suites[0]?.cases ?? [];
    expect(cases).toHaveLength(2);
    expect(cases.map((c) => c.id.split(':')[0])).toEqual(['agent-answer', 'agent-answer']);
    const [paris] = cases;
    expect(paris?.output).toBe(WEATHER_AGENT.answer);
    expect(paris?.scores.map((s) => [s.criterionName, s.evaluatorType, s.passed])).toEqual([['GivesTemperature', 'RuleBased', true], ['UsesWeatherTool', 'ToolUsage', true]]);
    expect(paris?.status).toBe('passed');
    const { existsSync } = await import('node:fs');
    expect(existsSync(path.join(dir, 'must-not-be-written.jsonl'))).toBe(false);
  }, 60_000);

  it('reports a broken processor config with its file and key path', async () => {
    const dir = writeFiles(tempDir(), {
      'traces.jsonl': await exportedRuns(),
      'otel-evals.yaml': 'rules:\n  - { name: r, criteria: [], evaluators: [{ type: RuleBased }] }\n',
      'suite.yaml': 'version: "2.0"\nprofile: deterministic\ntarget: { traces: ./traces.jsonl, rules: ./otel-evals.yaml }\n',
    });
    const error = await runSuiteFile({ file: path.join(dir, 'suite.yaml'), store: false }).then(() => undefined, (e: unknown) => e);
    expect(InvalidEvaluatorConfigError.isInstance(error)).toBe(true);
    expect((error as InvalidEvaluatorConfigError).issues.map((i) => [i.file, i.path])).toContainEqual([path.join(dir, 'otel-evals.yaml'), 'rules[0].criteria']);
  }, 60_000);
});
