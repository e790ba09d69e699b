import { afterEach, describe, expect, it } from 'vitest';
import { SpanStatusCode } from '@opentelemetry/api';
import { createEmitter } from '../../src/emit/emitter.ts';
import { writeSpanAttributes } from '../../src/emit/span-attributes.ts';
import type { EvaluationRecord } from '../../src/emit/types.ts';
import { memoryTelemetry, type MemoryTelemetry } from '../helpers/otel-memory.ts';

const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
const SPAN_ID = 'b7ad6b7169203331';

function record(overrides: Partial<EvaluationRecord> = {}): EvaluationRecord {
  return {
    target: { traceId: TRACE_ID, spanId: SPAN_ID, traceFlags: 1, rule: 'final-answer', operation: 'invoke_agent', model: 'gpt-4o', provider: 'openai', agentName: 'weather', responseId: 'resp-1' },
    results: [
      { criterionName: 'Helpfulness (1-5)', score: 4, normalizedScore: 0.75, passed: true, label: 'pass', evaluatorType: 'LLMJudge', reasoning: 'Answers the question.' },
      { criterionName: 'Mentions city', score: false, normalizedScore: 0, passed: false, label: 'fail', evaluatorType: 'RuleBased', reasoning: 'x'.repeat(5000) },
      { criterionName: 'Similarity', score: null, normalizedScore: null, label: 'skipped', evaluatorType: 'LexicalSimilarity', reasoning: 'skipped: no groundTruth' },
      { criterionName: 'Tone', score: null, normalizedScore: null, error: 'judge timed out', label: 'error', evaluatorType: 'LLMJudge', metadata: { errorType: 'timeout' } },
    ],
    startTimeMs: Date.now() - 20,
    durationMs: 12.5,
    evaluators: [{ type: 'LLMJudge', durationMs: 12 }, { type: 'RuleBased', durationMs: 0.01 }],
    judgeUsage: { inputTokens: 300, outputTokens: 40 },
    criteria: [{ name: 'Helpfulness (1-5)', description: '', scale: 'likert5', threshold: 0.5 }],
    ...overrides,
  };
}

describe('createEmitter', () => {
  let telemetry: MemoryTelemetry;
  afterEach(async () => telemetry?.shutdown());

  it('emits one gen_ai.evaluation.result event per result in the evaluated span context', async () => {
    telemetry = memoryTelemetry();
    const emitter = createEmitter(telemetry.providers);
    emitter.emit(record());
    const logs = telemetry.logs();
    expect(logs).toHaveLength(4);
    for (const log of logs) {
      expect(log.eventName).toBe('gen_ai.evaluation.result');
      expect(log.spanContext?.traceId).toBe(TRACE_ID);
      expect(log.spanContext?.spanId).toBe(SPAN_ID);
      expect(log.instrumentationScope.name).toBe('otel-evals');
    }
    expect(logs[0]?.attributes).toMatchObject({
      'gen_ai.evaluation.name': 'Helpfulness (1-5)',
      'gen_ai.evaluation.score.value': 0.75,
      'gen_ai.evaluation.score.label': 'pass',
      'gen_ai.evaluation.explanation': 'Answers the question.',
      'gen_ai.response.id': 'resp-1',
      'otel_evals.rule': 'final-answer',
      'otel_evals.evaluator.type': 'LLMJudge',
      'otel_evals.score.raw': 4,
      'otel_evals.threshold': 0.5,
      'otel_evals.passed': true,
    });
    expect(String(logs[1]?.attributes['gen_ai.evaluation.explanation'])).toHaveLength(1024);
    expect(logs[1]?.attributes['otel_evals.threshold']).toBe(0.75);
    expect(logs[2]?.attributes['gen_ai.evaluation.score.label']).toBe('skipped');
    expect(logs[2]?.attributes['gen_ai.evaluation.score.value']).toBeUndefined();
    expect(logs[3]?.attributes).toMatchObject({ 'error.type': 'timeout', 'gen_ai.evaluation.score.label': 'error' });
  });

  it('records an evaluation span as a child of the evaluated span, ERROR when an evaluator failed', () => {
    telemetry = memoryTelemetry();
    createEmitter(telemetry.providers).emit(record());
    const [span] = telemetry.spans();
    expect(span?.name).toBe('evaluation final-answer');
    expect(span?.spanContext().traceId).toBe(TRACE_ID);
    expect(span?.parentSpanContext?.spanId).toBe(SPAN_ID);
    expect(span?.status.code).toBe(SpanStatusCode.ERROR);
    expect(span?.attributes).toMatchObject({
      'gen_ai.operation.name': 'evaluation',
      'gen_ai.evaluation.helpfulness__1_5_.score.value': 0.75,
      'gen_ai.evaluation.mentions_city.passed': false,
      'gen_ai.evaluation.similarity.score.label': 'skipped',
      'otel_evals.evaluator.types': ['LLMJudge', 'RuleBased'],
      'otel_evals.judge.usage.input_tokens': 300,
    });
  });

  it('records score, result, duration, token and pipeline metrics with allowlisted attributes only', async () => {
    telemetry = memoryTelemetry();
    const emitter = createEmitter(telemetry.providers);
    emitter.observeQueueSize(() => 7);
    emitter.emit(record());
    emitter.recordDropped('queue_full', 3);
    emitter.recordSkipped('unknown_shape');
    const metrics = await telemetry.collectMetrics();
    const byName = new Map(metrics.map((m) => [m.descriptor.name, m]));
    const score = byName.get('gen_ai.evaluation.score');
    expect(score?.descriptor.unit).toBe('1');
    expect(score?.dataPoints).toHaveLength(2);
    const results = byName.get('gen_ai.evaluation.results');
    expect(results?.dataPoints.reduce((sum, p) => sum + Number(p.value), 0)).toBe(4);
    const attributeKeys = new Set(results?.dataPoints.flatMap((p) => Object.keys(p.attributes)));
    expect([...attributeKeys].sort()).toEqual([
      'gen_ai.agent.name', 'gen_ai.evaluation.name', 'gen_ai.evaluation.score.label', 'gen_ai.operation.name',
      'gen_ai.provider.name', 'gen_ai.request.model', 'otel_evals.evaluator.type', 'otel_evals.passed', 'otel_evals.rule',
    ]);
    expect(byName.get('gen_ai.evaluation.duration')?.descriptor.unit).toBe('s');
    expect(byName.get('otel_evals.judge.tokens')?.dataPoints.map((p) => p.value).sort()).toEqual([300, 40].sort());
    expect(byName.get('otel_evals.queue.size')?.dataPoints[0]?.value).toBe(7);
    expect(byName.get('otel_evals.spans.dropped')?.dataPoints[0]).toMatchObject({ value: 3, attributes: { reason: 'queue_full' } });
    const skipped = byName.get('otel_evals.spans.skipped')?.dataPoints.map((p) => [p.attributes.reason, p.value]);
    expect(skipped).toEqual(expect.arrayContaining([['unknown_shape', 1], ['not_applicable', 1]]));
    expect(byName.get('otel_evals.evaluations.errors')?.dataPoints[0]?.attributes).toMatchObject({ 'error.type': 'timeout' });
  });

  it('honours the emit switches and never throws when a provider fails', () => {
    telemetry = memoryTelemetry();
    const broken = { getLogger: () => ({ emit: () => { throw new Error('exporter down'); } }) };
    const emitter = createEmitter({ ...telemetry.providers, loggerProvider: broken, evaluationSpans: false });
    expect(() => emitter.emit(record())).not.toThrow();
    expect(telemetry.spans()).toHaveLength(0);
  });

  it('caps distinct label values so free-text labels cannot explode series', async () => {
    telemetry = memoryTelemetry();
    const emitter = createEmitter(telemetry.providers);
    for (let i = 0; i < 150; i++) {
      emitter.emit(record({ results: [{ criterionName: 'c', score: 'x', normalizedScore: null, label: `label-${i}`, evaluatorType: 'Custom' }], evaluators: [] }));
    }
    const metrics = await telemetry.collectMetrics();
    const labels = new Set(metrics.find((m) => m.descriptor.name === 'gen_ai.evaluation.results')?.dataPoints.map((p) => p.attributes['gen_ai.evaluation.score.label']));
    expect(labels.size).toBe(101);
    expect(labels.has('_OTHER')).toBe(true);
  });
});

describe('writeSpanAttributes', () => {
  it('writes score value, label and passed per criterion under the sanitized name', () => {
    const written: Record<string, unknown> = {};
    writeSpanAttributes({ setAttribute: (k, v) => (written[k] = v) }, [
      { criterionName: 'Final Answer', score: true, normalizedScore: 1, passed: true, label: 'pass', evaluatorType: 'RuleBased' },
      { criterionName: 'sentiment', score: 'positive', normalizedScore: null, label: 'positive', evaluatorType: 'Sentiment' },
    ]);
    expect(written).toEqual({
      'gen_ai.evaluation.final_answer.score.value': 1,
      'gen_ai.evaluation.final_answer.score.label': 'pass',
      'gen_ai.evaluation.final_answer.passed': true,
      'gen_ai.evaluation.sentiment.score.label': 'positive',
    });
  });
});
