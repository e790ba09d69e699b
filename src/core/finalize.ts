import { normalizeScore } from './normalize.ts';
import type { EvaluationCriteria, EvaluationResult } from './types.ts';

/** Default threshold on normalized scores, per criterion without its own and for the overall score. */
export const DEFAULT_THRESHOLD = 0.75;

/** Indexes criteria by name. */
export function criteriaByName(criteria: readonly EvaluationCriteria[] | undefined): Map<string, EvaluationCriteria> {
  const map = new Map<string, EvaluationCriteria>();
  for (const criterion of criteria ?? []) map.set(criterion.name, criterion);
  return map;
}

/**
 * Completes a result in place: `normalizedScore` with the shared normalization (an evaluator's own
 * normalizedScore is kept for criteria the input does not declare), `passed` from the
 * criterion's threshold (else an evaluator's own threshold verdict, else the run threshold) and a
 * low-cardinality `label` (`error`, `skipped`, a categorical label, or `pass`/`fail`).
 */
export function finalizeResult(result: EvaluationResult, criterion: EvaluationCriteria | undefined, runThreshold = DEFAULT_THRESHOLD): EvaluationResult {
  if (result.error) {
    result.normalizedScore = null;
    result.passed = undefined;
    result.label = 'error';
    return result;
  }
  // A criterion the evaluator owns (a judge rubric, a template's criteria) is not in the input's list:
  // the evaluator knows its scale, so the normalized score it set is kept.
  const normalized = criterion === undefined && typeof result.normalizedScore === 'number' ? result.normalizedScore : normalizeScore(result.score, criterion);
  result.normalizedScore = normalized;
  if (normalized === null) {
    if (result.score === null) result.label = 'skipped';
    return result;
  }
  if (criterion?.threshold !== undefined) result.passed = normalized >= criterion.threshold;
  else if (result.passed === undefined) result.passed = normalized >= runThreshold;
  if (result.label === undefined || result.label === 'pass' || result.label === 'fail') result.label = result.passed ? 'pass' : 'fail';
  return result;
}

/** The threshold a result was judged against, for reporting. */
export function thresholdFor(criterion: EvaluationCriteria | undefined, runThreshold = DEFAULT_THRESHOLD): number {
  return criterion?.threshold ?? runThreshold;
}
