import type { Counter, Histogram, Meter } from '@opentelemetry/api';
import {
  ATTR_ERROR_TYPE,
  ATTR_GEN_AI_AGENT_NAME,
  ATTR_GEN_AI_EVALUATION_NAME,
  ATTR_GEN_AI_EVALUATION_SCORE_LABEL,
  ATTR_GEN_AI_OPERATION_NAME,
  ATTR_GEN_AI_PROVIDER_NAME,
  ATTR_GEN_AI_REQUEST_MODEL,
  ATTR_GEN_AI_TOKEN_TYPE,
  ATTR_OTEL_EVALS_EVALUATOR_TYPE,
  ATTR_OTEL_EVALS_PASSED,
  ATTR_OTEL_EVALS_REASON,
  ATTR_OTEL_EVALS_RULE,
  DURATION_BUCKETS,
  METRIC_GEN_AI_EVALUATION_DURATION,
  METRIC_GEN_AI_EVALUATION_RESULTS,
  METRIC_GEN_AI_EVALUATION_SCORE,
  METRIC_OTEL_EVALS_EVALUATION_ERRORS,
  METRIC_OTEL_EVALS_JUDGE_TOKENS,
  METRIC_OTEL_EVALS_QUEUE_SIZE,
  METRIC_OTEL_EVALS_SPANS_DROPPED,
  METRIC_OTEL_EVALS_SPANS_SKIPPED,
  SCORE_BUCKETS,
} from '../semconv.ts';
import { MetricAttributeGuard } from './metric-attributes.ts';
import { resultErrorType } from './log-events.ts';
import { emittedScoreValue, resultLabel } from './span-attributes.ts';
import type { EvaluationResult } from '../core/types.ts';
import type { EvaluationRecord } from './types.ts';

/** Reason of a skipped result: its `metadata.reason` (`budget_exceeded`, `judge_span`, ...) or `not_applicable`. */
function skipReason(result: EvaluationResult): string {
  const reason = result.metadata?.reason;
  return typeof reason === 'string' && reason !== '' ? reason : 'not_applicable';
}

/** The instruments otel-evals records, created once per emitter. */
export class EvaluationMetrics {
  private readonly score: Histogram;
  private readonly results: Counter;
  private readonly duration: Histogram;
  private readonly judgeTokens: Counter;
  private readonly dropped: Counter;
  private readonly skipped: Counter;
  private readonly errors: Counter;
  private readonly guard = new MetricAttributeGuard();
  private queueSize: (() => number) | undefined;

  constructor(meter: Meter) {
    this.score = meter.createHistogram(METRIC_GEN_AI_EVALUATION_SCORE, {
      unit: '1',
      description: 'Normalized evaluation scores (0..1) per criterion.',
      advice: { explicitBucketBoundaries: [...SCORE_BUCKETS] },
    });
    this.results = meter.createCounter(METRIC_GEN_AI_EVALUATION_RESULTS, { unit: '{result}', description: 'Evaluation results by criterion, label and passed.' });
    this.duration = meter.createHistogram(METRIC_GEN_AI_EVALUATION_DURATION, {
      unit: 's',
      description: 'Wall time of each evaluator run.',
      advice: { explicitBucketBoundaries: [...DURATION_BUCKETS] },
    });
    this.judgeTokens = meter.createCounter(METRIC_OTEL_EVALS_JUDGE_TOKENS, { unit: '{token}', description: 'Tokens used by judge calls.' });
    this.dropped = meter.createCounter(METRIC_OTEL_EVALS_SPANS_DROPPED, { unit: '{span}', description: 'Matched spans dropped without evaluation, by reason.' });
    this.skipped = meter.createCounter(METRIC_OTEL_EVALS_SPANS_SKIPPED, { unit: '{span}', description: 'Spans or results skipped, by reason.' });
    this.errors = meter.createCounter(METRIC_OTEL_EVALS_EVALUATION_ERRORS, { unit: '{error}', description: 'Failed evaluations, by error type.' });
    meter
      .createObservableGauge(METRIC_OTEL_EVALS_QUEUE_SIZE, { unit: '{evaluation}', description: 'Evaluations waiting in the queue.' })
      .addCallback((result) => {
        if (this.queueSize) result.observe(this.queueSize());
      });
  }

  /** Records scores, result counts, evaluator durations and judge tokens of one evaluation. */
  record(record: EvaluationRecord): void {
    const { target } = record;
    const common = {
      [ATTR_OTEL_EVALS_RULE]: target.rule,
      [ATTR_GEN_AI_OPERATION_NAME]: target.operation,
      [ATTR_GEN_AI_REQUEST_MODEL]: target.model,
      [ATTR_GEN_AI_PROVIDER_NAME]: target.provider,
      [ATTR_GEN_AI_AGENT_NAME]: target.agentName,
    };
    for (const result of record.results) {
      const attributes = this.guard.filter({
        ...common,
        [ATTR_GEN_AI_EVALUATION_NAME]: result.criterionName,
        [ATTR_OTEL_EVALS_EVALUATOR_TYPE]: result.evaluatorType,
      });
      const value = emittedScoreValue(result);
      if (typeof result.normalizedScore === 'number' && value !== undefined) this.score.record(value, attributes);
      const labelled = this.guard.filter({ [ATTR_GEN_AI_EVALUATION_SCORE_LABEL]: resultLabel(result), [ATTR_OTEL_EVALS_PASSED]: result.passed });
      this.results.add(1, { ...attributes, ...labelled });
      if (result.error) this.errors.add(1, this.guard.filter({ [ATTR_ERROR_TYPE]: resultErrorType(result), [ATTR_OTEL_EVALS_RULE]: target.rule }));
      else if (result.score === null) this.skipped.add(1, this.guard.filter({ [ATTR_OTEL_EVALS_REASON]: skipReason(result) }));
    }
    for (const timing of record.evaluators) {
      this.duration.record(timing.durationMs / 1000, this.guard.filter({ ...common, [ATTR_OTEL_EVALS_EVALUATOR_TYPE]: timing.type }));
    }
    const usage = record.judgeUsage;
    if (usage?.inputTokens) this.judgeTokens.add(usage.inputTokens, this.guard.filter({ ...common, [ATTR_GEN_AI_TOKEN_TYPE]: 'input' }));
    if (usage?.outputTokens) this.judgeTokens.add(usage.outputTokens, this.guard.filter({ ...common, [ATTR_GEN_AI_TOKEN_TYPE]: 'output' }));
  }

  /** Counts dropped spans by reason. */
  recordDropped(reason: string, count: number): void {
    this.dropped.add(count, this.guard.filter({ [ATTR_OTEL_EVALS_REASON]: reason }));
  }

  /** Counts skipped spans or results by reason. */
  recordSkipped(reason: string, count: number): void {
    this.skipped.add(count, this.guard.filter({ [ATTR_OTEL_EVALS_REASON]: reason }));
  }

  /** Counts failed evaluations by error type. */
  recordError(errorType: string, count: number): void {
    this.errors.add(count, this.guard.filter({ [ATTR_ERROR_TYPE]: errorType }));
  }

  /** Sets the callback the queue-size gauge observes. */
  observeQueueSize(callback: () => number): void {
    this.queueSize = callback;
  }
}
