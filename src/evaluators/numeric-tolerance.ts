/**
 * `numeric_tolerance`: the number in the response is close to the groundTruth number:
 * |actual - expected| <= max(rel_tol * max(|actual|, |expected|), abs_tol), as Python's math.isclose.
 * The number is read from text ("The answer is 42.0" gives 42; thousands separators allowed).
 * Cost: free. Latency: microseconds. Reference-based: skipped without a numeric reference.
 */
import { z } from 'zod';
import { defineSyncEvaluator } from '../core/define-evaluator.ts';
import { parseOptions } from '../core/options.ts';
import type { EvaluatorDefinition } from '../core/registry.ts';
import { skippedResult } from '../core/results.ts';
import { preview, resolveField, resolveFieldText } from '../core/text.ts';
import type { Evaluator } from '../core/types.ts';

const TYPE = 'numeric_tolerance';
const NUMBER = /[-+]?(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?/g;
const WHOLE_NUMBER = /^[-+]?(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;

/** Options of `numeric_tolerance`. */
export const numericToleranceSchema = z.strictObject({
  /** Criterion the result is reported under (default `numeric_tolerance`). */
  criterionName: z.string().min(1).default(TYPE),
  /** Absolute tolerance (default 0). */
  abs_tol: z.number().min(0).default(0),
  /** Relative tolerance, a fraction of the larger magnitude (default 1e-9). */
  rel_tol: z.number().min(0).default(1e-9),
  /** Which number of the text is the answer when it holds several: `last` (default) or `first`. */
  numberPosition: z.enum(['first', 'last']).default('last'),
  /** Field the number is read from (default `response`). */
  sourceField: z.string().min(1).default('response'),
  /** Field holding the expected number, a number or a numeric string (default `groundTruth`). */
  referenceField: z.string().min(1).default('groundTruth'),
});

/** Options of {@link numericTolerance}, as written in code or files. */
export type NumericToleranceOptions = z.input<typeof numericToleranceSchema>;

/** The first or last number written in a text, or undefined when it holds none. */
export function extractNumber(text: string, position: 'first' | 'last' = 'last'): number | undefined {
  let found: string | undefined;
  for (const match of text.matchAll(NUMBER)) {
    found = match[0];
    if (position === 'first') break;
  }
  return found === undefined ? undefined : Number(found.replaceAll(',', ''));
}

/** A reference value as a number: a finite number, or a string that is one number. */
export function referenceNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (!WHOLE_NUMBER.test(text)) return undefined;
  const parsed = Number(text.replaceAll(',', ''));
  return Number.isFinite(parsed) ? parsed : undefined;
}

/** Scores true when the number in the response is within tolerance of the reference number. */
export function numericTolerance(options: NumericToleranceOptions = {}): Evaluator {
  const opts = parseOptions(numericToleranceSchema, options, TYPE);
  const { criterionName, referenceField, sourceField } = opts;
  return defineSyncEvaluator({
    type: TYPE,
    criterionNames: [criterionName],
    evaluateSync(input) {
      const reference = resolveField(input, referenceField);
      if (reference === undefined || reference === null) return [skippedResult(criterionName, TYPE, `no ${referenceField}`)];
      const expected = referenceNumber(reference);
      if (expected === undefined) return [skippedResult(criterionName, TYPE, `${referenceField} is not a number: ${preview(String(resolveFieldText(input, referenceField)), 40)}`)];
      const text = resolveFieldText(input, sourceField);
      if (text === undefined) return [skippedResult(criterionName, TYPE, `no ${sourceField}`)];
      const actual = extractNumber(text, opts.numberPosition);
      if (actual === undefined || !Number.isFinite(actual)) {
        return [{ criterionName, score: false, evaluatorType: TYPE, reasoning: `No number found in ${sourceField}: "${preview(text, 60)}".`, metadata: { expected } }];
      }
      const difference = Math.abs(actual - expected);
      const tolerance = Math.max(opts.rel_tol * Math.max(Math.abs(actual), Math.abs(expected)), opts.abs_tol);
      const within = difference <= tolerance;
      return [{
        criterionName,
        score: within,
        evaluatorType: TYPE,
        reasoning: `${actual} is ${within ? 'within' : 'outside'} tolerance of ${expected}: |difference| ${difference} ${within ? '<=' : '>'} ${tolerance} (abs_tol ${opts.abs_tol}, rel_tol ${opts.rel_tol}).`,
        metadata: { expected, actual, difference, tolerance },
      }];
    },
  });
}

/** Registry entry of `numeric_tolerance`. */
export const numericToleranceDefinition: EvaluatorDefinition<z.output<typeof numericToleranceSchema>> = {
  type: TYPE,
  schema: numericToleranceSchema,
  factory: (options) => numericTolerance(options),
  description: 'The number in the response is within abs_tol / rel_tol of the groundTruth number.',
  cost: 'free',
  latency: 'microseconds',
};
