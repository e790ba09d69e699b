/**
 * `KeywordCoverage`: the share of expected keywords found in a text, found / total, with the found and
 * missed keywords listed. Keywords come from the config (`expectedKeywords`, matchers compiled once) or
 * from a field of each input (`keywordsSourceField`: groundTruth or a context path).
 * Cost: free. Latency: microseconds.
 */
import { z } from 'zod';
import { defineSyncEvaluator } from '../core/define-evaluator.ts';
import { parseOptions } from '../core/options.ts';
import type { EvaluatorDefinition } from '../core/registry.ts';
import { skippedResult } from '../core/results.ts';
import { collapseWhitespace, resolveField, resolveFieldText, valueText } from '../core/text.ts';
import type { EvaluationInput, EvaluationResult, Evaluator } from '../core/types.ts';
import { compileTermTest, type TermMatchOptions, type TermTest } from './lexical/terms.ts';

const TYPE = 'KeywordCoverage';
const MAX_CACHED_TESTS = 1_000;

/** Options of `KeywordCoverage`. */
export const keywordCoverageSchema = z
  .strictObject({
    /** Criterion the result is reported under (default `KeywordCoverage`). */
    criterionName: z.string().min(1).default(TYPE),
    /** Keywords to look for; set this or `keywordsSourceField`. */
    expectedKeywords: z.array(z.string().trim().min(1)).min(1).optional(),
    /**
     * Field holding the keywords of each input (`groundTruth`, `context.keywords`, ...): an array of
     * strings, or a string split on commas and newlines.
     */
    keywordsSourceField: z.string().min(1).optional(),
    /** Field searched (default `response`). */
    sourceTextField: z.string().min(1).default('response'),
    /** Match case exactly (default false). */
    caseSensitive: z.boolean().default(false),
    /** Match whole words only: no letter, digit or `_` right before or after (default false). */
    matchWholeWord: z.boolean().default(false),
    /** Treat any whitespace run as one space in the text and the keywords (default true). */
    normalizeWhitespace: z.boolean().default(true),
  })
  .superRefine((options, ctx) => {
    if (options.expectedKeywords === undefined && options.keywordsSourceField === undefined) {
      ctx.addIssue({ code: 'custom', path: ['expectedKeywords'], message: 'is required unless keywordsSourceField is set', params: { fix: 'set expectedKeywords: ["a", "b"], or keywordsSourceField: "groundTruth"' } });
    } else if (options.expectedKeywords !== undefined && options.keywordsSourceField !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['keywordsSourceField'], message: 'cannot be combined with expectedKeywords', params: { fix: 'keep expectedKeywords or keywordsSourceField, not both' } });
    }
  });

/** Options of {@link keywordCoverage}, as written in code or files. */
export type KeywordCoverageOptions = z.input<typeof keywordCoverageSchema>;

interface Keyword {
  keyword: string;
  test: TermTest;
}

/** Reads a keyword list from a field value: an array as is, a string split on commas and newlines. */
export function keywordList(value: unknown): string[] | undefined {
  if (typeof value === 'string') return value.split(/[,\n]/).map((part) => part.trim()).filter((part) => part !== '');
  if (Array.isArray(value)) return value.map((item) => valueText(item)?.trim() ?? '').filter((item) => item !== '');
  return undefined;
}

/** Scores the share of expected keywords present in the text (found / total). */
export function keywordCoverage(options: KeywordCoverageOptions): Evaluator {
  const opts = parseOptions(keywordCoverageSchema, options, TYPE);
  const match: TermMatchOptions = { caseSensitive: opts.caseSensitive, matchWholeWord: opts.matchWholeWord, exactWhitespace: !opts.normalizeWhitespace };
  // Keywords read from inputs repeat across inputs: their compiled tests are kept, up to a bound.
  const tests = new Map<string, TermTest>();
  const testFor = (keyword: string): TermTest => {
    let test = tests.get(keyword);
    if (!test) {
      if (tests.size >= MAX_CACHED_TESTS) tests.clear();
      test = compileTermTest(keyword, match);
      tests.set(keyword, test);
    }
    return test;
  };
  const compile = (keywords: readonly string[]): Keyword[] => {
    const seen = new Set<string>();
    const out: Keyword[] = [];
    for (const raw of keywords) {
      const keyword = opts.normalizeWhitespace ? collapseWhitespace(raw) : raw;
      const key = opts.caseSensitive ? keyword : keyword.toLowerCase();
      if (keyword === '' || seen.has(key)) continue;
      seen.add(key);
      out.push({ keyword, test: testFor(keyword) });
    }
    return out;
  };
  const fixed = opts.expectedKeywords ? compile(opts.expectedKeywords) : undefined;
  const keywordsOf = (input: EvaluationInput): Keyword[] | string => {
    if (fixed) return fixed;
    const field = opts.keywordsSourceField ?? 'groundTruth';
    const value = resolveField(input, field);
    if (value === undefined || value === null) return `no ${field}`;
    const list = keywordList(value);
    return list ? compile(list) : `${field} is not a keyword list (expected a string or an array of strings)`;
  };
  return defineSyncEvaluator({
    type: TYPE,
    criterionNames: [opts.criterionName],
    evaluateSync(input) {
      const keywords = keywordsOf(input);
      if (typeof keywords === 'string') return [skippedResult(opts.criterionName, TYPE, keywords)];
      if (keywords.length === 0) return [skippedResult(opts.criterionName, TYPE, `no keywords in ${opts.keywordsSourceField ?? 'expectedKeywords'}`)];
      const raw = resolveFieldText(input, opts.sourceTextField);
      if (raw === undefined) return [skippedResult(opts.criterionName, TYPE, `no ${opts.sourceTextField}`)];
      return [coverage(raw, keywords, opts.criterionName, opts)];
    },
  });
}

function coverage(raw: string, keywords: readonly Keyword[], criterionName: string, opts: { normalizeWhitespace: boolean; caseSensitive: boolean; matchWholeWord: boolean }): EvaluationResult {
  // Collapsing whitespace only matters to substring tests of keywords that hold a space (whole-word
  // patterns match any whitespace run already), so ordinary keyword lists skip it.
  const collapse = opts.normalizeWhitespace && !opts.matchWholeWord && keywords.some((k) => k.keyword.includes(' '));
  const text = collapse ? collapseWhitespace(raw) : raw;
  // Substring tests compare with the text lower-cased once here rather than once per keyword.
  const folded = opts.caseSensitive || opts.matchWholeWord ? text : text.toLowerCase();
  const found: string[] = [];
  const missing: string[] = [];
  for (const { keyword, test } of keywords) (test(text, folded) ? found : missing).push(keyword);
  const total = keywords.length;
  return {
    criterionName,
    score: found.length / total,
    evaluatorType: TYPE,
    reasoning: `Found ${found.length} of ${total} keywords. Found: [${found.join(', ')}]. Missing: [${missing.join(', ')}].`,
    metadata: { foundKeywords: found, missingKeywords: missing, totalKeywords: total },
  };
}

/** Registry entry of `KeywordCoverage`. */
export const keywordCoverageDefinition: EvaluatorDefinition<z.output<typeof keywordCoverageSchema>> = {
  type: TYPE,
  schema: keywordCoverageSchema,
  factory: (options) => keywordCoverage(options),
  description: 'Share of expected keywords found in the response (found / total), found and missed listed.',
  cost: 'free',
  latency: 'microseconds',
};
