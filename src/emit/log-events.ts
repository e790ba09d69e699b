import { ROOT_CONTEXT, trace, type Attributes, type Context } from '@opentelemetry/api';
import { thresholdFor } from '../core/finalize.ts';
import type { EvaluationCriteria, EvaluationResult } from '../core/types.ts';
import {
  ATTR_ERROR_TYPE,
  ATTR_GEN_AI_AGENT_NAME,
  ATTR_GEN_AI_EVALUATION_EXPLANATION,
  ATTR_GEN_AI_EVALUATION_NAME,
  ATTR_GEN_AI_EVALUATION_SCORE_LABEL,
  ATTR_GEN_AI_EVALUATION_SCORE_VALUE,
  ATTR_GEN_AI_OPERATION_NAME,
  ATTR_GEN_AI_PROVIDER_NAME,
  ATTR_GEN_AI_REQUEST_MODEL,
  ATTR_GEN_AI_RESPONSE_ID,
  ATTR_OTEL_EVALS_EVALUATOR_TYPE,
  ATTR_OTEL_EVALS_PASSED,
  ATTR_OTEL_EVALS_RULE,
  ATTR_OTEL_EVALS_SCORE_RAW,
  ATTR_OTEL_EVALS_THRESHOLD,
  EVENT_GEN_AI_EVALUATION_RESULT,
} from '../semconv.ts';
import { emittedScoreValue, resultLabel } from './span-attributes.ts';
import type { EvaluatedTarget, EvaluationRecord, LoggerLike } from './types.ts';

const SEVERITY_INFO = 9;
const SEVERITY_WARN = 13;

/** A context carrying the evaluated span, so records and child spans get its trace and span id. */
export function targetContext(target: EvaluatedTarget): Context {
  return trace.setSpanContext(ROOT_CONTEXT, { traceId: target.traceId, spanId: target.spanId, traceFlags: target.traceFlags, isRemote: false });
}

/** Cuts an explanation to `max` characters, marking the cut. */
export function truncateExplanation(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, Math.max(0, max - 3))}...` : text;
}

/** The low-cardinality error type of a failed result (`_OTHER` when unknown). */
export function resultErrorType(result: EvaluationResult): string {
  const type = result.metadata?.errorType;
  return typeof type === 'string' && type !== '' ? type : '_OTHER';
}

/**
 * Emits one `gen_ai.evaluation.result` LogRecord per criterion result, in the evaluated span's context
 * so the record carries its trace and span id.
 */
export function emitResultEvents(logger: LoggerLike, record: EvaluationRecord, maxExplanationLength: number): void {
  const context = targetContext(record.target);
  const criteria = new Map<string, EvaluationCriteria>((record.criteria ?? []).map((c) => [c.name, c]));
  const timestamp = record.startTimeMs + record.durationMs;
  for (const result of record.results) {
    logger.emit({
      eventName: EVENT_GEN_AI_EVALUATION_RESULT,
      timestamp,
      severityNumber: result.error ? SEVERITY_WARN : SEVERITY_INFO,
      severityText: result.error ? 'WARN' : 'INFO',
      attributes: eventAttributes(record, result, criteria.get(result.criterionName), maxExplanationLength),
      context,
    });
  }
}

function eventAttributes(record: EvaluationRecord, result: EvaluationResult, criterion: EvaluationCriteria | undefined, maxLength: number): Attributes {
  const { target } = record;
  const attributes: Attributes = {
    [ATTR_GEN_AI_EVALUATION_NAME]: result.criterionName,
    [ATTR_OTEL_EVALS_RULE]: target.rule,
    [ATTR_OTEL_EVALS_EVALUATOR_TYPE]: result.evaluatorType,
  };
  const value = emittedScoreValue(result);
  if (value !== undefined) attributes[ATTR_GEN_AI_EVALUATION_SCORE_VALUE] = value;
  const label = resultLabel(result);
  if (label !== undefined) attributes[ATTR_GEN_AI_EVALUATION_SCORE_LABEL] = label;
  const explanation = result.error ?? result.reasoning;
  if (explanation) attributes[ATTR_GEN_AI_EVALUATION_EXPLANATION] = truncateExplanation(explanation, maxLength);
  if (target.responseId) attributes[ATTR_GEN_AI_RESPONSE_ID] = target.responseId;
  if (result.error) attributes[ATTR_ERROR_TYPE] = resultErrorType(result);
  if (result.score !== null && result.score !== undefined) attributes[ATTR_OTEL_EVALS_SCORE_RAW] = result.score;
  if (result.passed !== undefined) {
    attributes[ATTR_OTEL_EVALS_PASSED] = result.passed;
    attributes[ATTR_OTEL_EVALS_THRESHOLD] = thresholdFor(criterion, record.threshold);
  }
  if (target.operation) attributes[ATTR_GEN_AI_OPERATION_NAME] = target.operation;
  if (target.model) attributes[ATTR_GEN_AI_REQUEST_MODEL] = target.model;
  if (target.provider) attributes[ATTR_GEN_AI_PROVIDER_NAME] = target.provider;
  if (target.agentName) attributes[ATTR_GEN_AI_AGENT_NAME] = target.agentName;
  return attributes;
}
