/* global console */
/**
 * Runs the EvaluatingSpanProcessor (imported from the repository's src/ through tsx: `node --import tsx run.mjs`) inside an OpenTelemetry JS
 * SDK 2.x tracer provider (`@opentelemetry/sdk-trace-base` 2.12, `@opentelemetry/api` 1.9, installed
 * in this directory), drives the AI SDK weather agent through it, and prints what came out as JSON.
 */
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EvaluatingSpanProcessor, defineSyncEvaluator } from '../../../src/index.ts';
import { runWeatherAgent } from '../../helpers/ai-sdk-agent.ts';

/** @type {import('../../../src/index.ts').EvaluationRecord[]} */
const records = [];
/** @type {Record<string, number>} */
const skipped = {};
const emitter = {
  emit: (record) => void records.push(record),
  recordDropped: () => undefined,
  recordSkipped: (reason, count = 1) => void (skipped[reason] = (skipped[reason] ?? 0) + count),
  recordError: () => undefined,
  observeQueueSize: () => undefined,
};
/** @type {import('../../../src/index.ts').AggregatedEvaluationResult[]} */
const saved = [];
const mentionsParis = defineSyncEvaluator({
  type: 'MentionsParis',
  criterionNames: ['mentions_paris'],
  evaluateSync: (input) => [{ criterionName: 'mentions_paris', score: String(input.response).includes('Paris'), evaluatorType: 'MentionsParis' }],
});
const processor = new EvaluatingSpanProcessor({
  emitter,
  storageProvider: { saveResult: async (result) => void saved.push(result) },
  rules: [
    { name: 'final-answer', match: { operation: 'invoke_agent' }, criteria: [{ name: 'mentions_paris', description: 'names the city', scale: 'binary' }], evaluators: [mentionsParis] },
    { name: 'chat', match: { operation: 'chat' }, criteria: [{ name: 'mentions_paris', description: 'names the city', scale: 'binary' }], evaluators: [mentionsParis] },
  ],
});
const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [processor, new SimpleSpanProcessor(exporter)] });

await runWeatherAgent({ tracer: provider.getTracer('gen_ai') });
await processor.forceFlush();
const agent = exporter.getFinishedSpans().find((span) => span.name.startsWith('invoke_agent'));
const versionOf = (name) => JSON.parse(readFileSync(join(import.meta.dirname, 'node_modules', name, 'package.json'), 'utf8')).version;
console.log(JSON.stringify({
  sdkTraceBase: versionOf('@opentelemetry/sdk-trace-base'),
  api: versionOf('@opentelemetry/api'),
  spans: exporter.getFinishedSpans().length,
  inline: agent?.attributes['gen_ai.evaluation.mentions_paris.score.value'] ?? null,
  records: records.map((record) => ({ rule: record.target.rule, operation: record.target.operation, score: record.results[0]?.normalizedScore })),
  toolCalls: saved.find((result) => result.metadata.rule === 'final-answer')?.inputSnapshot.toolCalls?.map((call) => call.name) ?? [],
  skipped,
}));
await processor.shutdown();
await provider.shutdown();
