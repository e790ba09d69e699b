/**
 * Spans that are recorded but not sampled (a sampler answering RECORD): evaluated by default, with
 * events and metrics but no exported evaluation span; skipped and counted with evaluateUnsampled: false.
 */
import { describe, expect, it } from 'vitest';
import { InMemoryLogRecordExporter, LoggerProvider, SimpleLogRecordProcessor } from '@opentelemetry/sdk-logs';
import { AggregationTemporality, InMemoryMetricExporter, MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import type { MetricData } from '@opentelemetry/sdk-metrics';
import { InMemorySpanExporter, ParentBasedSampler, SamplingDecision, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import type { ReadableSpan, Sampler, SpanProcessor } from '@opentelemetry/sdk-trace';
import { EvaluatingSpanProcessor } from '../../src/processor/evaluating-span-processor.ts';
import { mentions, mentionsCriterion } from './helpers.ts';

const OUTPUT = JSON.stringify([{ role: 'assistant', parts: [{ type: 'text', content: 'It is sunny in Paris.' }] }]);
/** Records every root span without sampling it; children follow their parent (ParentBased). */
const recordOnly: Sampler = { shouldSample: () => ({ decision: SamplingDecision.RECORD }), toString: () => 'RecordOnly' };

function stack(evaluateUnsampled?: boolean) {
  const ended: ReadableSpan[] = [];
  const seen: SpanProcessor = { onStart: () => undefined, onEnd: (span) => void ended.push(span), forceFlush: async () => {}, shutdown: async () => {} };
  const spanExporter = new InMemorySpanExporter();
  const logExporter = new InMemoryLogRecordExporter();
  const loggerProvider = new LoggerProvider({ processors: [new SimpleLogRecordProcessor({ exporter: logExporter })] });
  const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
  const reader = new PeriodicExportingMetricReader({ exporter: metricExporter, exportIntervalMillis: 60_000 });
  const meterProvider = new MeterProvider({ readers: [reader] });
  const holder: { provider?: TracerProvider } = {};
  const tracerProvider = { getTracer: (name: string, version?: string) => holder.provider!.getTracer(name, version) };
  const processor = new EvaluatingSpanProcessor({
    ...(evaluateUnsampled === undefined ? {} : { evaluateUnsampled }),
    loggerProvider,
    meterProvider,
    tracerProvider,
    rules: [{ name: 'chat', match: { operation: 'chat' }, criteria: [mentionsCriterion('Paris')], evaluators: [mentions('Paris')] }],
  });
  const provider = new TracerProvider({
    sampler: new ParentBasedSampler({ root: recordOnly }),
    spanProcessors: [processor, seen, new SimpleSpanProcessor({ exporter: spanExporter })],
  });
  holder.provider = provider;
  const metric = async (name: string): Promise<MetricData | undefined> => {
    await reader.forceFlush();
    const last = metricExporter.getMetrics().at(-1);
    return last?.scopeMetrics.flatMap((scope) => scope.metrics).find((m) => m.descriptor.name === name);
  };
  const endChat = (): ReadableSpan => {
    provider.getTracer('app').startSpan('chat m', { attributes: { 'gen_ai.operation.name': 'chat', 'gen_ai.output.messages': OUTPUT } }).end();
    return ended.at(-1)!;
  };
  return { processor, provider, spanExporter, logExporter, metric, endChat };
}

describe('recorded but unsampled spans', () => {
  it('are evaluated by default: scores on the span, events and metrics, but no evaluation span is recorded', async () => {
    const { processor, spanExporter, logExporter, metric, endChat } = stack();
    const span = endChat();
    expect(span.spanContext().traceFlags & 1).toBe(0);
    await processor.forceFlush();
    expect(span.attributes['gen_ai.evaluation.mentions_paris.score.value']).toBe(1);
    const events = logExporter.getFinishedLogRecords().filter((record) => record.eventName === 'gen_ai.evaluation.result');
    expect(events).toHaveLength(1);
    expect(events[0]!.spanContext).toMatchObject({ spanId: span.spanContext().spanId, traceFlags: 0 });
    const results = await metric('gen_ai.evaluation.results');
    expect(results?.dataPoints.map((point) => point.value)).toEqual([1]);
    // Neither the span nor its evaluation span is exported: the ParentBased sampler follows the unsampled parent.
    expect(spanExporter.getFinishedSpans()).toEqual([]);
  });

  it('are skipped and counted as unsampled with evaluateUnsampled: false', async () => {
    const { processor, logExporter, metric, endChat } = stack(false);
    const span = endChat();
    await processor.forceFlush();
    expect(span.attributes['gen_ai.evaluation.mentions_paris.score.value']).toBeUndefined();
    expect(logExporter.getFinishedLogRecords()).toEqual([]);
    const skipped = await metric('otel_evals.spans.skipped');
    expect(skipped?.dataPoints.map((point) => [point.attributes['reason'], point.value])).toEqual([['unsampled', 1]]);
    expect(await metric('gen_ai.evaluation.results')).toBeUndefined();
  });
});
