/**
 * The processor path: a judge rule on `invoke_agent` spans of a real AI SDK 7 agent run emits one
 * `gen_ai.evaluation.result` per criterion (score, label, explanation) through the real SDK logs, and
 * the judge's own calls produce no evaluated spans, whether tracing is suppressed or only marked.
 */
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { InMemoryLogRecordExporter, LoggerProvider, SimpleLogRecordProcessor } from '@opentelemetry/sdk-logs';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import type { MetricData } from '@opentelemetry/sdk-metrics';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { OpenTelemetry } from '@ai-sdk/otel';
import { registerTelemetry } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { markJudgeSpans } from '../../src/judge/judge-span.ts';
import { RateLimiter } from '../../src/judge/rate-limit.ts';
import { EvaluatingSpanProcessor } from '../../src/processor/evaluating-span-processor.ts';
import type { EvaluationRule } from '../../src/processor/types.ts';
import { runWeatherAgent, WEATHER_AGENT } from '../helpers/ai-sdk-agent.ts';
import { mockJudge } from './mock-judge.ts';

class CollectingReader extends MetricReader {
  protected override async onShutdown(): Promise<void> {}
  protected override async onForceFlush(): Promise<void> {}
  async metric(name: string): Promise<MetricData | undefined> {
    const { resourceMetrics } = await this.collect();
    return resourceMetrics.scopeMetrics.flatMap((scope) => scope.metrics).find((metric) => metric.descriptor.name === name);
  }
}

function judgeModel() {
  return mockJudge(
    (call) => ({
      scores: {
        correctness: { reasoning: `The answer matches the reference (${call.prompt.includes(WEATHER_AGENT.answer) ? 'answer seen' : 'answer missing'}).`, score: 5 },
        helpfulness: { reasoning: 'Direct, but gives no advice on what to wear.', score: 2 },
      },
    }),
    { usage: { input: 120, output: 30 } },
  );
}

function setup(model: ReturnType<typeof judgeModel>, options: { suppressed: boolean; traceJudgeCalls?: boolean; mark?: boolean }) {
  if (options.suppressed) context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  const spanExporter = new InMemorySpanExporter();
  const logExporter = new InMemoryLogRecordExporter();
  const loggerProvider = new LoggerProvider({ processors: [new SimpleLogRecordProcessor({ exporter: logExporter })] });
  const reader = new CollectingReader();
  const meterProvider = new MeterProvider({ readers: [reader] });
  const rules: EvaluationRule[] = [
    {
      name: 'answer-quality',
      match: { operation: 'invoke_agent' },
      criteria: [
        { name: 'correctness', description: 'Agrees with the reference weather report.', scale: 'likert5', threshold: 0.75 },
        { name: 'helpfulness', description: 'Helps the user act on the weather.', scale: 'likert5', threshold: 0.75 },
      ],
      groundTruth: () => 'Paris: 18°C, cloudy',
      evaluators: [{ type: 'LLMJudge', model, cache: false, rateLimiter: new RateLimiter(), traceJudgeCalls: options.traceJudgeCalls === true }],
    },
  ];
  const processor = new EvaluatingSpanProcessor({ rules, loggerProvider, meterProvider, inlineBudgetMicros: 0 });
  const provider = new TracerProvider({ spanProcessors: [processor, new SimpleSpanProcessor({ exporter: spanExporter })] });
  trace.setGlobalTracerProvider(provider);
  // A user's own global AI SDK instrumentation, which would trace the judge's calls if nothing stopped it.
  registerTelemetry(new OpenTelemetry({ tracer: provider.getTracer('gen_ai'), ...(options.mark === false ? {} : { enrichSpan: markJudgeSpans }) }));
  return { processor, provider, spanExporter, logExporter, reader };
}

afterEach(() => {
  (globalThis as { AI_SDK_TELEMETRY_INTEGRATIONS?: unknown[] }).AI_SDK_TELEMETRY_INTEGRATIONS = [];
  trace.disable();
  context.disable();
});

describe('LLMJudge inside the EvaluatingSpanProcessor', () => {
  it('without a context manager, judge calls are made with AI SDK telemetry off: one evaluation, no judge spans', async () => {
    const model = judgeModel();
    const { processor, provider, spanExporter, logExporter } = setup(model, { suppressed: false });
    await runWeatherAgent({ tracerProvider: provider });
    await processor.forceFlush();
    const spans = spanExporter.getFinishedSpans();
    expect(spans.filter((span) => span.name.startsWith('invoke_agent'))).toHaveLength(1);
    expect(model.seen).toHaveLength(1);
    expect(logExporter.getFinishedLogRecords().filter((record) => record.eventName === 'gen_ai.evaluation.result')).toHaveLength(2);
    await processor.shutdown();
  });

  it('emits one gen_ai.evaluation.result per criterion for the agent span; judge calls are not traced', async () => {
    const model = judgeModel();
    const { processor, provider, spanExporter, logExporter, reader } = setup(model, { suppressed: true });
    await runWeatherAgent({ tracerProvider: provider });
    await processor.forceFlush();

    const spans = spanExporter.getFinishedSpans();
    const agent = spans.filter((span) => span.name.startsWith('invoke_agent'));
    expect(agent).toHaveLength(1);
    expect(spans.some((span) => span.attributes['gen_ai.agent.name'] === 'otel-evals.judge' || span.attributes['otel_evals.judge'] === true)).toBe(false);
    expect(model.seen).toHaveLength(1);
    expect(model.seen[0]?.prompt).toContain(WEATHER_AGENT.answer);
    expect(model.seen[0]?.prompt).toContain('Paris: 18°C, cloudy');

    const events = logExporter.getFinishedLogRecords().filter((record) => record.eventName === 'gen_ai.evaluation.result');
    expect(events.map((event) => event.attributes['gen_ai.evaluation.name']).sort()).toEqual(['correctness', 'helpfulness']);
    const byName = Object.fromEntries(events.map((event) => [event.attributes['gen_ai.evaluation.name'], event]));
    expect(byName.correctness?.attributes).toMatchObject({ 'gen_ai.evaluation.score.value': 1, 'gen_ai.evaluation.score.label': 'pass', 'otel_evals.evaluator.type': 'LLMJudge' });
    expect(byName.correctness?.attributes['gen_ai.evaluation.explanation']).toContain('answer seen');
    expect(byName.helpfulness?.attributes).toMatchObject({ 'gen_ai.evaluation.score.value': 0.25, 'gen_ai.evaluation.score.label': 'fail' });
    expect(byName.helpfulness?.attributes['gen_ai.evaluation.explanation']).toContain('no advice on what to wear');
    for (const event of events) expect(event.spanContext?.spanId).toBe(agent[0]!.spanContext().spanId);

    // Judge token usage reaches the evaluation span and the judge token metric.
    const evaluation = spans.find((span) => span.name === 'evaluation answer-quality');
    expect(evaluation?.attributes).toMatchObject({ 'otel_evals.judge.usage.input_tokens': 120, 'otel_evals.judge.usage.output_tokens': 30 });
    const tokens = await reader.metric('otel_evals.judge.tokens');
    expect((tokens?.dataPoints ?? []).reduce((sum, point) => sum + (point.value as number), 0)).toBe(150);
    await processor.shutdown();
  });

  it('never evaluates the judge spans that unsuppressed instrumentation records (marked otel_evals.judge)', async () => {
    const model = judgeModel();
    const { processor, provider, spanExporter, logExporter } = setup(model, { suppressed: false, traceJudgeCalls: true });
    await runWeatherAgent({ tracerProvider: provider });
    await processor.forceFlush();
    // Give any wrongly queued evaluation of a judge span a chance to run, then flush again.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await processor.forceFlush();

    const spans = spanExporter.getFinishedSpans();
    const judgeSpans = spans.filter((span) => span.attributes['otel_evals.judge'] === true);
    expect(judgeSpans.map((span) => span.name).sort()).toEqual(['chat judge-1', 'invoke_agent judge-1', 'step 1']);
    expect(model.seen).toHaveLength(1);
    expect(spans.filter((span) => span.name.startsWith('evaluation '))).toHaveLength(1);
    expect(logExporter.getFinishedLogRecords().filter((record) => record.eventName === 'gen_ai.evaluation.result')).toHaveLength(2);
    await processor.shutdown();
  });

  it('with traced judge calls left unmarked, their function id still marks them as own spans: never evaluated, one judge call', async () => {
    const model = judgeModel();
    const { processor, provider, spanExporter, logExporter } = setup(model, { suppressed: false, traceJudgeCalls: true, mark: false });
    await runWeatherAgent({ tracerProvider: provider });
    for (let round = 0; round < 3; round += 1) {
      await processor.forceFlush();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(model.seen).toHaveLength(1);
    const judgeAgentSpan = spanExporter.getFinishedSpans().find((span) => span.attributes['gen_ai.agent.name'] === 'otel-evals.judge');
    expect(judgeAgentSpan).toBeDefined();
    expect(judgeAgentSpan?.attributes['otel_evals.judge']).toBeUndefined();
    const events = logExporter.getFinishedLogRecords().filter((record) => record.eventName === 'gen_ai.evaluation.result');
    expect(events.filter((event) => event.spanContext?.spanId === judgeAgentSpan?.spanContext().spanId)).toEqual([]);
    expect(events).toHaveLength(2);
    await processor.shutdown();
  });
});
