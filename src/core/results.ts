import type { EvaluationResult } from './types.ts';

/** A result that was not scored (`score: null`), with the reason; never counted as 0. */
export function skippedResult(criterionName: string, evaluatorType: string, reason: string, metadata?: Record<string, unknown>): EvaluationResult {
  const result: EvaluationResult = { criterionName, score: null, reasoning: `skipped: ${reason}`, evaluatorType, label: 'skipped' };
  if (metadata) result.metadata = metadata;
  return result;
}

/** A failed result with its error message and low-cardinality error type. */
export function errorResult(criterionName: string, evaluatorType: string, message: string, errorType = 'evaluator_error'): EvaluationResult {
  return {
    criterionName,
    score: null,
    evaluatorType,
    error: message,
    label: 'error',
    reasoning: `error: ${message}`,
    metadata: { errorType },
  };
}

/** Whether a result was skipped rather than scored or failed. */
export function isSkipped(result: EvaluationResult): boolean {
  return result.score === null && !result.error;
}
