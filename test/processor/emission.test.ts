/**
 * The processor with the real emitter and the real SDK in memory: spans, log records and metrics of
 * an AI SDK agent run; with TracerProvider and with NodeSDK registration.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { InMemoryLogRecordExporter, LoggerProvider, SimpleLogRecordProcessor } from '@opentelemetry/sdk-logs';
import type { ReadableLogRecord } from '@opentelemetry/sdk-logs';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import type { MetricData } from '@opentelemetry/sdk-metrics';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { BatchSpanProcessor, InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import type { ReadableSpan } from '@opentelemetry/sdk-trace';
import { mockEvaluator } from '../../src/testing/index.ts';
import { EvaluatingSpanProcessor } from '../../src/processor/evaluating-span-processor.ts';
import type { EvaluationRule } from '../../src/processor/types.ts';
import { runWeatherAgent } from '../helpers/ai-sdk-agent.ts';
import { mentions, mentionsCriterion } from './helpers.ts';

class CollectingReader extends MetricReader {
  protected override async onShutdown(): Promise<void> {}
  protected override async onForceFlush(): Promise<void> {}
  async metrics(): Promise<Map<string, MetricData>> {
    const { resourceMetrics } = await this.collect();
    const out = new Map<string, MetricData>();
    for (const scope of resourceMetrics.scopeMetrics) for (const metric of scope.metrics) out.set(metric.descriptor.name, metric);
    return out;
  }
}

const rules: EvaluationRule[] = [
  { name: 'final-answer', match: { operation: 'invoke_agent' }, threshold: 0.6, criteria: [mentionsCriterion('Paris')], evaluators: [mentions('Paris')] },
  {
    name: 'chat-quality',
    match: { operation: 'chat' },
    criteria: [{ name: 'quality', description: 'quality', scale: 'likert5', threshold: 0.9 }],
    evaluators: [mockEvaluator({ type: 'Judge', criterionNames: ['quality'], results: [{ criterionName: 'quality', score: 5, evaluatorType: 'Judge' }] })],
  },
];

function sum(metric: MetricData | undefined): number {
  return (metric?.dataPoints ?? []).reduce((total, point) => total + (typeof point.value === 'number' ? point.value : 0), 0);
}

describe('emission through the real SDK', () => {
  beforeAll(() => void context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable()));
  afterAll(() => context.disable());

  it('TracerProvider: inline span attributes, evaluation spans, gen_ai.evaluation.result events and metrics', async () => {
    const spanExporter = new InMemorySpanExporter();
    const logExporter = new InMemoryLogRecordExporter();
    const loggerProvider = new LoggerProvider({ processors: [new SimpleLogRecordProcessor({ exporter: logExporter })] });
    const reader = new CollectingReader();
    const meterProvider = new MeterProvider({ readers: [reader] });
    // No tracerProvider option: evaluation spans go through the global one, the provider the agent uses.
    const processor = new EvaluatingSpanProcessor({ rules, loggerProvider, meterProvider });
    const provider = new TracerProvider({ spanProcessors: [processor, new SimpleSpanProcessor({ exporter: spanExporter })] });
    trace.setGlobalTracerProvider(provider);
    onTestFinished(() => trace.disable());

    await runWeatherAgent({ tracerProvider: provider });
    await processor.forceFlush();

    const spans = spanExporter.getFinishedSpans();
    const agent = spans.find((span) => span.name.startsWith('invoke_agent'))!;
    expect(agent.attributes['gen_ai.evaluation.mentions_paris.score.value']).toBe(1);
    const evaluationSpans = spans.filter((span) => span.name.startsWith('evaluation '));
    expect(evaluationSpans.map((span) => span.name).sort()).toEqual(['evaluation chat-quality', 'evaluation chat-quality', 'evaluation final-answer']);
    const agentEvaluation = evaluationSpans.find((span) => span.name === 'evaluation final-answer')!;
    expect(agentEvaluation.parentSpanContext?.spanId).toBe(agent.spanContext().spanId);
    expect(agentEvaluation.spanContext().traceId).toBe(agent.spanContext().traceId);

    const events = logExporter.getFinishedLogRecords().filter((record) => record.eventName === 'gen_ai.evaluation.result');
    expect(events).toHaveLength(3);
    const agentEvent = events.find((record) => record.attributes['gen_ai.evaluation.name'] === 'mentions_paris')!;
    expect(agentEvent.spanContext?.spanId).toBe(agent.spanContext().spanId);
    expect(agentEvent.attributes).toMatchObject({ 'gen_ai.evaluation.score.value': 1, 'gen_ai.evaluation.score.label': 'pass' });
    // The threshold each result was judged against: the rule's, or the criterion's own.
    expect(agentEvent.attributes['otel_evals.threshold']).toBe(0.6);
    const chatEvent = events.find((record) => record.attributes['gen_ai.evaluation.name'] === 'quality')!;
    expect(chatEvent.attributes).toMatchObject({ 'otel_evals.threshold': 0.9, 'otel_evals.passed': true });

    const metrics = await reader.metrics();
    expect(sum(metrics.get('gen_ai.evaluation.results'))).toBe(3);
    expect(metrics.get('gen_ai.evaluation.score')).toBeDefined();
    expect(metrics.get('otel_evals.queue.size')?.dataPoints[0]?.value).toBe(0);
    await processor.shutdown();
  });

  it('NodeSDK: registered with spanProcessors [processor, BatchSpanProcessor], everything arrives by shutdown', async () => {
    const spans: ReadableSpan[] = [];
    const logs: ReadableLogRecord[] = [];
    const done = { code: 0 };
    const spanExporter = { export: (batch: ReadableSpan[], callback: (result: typeof done) => void) => { spans.push(...batch); callback(done); }, shutdown: async () => {} };
    const logExporter = { export: (batch: ReadableLogRecord[], callback: (result: typeof done) => void) => { logs.push(...batch); callback(done); }, shutdown: async () => {}, forceFlush: async () => {} };
    const processor = new EvaluatingSpanProcessor({ rules });
    const sdk = new NodeSDK({
      spanProcessors: [processor, new BatchSpanProcessor({ exporter: spanExporter })],
      logRecordProcessors: [new SimpleLogRecordProcessor({ exporter: logExporter })],
      metricReaders: [new CollectingReader()],
      instrumentations: [],
      autoDetectResources: false,
    });
    sdk.start();
    await runWeatherAgent();
    // Evaluations still running when the SDK shuts down would emit into processors that are closing.
    await processor.forceFlush();
    await sdk.shutdown();
    const agent = spans.find((span) => span.name.startsWith('invoke_agent'));
    expect(agent?.attributes['gen_ai.evaluation.mentions_paris.passed']).toBe(true);
    expect(spans.filter((span) => span.name.startsWith('evaluation '))).toHaveLength(3);
    expect(logs.filter((record) => record.eventName === 'gen_ai.evaluation.result')).toHaveLength(3);
  });
});
