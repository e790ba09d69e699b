/**
 * `mockEvaluator`: an Evaluator that records its calls and answers with fixed or computed results,
 * optionally after a delay, to test code that runs evaluations.
 */
import type { EvaluationCriteria, EvaluationInput, EvaluationResult, Evaluator } from '../core/types.ts';
import { delay } from './delay.ts';

/** Options of {@link mockEvaluator}. */
export interface MockEvaluatorOptions {
  /** Evaluator type (default `Mock`). */
  type?: string;
  /** Results to return, or a function computing them. */
  results?: EvaluationResult[] | ((input: EvaluationInput, criteria: EvaluationCriteria[]) => EvaluationResult[] | Promise<EvaluationResult[]>);
  /** Criteria it reports on, so failures are attributed. */
  criterionNames?: string[];
  /** Delay before answering, in milliseconds (cut short, with a rejection, when the runner's signal aborts). */
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
    async evaluate(input, criteria, evaluateOptions) {
      calls.push({ input, criteria });
      // A runner's timeout aborts the signal and ends the wait, as it would cancel real work.
      if (options.delayMillis) await delay(options.delayMillis, evaluateOptions?.signal);
      const { results } = options;
      if (typeof results === 'function') return results(input, criteria);
      return (results ?? []).map((result) => ({ ...result }));
    },
  };
}
