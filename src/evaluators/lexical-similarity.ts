/**
 * `LexicalSimilarity` and `levenshtein`: how close the response text is to the reference text, on 0..1,
 * by Sorensen-Dice on character bigrams (default), Jaro-Winkler or normalized Levenshtein.
 * Cost: free. Latency: microseconds; Dice and Jaro-Winkler take linear time, Levenshtein quadratic time
 * (about 0.3 ms for two 1 KB texts), so its inputs are capped by `maxLength`. Reference-based: skipped
 * without a reference.
 */
import { z } from 'zod';
import { defineSyncEvaluator } from '../core/define-evaluator.ts';
import { parseOptions } from '../core/options.ts';
import type { EvaluatorDefinition } from '../core/registry.ts';
import { skippedResult } from '../core/results.ts';
import { collapseWhitespace, resolveFieldText } from '../core/text.ts';
import type { EvaluationResult, Evaluator } from '../core/types.ts';
import { jaroWinkler, levenshteinSimilarity, sorensenDice } from './lexical/similarity.ts';

/** Similarity algorithms of LexicalSimilarity. */
export const SIMILARITY_ALGORITHMS = ['sorensen-dice', 'jaro-winkler', 'levenshtein'] as const;
/** One of {@link SIMILARITY_ALGORITHMS}. */
export type SimilarityAlgorithm = (typeof SIMILARITY_ALGORITHMS)[number];
/** Default cap on either text for the quadratic algorithm, Levenshtein. */
export const DEFAULT_SIMILARITY_MAX_LENGTH = 10_000;

const common = {
  /** Field compared with the reference (default `response`). */
  sourceField: z.string().min(1).default('response'),
  /** Field holding the reference (default `groundTruth`). */
  referenceField: z.string().min(1).default('groundTruth'),
  /** Trim and collapse whitespace before comparing (default true). */
  normalizeWhitespace: z.boolean().default(true),
  /** Pass when the similarity is at least this (0..1); the criterion's own threshold wins. */
  threshold: z.number().min(0).max(1).optional(),
  /** Longest text, in UTF-16 code units, Levenshtein compares; longer inputs are skipped (default 10,000). */
  maxLength: z.number().int().positive().default(DEFAULT_SIMILARITY_MAX_LENGTH),
};

/** Options of `LexicalSimilarity`. */
export const lexicalSimilaritySchema = z.strictObject({
  /** Criterion the result is reported under (default `LexicalSimilarity`). */
  criterionName: z.string().min(1).default('LexicalSimilarity'),
  /** `sorensen-dice` (default), `jaro-winkler` or `levenshtein`. */
  algorithm: z.enum(SIMILARITY_ALGORITHMS).default('sorensen-dice'),
  /** Compare case-sensitively (default false). */
  caseSensitive: z.boolean().default(false),
  ...common,
});

/** Options of `levenshtein` (normalized Levenshtein similarity, the LexicalSimilarity implementation). */
export const levenshteinSchema = z.strictObject({
  /** Criterion the result is reported under (default `levenshtein`). */
  criterionName: z.string().min(1).default('levenshtein'),
  /** Compare case-sensitively (default true). */
  caseSensitive: z.boolean().default(true),
  /** Pass when the edit distance is at most this many characters. */
  max_distance: z.number().int().min(0).optional(),
  ...common,
});

/** Options of {@link lexicalSimilarity}, as written in code or files. */
export type LexicalSimilarityOptions = z.input<typeof lexicalSimilaritySchema>;
/** Options of {@link levenshtein}, as written in code or files. */
export type LevenshteinOptions = z.input<typeof levenshteinSchema>;

interface SimilaritySettings extends z.output<typeof lexicalSimilaritySchema> {
  maxDistance?: number | undefined;
}

/** Scores the similarity (0..1) of a field to the reference with Sorensen-Dice, Jaro-Winkler or Levenshtein. */
export function lexicalSimilarity(options: LexicalSimilarityOptions = {}): Evaluator {
  return similarityEvaluator(parseOptions(lexicalSimilaritySchema, options, 'LexicalSimilarity'), 'LexicalSimilarity');
}

/** Scores the normalized Levenshtein similarity, 1 - distance / max length, of the response to the groundTruth. */
export function levenshtein(options: LevenshteinOptions = {}): Evaluator {
  const { max_distance: maxDistance, ...opts } = parseOptions(levenshteinSchema, options, 'levenshtein');
  return similarityEvaluator({ ...opts, algorithm: 'levenshtein', maxDistance }, 'levenshtein');
}

function similarityEvaluator(opts: SimilaritySettings, type: string): Evaluator {
  const { criterionName, algorithm, sourceField, referenceField } = opts;
  const prepare = (text: string): string => {
    const spaced = opts.normalizeWhitespace ? collapseWhitespace(text) : text;
    return opts.caseSensitive ? spaced : spaced.toLowerCase();
  };
  const quadratic = algorithm === 'levenshtein';
  return defineSyncEvaluator({
    type,
    criterionNames: [criterionName],
    evaluateSync(input) {
      const reference = resolveFieldText(input, referenceField);
      if (reference === undefined) return [skippedResult(criterionName, type, `no ${referenceField}`)];
      const source = resolveFieldText(input, sourceField);
      if (source === undefined) return [skippedResult(criterionName, type, `no ${sourceField}`)];
      const a = prepare(source);
      const b = prepare(reference);
      if (quadratic && Math.max(a.length, b.length) > opts.maxLength) {
        const longest = a.length >= b.length ? `${sourceField} has ${a.length}` : `${referenceField} has ${b.length}`;
        return [skippedResult(criterionName, type, `${longest} characters, more than maxLength (${opts.maxLength}) for ${algorithm}`, { algorithm, sourceLength: a.length, referenceLength: b.length })];
      }
      return [score(a, b, opts, type)];
    },
  });
}

function score(a: string, b: string, opts: SimilaritySettings, type: string): EvaluationResult {
  const { algorithm, criterionName, sourceField, referenceField } = opts;
  const metadata: Record<string, unknown> = { algorithm, sourceLength: a.length, referenceLength: b.length };
  let similarity: number;
  if (algorithm === 'levenshtein') {
    const measure = levenshteinSimilarity(a, b);
    similarity = measure.similarity;
    metadata.distance = measure.distance;
  } else {
    similarity = algorithm === 'jaro-winkler' ? jaroWinkler(a, b) : sorensenDice(a, b);
  }
  const result: EvaluationResult = {
    criterionName,
    score: similarity,
    evaluatorType: type,
    reasoning: `${algorithm} similarity of ${sourceField} to ${referenceField}: ${similarity.toFixed(3)}${metadata.distance === undefined ? '' : ` (edit distance ${String(metadata.distance)})`}.`,
    metadata,
  };
  if (opts.maxDistance !== undefined && typeof metadata.distance === 'number') {
    result.passed = metadata.distance <= opts.maxDistance;
    metadata.maxDistance = opts.maxDistance;
  } else if (opts.threshold !== undefined) {
    result.passed = similarity >= opts.threshold;
    metadata.threshold = opts.threshold;
  }
  return result;
}

/** Registry entry of `LexicalSimilarity`. */
export const lexicalSimilarityDefinition: EvaluatorDefinition<z.output<typeof lexicalSimilaritySchema>> = {
  type: 'LexicalSimilarity',
  schema: lexicalSimilaritySchema,
  factory: (options) => similarityEvaluator(options, 'LexicalSimilarity'),
  description: 'Similarity of the response to groundTruth (Sorensen-Dice, Jaro-Winkler or Levenshtein), 0..1.',
  cost: 'free',
  latency: 'microseconds',
};

/** Registry entry of `levenshtein`. */
export const levenshteinDefinition: EvaluatorDefinition<z.output<typeof levenshteinSchema>> = {
  type: 'levenshtein',
  schema: levenshteinSchema,
  factory: ({ max_distance: maxDistance, ...options }) => similarityEvaluator({ ...options, algorithm: 'levenshtein', maxDistance }, 'levenshtein'),
  description: 'Normalized Levenshtein similarity of the response to groundTruth, 1 - distance / max length.',
  cost: 'free',
  latency: 'microseconds',
};
