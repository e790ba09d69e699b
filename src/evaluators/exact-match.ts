/**
 * `exact_match` and `case_insensitive_match`: the response equals the groundTruth.
 * Cost: free. Latency: microseconds. Reference-based: without a groundTruth the result is skipped.
 */
import { z } from 'zod';
import { defineSyncEvaluator } from '../core/define-evaluator.ts';
import { parseOptions } from '../core/options.ts';
import type { EvaluatorDefinition } from '../core/registry.ts';
import { skippedResult } from '../core/results.ts';
import { collapseWhitespace, preview, resolveFieldText } from '../core/text.ts';
import type { Evaluator } from '../core/types.ts';

/** Options of `exact_match` and `case_insensitive_match`. */
export const exactMatchSchema = z.strictObject({
  /** Criterion the result is reported under. */
  criterionName: z.string().min(1).default('exact_match'),
  /** Field compared with the reference (default `response`). */
  sourceField: z.string().min(1).default('response'),
  /** Field holding the reference (default `groundTruth`). */
  referenceField: z.string().min(1).default('groundTruth'),
  /** Compare case-sensitively (default true; `case_insensitive_match` sets false). */
  caseSensitive: z.boolean().default(true),
  /** Trim and collapse whitespace before comparing (default true). */
  normalizeWhitespace: z.boolean().default(true),
});

/** Options of {@link exactMatch}, as written in code or files. */
export type ExactMatchOptions = z.input<typeof exactMatchSchema>;

/** Scores true when the source text equals the reference text. */
export function exactMatch(options: ExactMatchOptions = {}, type = 'exact_match'): Evaluator {
  const opts = parseOptions(exactMatchSchema, options, type);
  const prepare = (text: string): string => {
    const spaced = opts.normalizeWhitespace ? collapseWhitespace(text) : text;
    return opts.caseSensitive ? spaced : spaced.toLowerCase();
  };
  return defineSyncEvaluator({
    type,
    criterionNames: [opts.criterionName],
    evaluateSync(input) {
      const reference = resolveFieldText(input, opts.referenceField);
      if (reference === undefined) return [skippedResult(opts.criterionName, type, `no ${opts.referenceField}`)];
      const source = resolveFieldText(input, opts.sourceField) ?? '';
      const equal = prepare(source) === prepare(reference);
      return [{
        criterionName: opts.criterionName,
        score: equal,
        evaluatorType: type,
        reasoning: `${opts.sourceField} ${equal ? 'equals' : 'differs from'} ${opts.referenceField}${opts.caseSensitive ? '' : ' (case-insensitive)'}: "${preview(source, 80)}" vs "${preview(reference, 80)}".`,
      }];
    },
  });
}

/** Registry entry of `exact_match`. */
export const exactMatchDefinition: EvaluatorDefinition<z.output<typeof exactMatchSchema>> = {
  type: 'exact_match',
  schema: exactMatchSchema,
  factory: (options) => exactMatch(options, 'exact_match'),
  description: 'Response equals groundTruth exactly (whitespace normalized).',
  cost: 'free',
  latency: 'microseconds',
};

/** Registry entry of `case_insensitive_match`. */
export const caseInsensitiveMatchDefinition: EvaluatorDefinition<z.output<typeof exactMatchSchema>> = {
  type: 'case_insensitive_match',
  schema: exactMatchSchema.extend({ caseSensitive: z.boolean().default(false), criterionName: z.string().min(1).default('case_insensitive_match') }),
  factory: (options) => exactMatch(options, 'case_insensitive_match'),
  description: 'Response equals groundTruth ignoring case.',
  cost: 'free',
  latency: 'microseconds',
};
