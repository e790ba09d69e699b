import { describe, expect, it } from 'vitest';
import { validateEvaluatorConfigs } from '../../src/core/registry.ts';
import type { EvaluationInput, EvaluationResult, Evaluator } from '../../src/core/types.ts';
import { keywordCoverage, keywordList } from '../../src/evaluators/keyword-coverage.ts';

const input = (response: EvaluationInput['response'], extra: Partial<EvaluationInput> = {}): EvaluationInput => ({ response, criteria: [], ...extra });
const run = (evaluator: Evaluator, value: EvaluationInput): EvaluationResult => evaluator.evaluateSync?.(value, [])[0] as EvaluationResult;

describe('KeywordCoverage', () => {
  it('scores found / total and lists found and missed keywords', () => {
    const result = run(keywordCoverage({ expectedKeywords: ['capital', 'France', 'Berlin', 'paris'] }), input('Paris is the capital of France.'));
    expect(result).toEqual({
      criterionName: 'KeywordCoverage',
      score: 0.75,
      evaluatorType: 'KeywordCoverage',
      reasoning: 'Found 3 of 4 keywords. Found: [capital, France, paris]. Missing: [Berlin].',
      metadata: { foundKeywords: ['capital', 'France', 'paris'], missingKeywords: ['Berlin'], totalKeywords: 4 },
    });
  });

  it('honours caseSensitive', () => {
    expect(run(keywordCoverage({ expectedKeywords: ['paris'], caseSensitive: true }), input('Paris')).score).toBe(0);
    expect(run(keywordCoverage({ expectedKeywords: ['Paris'], caseSensitive: true }), input('Paris')).score).toBe(1);
  });

  it('matches whole words with Unicode-aware boundaries when asked', () => {
    const whole = keywordCoverage({ expectedKeywords: ['cat', 'café', 'C++'], matchWholeWord: true });
    expect(run(whole, input('concatenate cafés, C++11')).metadata?.foundKeywords).toEqual([]);
    expect(run(whole, input('A cat at the café writes C++.')).score).toBe(1);
    expect(run(keywordCoverage({ expectedKeywords: ['cat'] }), input('concatenate')).score).toBe(1);
  });

  it('normalizes whitespace in the text and the keywords', () => {
    expect(run(keywordCoverage({ expectedKeywords: ['New   York'] }), input('in New\n  York today')).score).toBe(1);
    expect(run(keywordCoverage({ expectedKeywords: ['New York'], normalizeWhitespace: false }), input('in New\n  York')).score).toBe(0);
    expect(run(keywordCoverage({ expectedKeywords: ['New York'], matchWholeWord: true }), input('in New\n  York')).score).toBe(1);
    expect(run(keywordCoverage({ expectedKeywords: ['New York'], matchWholeWord: true, normalizeWhitespace: false }), input('in New\n  York')).score).toBe(0);
    expect(run(keywordCoverage({ expectedKeywords: ['New York', 'in'] }), input('\tin New  York')).score).toBe(1);
  });

  it('counts a keyword listed twice once', () => {
    expect(run(keywordCoverage({ expectedKeywords: ['a1', 'A1', 'b2'] }), input('a1')).metadata).toMatchObject({ totalKeywords: 2, foundKeywords: ['a1'] });
  });

  it('reads keywords from groundTruth or a context path', () => {
    const fromTruth = keywordCoverage({ keywordsSourceField: 'groundTruth' });
    expect(run(fromTruth, input('red and blue', { groundTruth: 'red, green\nblue' })).score).toBeCloseTo(2 / 3);
    expect(run(fromTruth, input('red', { groundTruth: ['red', 'green'] })).score).toBe(0.5);
    const fromContext = keywordCoverage({ keywordsSourceField: 'context.rubric.terms', matchWholeWord: true });
    expect(run(fromContext, input('The refund was issued.', { context: { rubric: { terms: ['refund', 'issued', 'apology'] } } })).score).toBeCloseTo(2 / 3);
  });

  it('skips when the keyword source is missing or not a list, never scoring 0', () => {
    const fromTruth = keywordCoverage({ keywordsSourceField: 'groundTruth' });
    expect(run(fromTruth, input('text'))).toMatchObject({ score: null, reasoning: 'skipped: no groundTruth' });
    expect(run(fromTruth, input('text', { groundTruth: 42 })).reasoning).toBe('skipped: groundTruth is not a keyword list (expected a string or an array of strings)');
    expect(run(fromTruth, input('text', { groundTruth: ' , ' })).reasoning).toBe('skipped: no keywords in groundTruth');
    expect(run(keywordCoverage({ expectedKeywords: ['x'], sourceTextField: 'context.summary' }), input('x')).reasoning).toBe('skipped: no context.summary');
  });

  it('reduces an AgentMessage response to its text', () => {
    const message = { role: 'assistant', content: [{ type: 'text', text: 'alpha' }, { type: 'text', text: 'beta' }] };
    expect(run(keywordCoverage({ expectedKeywords: ['alpha', 'beta', 'gamma'] }), input(message)).score).toBeCloseTo(2 / 3);
  });

  it('requires exactly one keyword source', () => {
    const { issues } = validateEvaluatorConfigs([{ type: 'KeywordCoverage' }, { type: 'KeywordCoverage', expectedKeywords: ['a'], keywordsSourceField: 'groundTruth' }, { type: 'KeywordCoverage', expectedKeywords: [] }]);
    expect(issues.map((issue) => `${issue.path}: ${issue.message}`)).toEqual([
      'evaluatorConfigs[0].expectedKeywords: is required unless keywordsSourceField is set',
      'evaluatorConfigs[1].keywordsSourceField: cannot be combined with expectedKeywords',
      'evaluatorConfigs[2].expectedKeywords: Too small: expected array to have >=1 items',
    ]);
  });
});

describe('keywordList', () => {
  it('splits strings on commas and newlines and keeps arrays', () => {
    expect(keywordList('a, b\n c,,')).toEqual(['a', 'b', 'c']);
    expect(keywordList(['x', 2, ' y '])).toEqual(['x', '2', 'y']);
    expect(keywordList({ a: 1 })).toBeUndefined();
  });
});
