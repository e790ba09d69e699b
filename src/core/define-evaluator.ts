import type { EvaluationCriteria, EvaluationInput, EvaluationResult, Evaluator } from './types.ts';

/** What a synchronous evaluator provides. */
export interface SyncEvaluatorSpec {
  /** Evaluator type string. */
  type: string;
  /** Criteria it reports on. */
  criterionNames: readonly string[];
  /** Scores an input synchronously. */
  evaluateSync(input: EvaluationInput, criteria: EvaluationCriteria[]): EvaluationResult[];
}

/**
 * Builds an Evaluator from a synchronous scoring function: `evaluate` wraps it in a promise and
 * `evaluateSync` stays available for inline (span processor `onEnding`) use.
 */
export function defineSyncEvaluator(spec: SyncEvaluatorSpec): Evaluator {
  const { type, criterionNames, evaluateSync } = spec;
  return {
    type,
    criterionNames,
    evaluateSync,
    evaluate(input, criteria) {
      try {
        return Promise.resolve(evaluateSync(input, criteria));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
  };
}
