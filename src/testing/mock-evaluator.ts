/**
 * `mockEvaluator`: an Evaluator that records its calls and answers with fixed or computed results,
 * optionally after a delay, to test code that runs evaluations.
 */
import type { EvaluationCriteria, EvaluationInput, EvaluationResult, Evaluator } from '../core/types.ts';

/** Options of {@link mockEvaluator}. */
export interface MockEvaluatorOptions {
  /** Evaluator type (default `Mock`). */
  type?: string;
  /** Results to return, or a function computing them. */
  results?: EvaluationResult[] | ((input: EvaluationInput, criteria: EvaluationCriteria[]) => EvaluationResult[] | Promise<EvaluationResult[]>);
  /** Criteria it reports on, so failures are attributed. */
  criterionNames?: string[];
  /** Delay before answering, in milliseconds. */
  delayMillis?: number;
}

/** An evaluator that records every call. */
export interface MockEvaluator extends Evaluator {
  /** Every call received, in order. */
  readonly calls: Array<{ input: EvaluationInput; criteria: EvaluationCriteria[] }>;
}

/** Builds an evaluator that records its calls and answers with the given results. */
export function mockEvaluator(options: MockEvaluatorOptions = {}): MockEvaluator {
  const calls: MockEvaluator['calls'] = [];
  const type = options.type ?? 'Mock';
  return {
    type,
    calls,
    criterionNames: options.criterionNames ?? [],
    async evaluate(input, criteria) {
      calls.push({ input, criteria });
      if (options.delayMillis) await new Promise((resolve) => setTimeout(resolve, options.delayMillis));
      const { results } = options;
      if (typeof results === 'function') return results(input, criteria);
      return (results ?? []).map((result) => ({ ...result }));
    },
  };
}
