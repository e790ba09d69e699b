import { SpanKind, SpanStatusCode, type Tracer } from '@opentelemetry/api';
import {
  ATTR_GEN_AI_OPERATION_NAME,
  ATTR_OTEL_EVALS_EVALUATOR_DURATIONS,
  ATTR_OTEL_EVALS_EVALUATOR_TYPES,
  ATTR_OTEL_EVALS_JUDGE_INPUT_TOKENS,
  ATTR_OTEL_EVALS_JUDGE_OUTPUT_TOKENS,
  ATTR_OTEL_EVALS_RULE,
  GEN_AI_OPERATION_EVALUATION,
} from '../semconv.ts';
import { targetContext, truncateExplanation } from './log-events.ts';
import { writeSpanAttributes } from './span-attributes.ts';
import type { EvaluationRecord } from './types.ts';

/**
 * Records the evaluation as a span `evaluation {rule}`, child of the evaluated span, with the
 * per-criterion attributes, evaluator types and durations, judge token usage, and status ERROR when
 * an evaluator failed.
 */
export function emitEvaluationSpan(tracer: Tracer, record: EvaluationRecord, maxExplanationLength: number): void {
  const span = tracer.startSpan(
    `evaluation ${record.target.rule}`,
    {
      kind: SpanKind.INTERNAL,
      startTime: record.startTimeMs,
      attributes: {
        [ATTR_GEN_AI_OPERATION_NAME]: GEN_AI_OPERATION_EVALUATION,
        [ATTR_OTEL_EVALS_RULE]: record.target.rule,
        [ATTR_OTEL_EVALS_EVALUATOR_TYPES]: record.evaluators.map((e) => e.type),
        [ATTR_OTEL_EVALS_EVALUATOR_DURATIONS]: record.evaluators.map((e) => Math.round(e.durationMs * 1000) / 1000),
      },
    },
    targetContext(record.target),
  );
  writeSpanAttributes(span, record.results);
  const usage = record.judgeUsage;
  if (usage?.inputTokens !== undefined) span.setAttribute(ATTR_OTEL_EVALS_JUDGE_INPUT_TOKENS, usage.inputTokens);
  if (usage?.outputTokens !== undefined) span.setAttribute(ATTR_OTEL_EVALS_JUDGE_OUTPUT_TOKENS, usage.outputTokens);
  const failed = record.results.filter((result) => result.error);
  if (failed.length > 0) {
    const message = failed.map((result) => `${result.criterionName}: ${result.error}`).join('; ');
    span.setStatus({ code: SpanStatusCode.ERROR, message: truncateExplanation(message, maxExplanationLength) });
  }
  span.end(record.startTimeMs + record.durationMs);
}
