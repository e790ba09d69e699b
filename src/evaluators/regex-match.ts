/**
 * `regex_match`: every pattern must match the response. Patterns come from the config (`patterns`,
 * compiled once) or from the groundTruth of each input (a pattern, an array of patterns, or
 * `{ patterns: [...] }`). Matched and unmatched patterns are reported in metadata.
 * Cost: free. Latency: microseconds. Reference-based: skipped without patterns.
 */
import { z } from 'zod';
import { defineSyncEvaluator } from '../core/define-evaluator.ts';
import { parseOptions } from '../core/options.ts';
import type { EvaluatorDefinition } from '../core/registry.ts';
import { errorResult, skippedResult } from '../core/results.ts';
import { resolveField, resolveFieldText } from '../core/text.ts';
import type { EvaluationInput, EvaluationResult, Evaluator } from '../core/types.ts';
import { isJsonObject } from './json/schema.ts';
import { compilePattern, patternProblem } from './regex.ts';

const TYPE = 'regex_match';
const MAX_CACHED_PATTERNS = 1_000;

/** Options of `regex_match`. */
export const regexMatchSchema = z
  .strictObject({
    /** Criterion the result is reported under (default `regex_match`). */
    criterionName: z.string().min(1).default(TYPE),
    /** Patterns that must all match; when absent they are read from the reference field. */
    patterns: z.array(z.string()).min(1).optional(),
    /** Flags applied to every pattern, e.g. `i` or `ms` (`g` and `y` are ignored). */
    flags: z.string().default(''),
    /** Field the patterns are matched against (default `response`). */
    sourceField: z.string().min(1).default('response'),
    /** Field holding the patterns when `patterns` is not set (default `groundTruth`). */
    referenceField: z.string().min(1).default('groundTruth'),
  })
  .superRefine((options, ctx) => {
    const flagProblem = patternProblem('', options.flags);
    if (flagProblem) ctx.addIssue({ code: 'custom', path: ['flags'], message: flagProblem.message, params: { fix: flagProblem.fix } });
    else {
      options.patterns?.forEach((pattern, index) => {
        const problem = patternProblem(pattern, options.flags);
        if (problem) ctx.addIssue({ code: 'custom', path: ['patterns', index], message: problem.message, params: { fix: problem.fix } });
      });
    }
  });

/** Options of {@link regexMatch}, as written in code or files. */
export type RegexMatchOptions = z.input<typeof regexMatchSchema>;

interface Pattern {
  source: string;
  regex: RegExp;
}

/** Reads patterns from a reference value: a string, an array of strings, or `{ patterns: [...] }`. */
export function referencePatterns(value: unknown): string[] | undefined {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string')) return value as string[];
  if (isJsonObject(value)) return referencePatterns(value.patterns);
  return undefined;
}

/** Scores true when every pattern matches the response; matched patterns in `metadata.matchedPatterns`. */
export function regexMatch(options: RegexMatchOptions = {}): Evaluator {
  const opts = parseOptions(regexMatchSchema, options, TYPE);
  const cache = new Map<string, RegExp>();
  const compile = (source: string): Pattern => {
    let regex = cache.get(source);
    if (!regex) {
      if (cache.size >= MAX_CACHED_PATTERNS) cache.clear();
      regex = compilePattern(source, opts.flags);
      cache.set(source, regex);
    }
    return { source, regex };
  };
  const fixed = opts.patterns?.map(compile);
  const patternsOf = (input: EvaluationInput): Pattern[] | EvaluationResult => {
    if (fixed) return fixed;
    const value = resolveField(input, opts.referenceField);
    if (value === undefined || value === null) return skippedResult(opts.criterionName, TYPE, `no ${opts.referenceField}`);
    const sources = referencePatterns(value);
    if (!sources) return skippedResult(opts.criterionName, TYPE, `${opts.referenceField} holds no patterns (expected a pattern, an array of patterns or { patterns: [...] })`);
    for (const source of sources) {
      const problem = patternProblem(source, opts.flags);
      if (problem) return errorResult(opts.criterionName, TYPE, `${opts.referenceField}: ${problem.message}`, 'invalid_reference');
    }
    return sources.map(compile);
  };
  return defineSyncEvaluator({
    type: TYPE,
    criterionNames: [opts.criterionName],
    evaluateSync(input) {
      const patterns = patternsOf(input);
      if (!Array.isArray(patterns)) return [patterns];
      const text = resolveFieldText(input, opts.sourceField);
      if (text === undefined) return [skippedResult(opts.criterionName, TYPE, `no ${opts.sourceField}`)];
      const matched: string[] = [];
      const unmatched: string[] = [];
      for (const { source, regex } of patterns) (regex.test(text) ? matched : unmatched).push(source);
      const all = unmatched.length === 0;
      return [{
        criterionName: opts.criterionName,
        score: all,
        evaluatorType: TYPE,
        reasoning: all ? `All ${matched.length} pattern(s) matched ${opts.sourceField}.` : `${matched.length} of ${patterns.length} pattern(s) matched ${opts.sourceField}; unmatched: ${unmatched.map((source) => `/${source}/`).join(', ')}.`,
        metadata: { matchedPatterns: matched, unmatchedPatterns: unmatched },
      }];
    },
  });
}

/** Registry entry of `regex_match`. */
export const regexMatchDefinition: EvaluatorDefinition<z.output<typeof regexMatchSchema>> = {
  type: TYPE,
  schema: regexMatchSchema,
  factory: (options) => regexMatch(options),
  description: 'Every pattern (from options or groundTruth) matches the response; matched patterns reported.',
  cost: 'free',
  latency: 'microseconds',
};
