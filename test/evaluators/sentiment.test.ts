import { describe, expect, it } from 'vitest';
import { validateEvaluatorConfigs } from '../../src/core/registry.ts';
import { runEvaluation } from '../../src/core/run-evaluation.ts';
import type { EvaluationInput, EvaluationResult, Evaluator } from '../../src/core/types.ts';
import { normalizeComparative, sentiment } from '../../src/evaluators/sentiment.ts';

const input = (response: EvaluationInput['response'], extra: Partial<EvaluationInput> = {}): EvaluationInput => ({ response, criteria: [], ...extra });
const run = (evaluator: Evaluator, value: EvaluationInput): EvaluationResult => evaluator.evaluateSync?.(value, [])[0] as EvaluationResult;

describe('normalizeComparative', () => {
  it('maps [-5, 5] linearly onto [0, 1], clamped', () => {
    expect(normalizeComparative(0)).toBe(0.5);
    expect(normalizeComparative(5)).toBe(1);
    expect(normalizeComparative(-5)).toBe(0);
    expect(normalizeComparative(1.2)).toBeCloseTo(0.62, 12);
    expect(normalizeComparative(9)).toBe(1);
    expect(normalizeComparative(-9)).toBe(0);
  });
});

describe('Sentiment', () => {
  it('scores the normalized comparative by default, with AFINN details in metadata', () => {
    // AFINN: love +3, great +3; 5 tokens -> comparative 1.2 -> (1.2 + 5) / 10
    const result = run(sentiment(), input('I love this great product'));
    expect(result.score).toBeCloseTo(0.62, 12);
    expect(result.metadata).toEqual({ rawScore: 6, comparativeScore: 1.2, category: 'positive', positiveWords: ['great', 'love'], negativeWords: [] });
    expect(result.reasoning).toBe('AFINN score 6 over 5 tokens (comparative 1.200, positive); normalized 0.620.');
  });

  it('gives 0.5 for neutral text and applies negation', () => {
    expect(run(sentiment(), input('The table is brown.')).score).toBe(0.5);
    const negated = run(sentiment({ outputType: 'rawScore' }), input('This is not good'));
    expect(negated.score).toBe(-3);
    expect(negated.metadata?.negativeWords).toEqual(['good']);
  });

  it('returns a category as score and label from the thresholds', () => {
    const evaluator = sentiment({ outputType: 'category' });
    expect(run(evaluator, input('This is terrible and awful'))).toMatchObject({ score: 'negative', label: 'negative' });
    expect(run(evaluator, input('Thanks, that was helpful!'))).toMatchObject({ score: 'positive', label: 'positive' });
    expect(run(evaluator, input('The table is brown.'))).toMatchObject({ score: 'neutral', label: 'neutral' });
    // comparative 1.0 is below a positive threshold of 1.5
    expect(run(sentiment({ outputType: 'category', positiveThreshold: 1.5 }), input('Thanks, that was helpful!')).score).toBe('neutral');
  });

  it('lets a category be aggregated through the criterion labelScores', async () => {
    const criteria = [{ name: 'Tone', description: 'tone', scale: 'category', labelScores: { positive: 1, neutral: 0.5, negative: 0 } }];
    const result = await runEvaluation({ response: 'This is terrible', criteria }, { evaluatorConfigs: [{ type: 'Sentiment', criterionName: 'Tone', outputType: 'category' }] });
    expect(result.results[0]).toMatchObject({ score: 'negative', normalizedScore: 0, label: 'negative', passed: false });
  });

  it('skips a missing or empty text and reads AgentMessage text', () => {
    expect(run(sentiment(), input('   '))).toMatchObject({ score: null, reasoning: 'skipped: response is empty' });
    expect(run(sentiment({ sourceTextField: 'context.reply' }), input('x'))).toMatchObject({ score: null, reasoning: 'skipped: no context.reply' });
    const message = { role: 'assistant', content: [{ type: 'text', text: 'I love this great product' }] };
    expect(run(sentiment({ outputType: 'rawScore' }), input(message)).score).toBe(6);
  });

  it('rejects thresholds in the wrong order', () => {
    const { issues } = validateEvaluatorConfigs([{ type: 'Sentiment', positiveThreshold: 0.1, negativeThreshold: 0.2 }, { type: 'Sentiment', outputType: 'stars' }]);
    expect(issues.map((issue) => issue.path)).toEqual(['evaluatorConfigs[0].negativeThreshold', 'evaluatorConfigs[1].outputType']);
    expect(issues[0]?.message).toBe('must be below positiveThreshold (0.1)');
  });
});
