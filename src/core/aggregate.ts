import type { EvaluationCriteria, EvaluationResult } from './types.ts';

/** The overall score of a set of finalized results, and whether it met the threshold. */
export interface Aggregate {
  overallScore?: number;
  passed?: boolean;
}

/**
 * Weighted mean of normalized scores: sum(w_i * s_i) / sum(w_i), with w_i the criterion's weight
 * (default 1). Errors, skipped and non-numeric results are excluded; absent when nothing is numeric
 * or every weight is 0.
 */
export function aggregateResults(results: readonly EvaluationResult[], criteria: ReadonlyMap<string, EvaluationCriteria>, threshold: number): Aggregate {
  let weighted = 0;
  let totalWeight = 0;
  for (const result of results) {
    const score = result.normalizedScore;
    if (result.error || typeof score !== 'number') continue;
    const weight = criteria.get(result.criterionName)?.weight ?? 1;
    if (!(weight > 0)) continue;
    weighted += weight * score;
    totalWeight += weight;
  }
  if (totalWeight === 0) return {};
  const overallScore = weighted / totalWeight;
  return { overallScore, passed: overallScore >= threshold };
}
