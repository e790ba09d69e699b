/**
 * What reaches the exporters when NodeSDK shuts down. NodeSDK.shutdown() shuts the tracer, logger and
 * meter providers down at once, and the TracerProvider calls shutdown() on every span processor in the
 * same tick: the BatchSpanProcessor after ours refuses spans from then on. So only what the processor
 * emits synchronously in its shutdown() is exported; evaluations still running are evaluated and stored,
 * but their spans, events and metrics are lost unless `processor.forceFlush()` is awaited first.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { context, logs, metrics, propagation, trace } from '@opentelemetry/api';
import { SimpleLogRecordProcessor } from '@opentelemetry/sdk-logs';
import type { ReadableLogRecord } from '@opentelemetry/sdk-logs';
import { AggregationTemporality, InMemoryMetricExporter, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace';
import type { ReadableSpan } from '@opentelemetry/sdk-trace';
import { mockEvaluator } from '../../src/testing/index.ts';
import type { AggregatedEvaluationResult } from '../../src/core/types.ts';
import { EvaluatingSpanProcessor } from '../../src/processor/evaluating-span-processor.ts';
import { runWeatherAgent } from '../helpers/ai-sdk-agent.ts';
import { mentions, mentionsCriterion } from './helpers.ts';

/** An exporter that keeps what it exported (the SDK's in-memory exporters forget everything on shutdown). */
function keeping<T>() {
  const items: T[] = [];
  const exporter = {
    export: (batch: T[], done: (result: { code: number }) => void) => {
      items.push(...batch);
      done({ code: 0 });
    },
    shutdown: async () => {},
    forceFlush: async () => {},
  };
  return { items, exporter };
}

function start() {
  const saved: AggregatedEvaluationResult[] = [];
  const processor = new EvaluatingSpanProcessor({
    storageProvider: { saveResult: async (result) => void saved.push(result) },
    rules: [
      // Synchronous: scored inline in onEnding, only emission waits in the queue.
      { name: 'final-answer', match: { operation: 'invoke_agent' }, criteria: [mentionsCriterion('Paris')], evaluators: [mentions('Paris')] },
      // Async: still running when the application shuts down.
      {
        name: 'chat-quality',
        match: { operation: 'chat' },
        criteria: [{ name: 'quality', description: 'quality', scale: 'likert5' }],
        evaluators: [mockEvaluator({ type: 'Judge', criterionNames: ['quality'], delayMillis: 50, results: [{ criterionName: 'quality', score: 5, evaluatorType: 'Judge' }] })],
      },
    ],
  });
  const spans = keeping<ReadableSpan>();
  const logRecords = keeping<ReadableLogRecord>();
  const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
  const sdk = new NodeSDK({
    spanProcessors: [processor, new BatchSpanProcessor({ exporter: spans.exporter })],
    logRecordProcessors: [new SimpleLogRecordProcessor({ exporter: logRecords.exporter })],
    metricReaders: [new PeriodicExportingMetricReader({ exporter: metricExporter, exportIntervalMillis: 60_000 })],
    instrumentations: [],
    autoDetectResources: false,
  });
  sdk.start();
  const exported = () => {
    const results = metricExporter.getMetrics().at(-1)?.scopeMetrics.flatMap((scope) => scope.metrics).find((m) => m.descriptor.name === 'gen_ai.evaluation.results');
    return {
      evaluationSpans: spans.items.filter((span) => span.name.startsWith('evaluation ')).map((span) => span.name).sort(),
      events: logRecords.items.filter((record) => record.eventName === 'gen_ai.evaluation.result').map((record) => record.attributes['otel_evals.rule']).sort(),
      results: (results?.dataPoints ?? []).reduce((total, point) => total + (typeof point.value === 'number' ? point.value : 0), 0),
      agentScored: spans.items.find((span) => span.name.startsWith('invoke_agent'))?.attributes['gen_ai.evaluation.mentions_paris.passed'],
      stored: saved.map((result) => result.metadata?.rule).sort(),
    };
  };
  return { processor, sdk, exported };
}

describe('NodeSDK shutdown and the evaluating processor', () => {
  afterEach(() => {
    for (const api of [trace, logs, metrics, propagation, context]) api.disable();
  });

  it('sdk.shutdown() alone: inline-scored evaluations are emitted; those still running are stored but their signals are lost', async () => {
    const { processor, sdk, exported } = start();
    await runWeatherAgent();
    expect(processor.queueSize).toBeGreaterThan(0);
    await sdk.shutdown();
    expect(exported()).toEqual({
      evaluationSpans: ['evaluation final-answer'],
      events: ['final-answer'],
      results: 1,
      agentScored: true,
      stored: ['chat-quality', 'chat-quality', 'final-answer'],
    });
  });

  it('await processor.forceFlush() first: everything is exported', async () => {
    const { processor, sdk, exported } = start();
    await runWeatherAgent();
    await processor.forceFlush();
    await sdk.shutdown();
    expect(exported()).toEqual({
      evaluationSpans: ['evaluation chat-quality', 'evaluation chat-quality', 'evaluation final-answer'],
      events: ['chat-quality', 'chat-quality', 'final-answer'],
      results: 3,
      agentScored: true,
      stored: ['chat-quality', 'chat-quality', 'final-answer'],
    });
  });

  it('await processor.shutdown() first works the same, and the SDK shutting it down again is a no-op', async () => {
    const { processor, sdk, exported } = start();
    await runWeatherAgent();
    await processor.shutdown();
    await sdk.shutdown();
    expect(exported()).toMatchObject({ events: ['chat-quality', 'chat-quality', 'final-answer'], results: 3 });
  });
});
