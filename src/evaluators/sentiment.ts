/**
 * `Sentiment`: the tone of a text with the AFINN-165 word list (the `sentiment` package): the comparative
 * score (sum of word scores / number of tokens, in [-5, 5]) mapped onto 0..1, the raw sum, or a category.
 * Cost: free. Latency: microseconds.
 */
import Analyzer from 'sentiment';
import { z } from 'zod';
import { defineSyncEvaluator } from '../core/define-evaluator.ts';
import { parseOptions } from '../core/options.ts';
import type { EvaluatorDefinition } from '../core/registry.ts';
import { skippedResult } from '../core/results.ts';
import { resolveFieldText } from '../core/text.ts';
import type { EvaluationResult, Evaluator } from '../core/types.ts';

const TYPE = 'Sentiment';
const NON_SPACE = /\S/;

/** Options of `Sentiment`. */
export const sentimentSchema = z
  .strictObject({
    /** Criterion the result is reported under (default `Sentiment`). */
    criterionName: z.string().min(1).default(TYPE),
    /** Field analyzed (default `response`). */
    sourceTextField: z.string().min(1).default('response'),
    /**
     * `comparativeNormalized` (default): (comparative + 5) / 10 clamped to 0..1, so neutral is 0.5;
     * `rawScore`: the AFINN sum (any integer; declare a `{ min, max }` scale to aggregate it);
     * `category`: `positive`, `neutral` or `negative` from the thresholds, also set as the label.
     */
    outputType: z.enum(['comparativeNormalized', 'rawScore', 'category']).default('comparativeNormalized'),
    /** category: comparative score at or above which the text is positive (default 0.1). */
    positiveThreshold: z.number().min(-5).max(5).default(0.1),
    /** category: comparative score at or below which the text is negative (default -0.1). */
    negativeThreshold: z.number().min(-5).max(5).default(-0.1),
  })
  .superRefine((options, ctx) => {
    if (options.negativeThreshold >= options.positiveThreshold) {
      ctx.addIssue({ code: 'custom', path: ['negativeThreshold'], message: `must be below positiveThreshold (${options.positiveThreshold})`, params: { fix: 'e.g. negativeThreshold: -0.1 with positiveThreshold: 0.1' } });
    }
  });

/** Options of {@link sentiment}, as written in code or files. */
export type SentimentOptions = z.input<typeof sentimentSchema>;

/** Sentiment category of a comparative score. */
export type SentimentCategory = 'positive' | 'neutral' | 'negative';

/** Maps an AFINN comparative score linearly from [-5, 5] onto [0, 1], clamped: 0 gives 0.5. */
export function normalizeComparative(comparative: number): number {
  return Math.min(1, Math.max(0, (comparative + 5) / 10));
}

/** Scores the sentiment of a text with AFINN: normalized comparative (0..1), raw score or category. */
export function sentiment(options: SentimentOptions = {}): Evaluator {
  const opts = parseOptions(sentimentSchema, options, TYPE);
  const analyzer = new Analyzer();
  const categorize = (comparative: number): SentimentCategory =>
    comparative >= opts.positiveThreshold ? 'positive' : comparative <= opts.negativeThreshold ? 'negative' : 'neutral';
  return defineSyncEvaluator({
    type: TYPE,
    criterionNames: [opts.criterionName],
    evaluateSync(input) {
      const text = resolveFieldText(input, opts.sourceTextField);
      if (text === undefined) return [skippedResult(opts.criterionName, TYPE, `no ${opts.sourceTextField}`)];
      if (!NON_SPACE.test(text)) return [skippedResult(opts.criterionName, TYPE, `${opts.sourceTextField} is empty`)];
      const analysis = analyzer.analyze(text);
      const comparative = analysis.comparative;
      const category = categorize(comparative);
      const metadata = { rawScore: analysis.score, comparativeScore: comparative, category, positiveWords: analysis.positive, negativeWords: analysis.negative };
      const summary = `AFINN score ${analysis.score} over ${analysis.tokens.length} tokens (comparative ${comparative.toFixed(3)}, ${category})`;
      const result: EvaluationResult = { criterionName: opts.criterionName, score: null, evaluatorType: TYPE, metadata, reasoning: '' };
      if (opts.outputType === 'category') {
        result.score = category;
        result.label = category;
        result.reasoning = `${summary}; thresholds ${opts.negativeThreshold} / ${opts.positiveThreshold}.`;
      } else if (opts.outputType === 'rawScore') {
        result.score = analysis.score;
        result.reasoning = `${summary}.`;
      } else {
        result.score = normalizeComparative(comparative);
        result.reasoning = `${summary}; normalized ${result.score.toFixed(3)}.`;
      }
      return [result];
    },
  });
}

/** Registry entry of `Sentiment`. */
export const sentimentDefinition: EvaluatorDefinition<z.output<typeof sentimentSchema>> = {
  type: TYPE,
  schema: sentimentSchema,
  factory: (options) => sentiment(options),
  description: 'Tone of the response with AFINN: normalized comparative score (0..1, neutral 0.5), raw score or category.',
  cost: 'free',
  latency: 'microseconds',
};
