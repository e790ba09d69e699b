import { describe, expect, it } from 'vitest';
import { validateEvaluatorConfigs } from '../../src/core/registry.ts';
import { runEvaluation } from '../../src/core/run-evaluation.ts';
import type { EvaluationInput, EvaluationResult, Evaluator } from '../../src/core/types.ts';
import { levenshtein, lexicalSimilarity } from '../../src/evaluators/lexical-similarity.ts';

const input = (response: EvaluationInput['response'], groundTruth?: unknown): EvaluationInput => ({ response, groundTruth, criteria: [] });
const run = (evaluator: Evaluator, value: EvaluationInput): EvaluationResult => evaluator.evaluateSync?.(value, [])[0] as EvaluationResult;

describe('LexicalSimilarity', () => {
  it('defaults to Sorensen-Dice, case-insensitive, whitespace normalized', () => {
    const evaluator = lexicalSimilarity();
    expect(run(evaluator, input('  Paris\n', 'paris')).score).toBe(1);
    const result = run(evaluator, input('night', 'nacht'));
    expect(result).toMatchObject({ criterionName: 'LexicalSimilarity', score: 0.25, evaluatorType: 'LexicalSimilarity' });
    expect(result.reasoning).toBe('sorensen-dice similarity of response to groundTruth: 0.250.');
    expect(result.metadata).toEqual({ algorithm: 'sorensen-dice', sourceLength: 5, referenceLength: 5 });
  });

  it('computes Jaro-Winkler with the known values', () => {
    const evaluator = lexicalSimilarity({ algorithm: 'jaro-winkler', caseSensitive: true });
    expect((run(evaluator, input('MARTHA', 'MARHTA')).score as number).toFixed(3)).toBe('0.961');
    expect((run(evaluator, input('DIXON', 'DICKSONX')).score as number).toFixed(3)).toBe('0.813');
  });

  it('computes normalized Levenshtein with the distance in metadata', () => {
    const result = run(lexicalSimilarity({ algorithm: 'levenshtein' }), input('kitten', 'sitting'));
    expect(result.score).toBeCloseTo(1 - 3 / 7, 12);
    expect(result.metadata?.distance).toBe(3);
    expect(result.reasoning).toBe('levenshtein similarity of response to groundTruth: 0.571 (edit distance 3).');
  });

  it('skips without a reference, never scoring 0', () => {
    const result = run(lexicalSimilarity(), input('anything'));
    expect(result).toEqual({ criterionName: 'LexicalSimilarity', score: null, evaluatorType: 'LexicalSimilarity', reasoning: 'skipped: no groundTruth', label: 'skipped' });
  });

  it('compares other fields, JSON-stringifying non-string references', () => {
    const evaluator = lexicalSimilarity({ sourceField: 'context.answer', referenceField: 'context.expected', caseSensitive: true });
    const value: EvaluationInput = { response: 'x', criteria: [], context: { answer: '{"a":1}', expected: { a: 1 } } };
    expect(run(evaluator, value).score).toBe(1);
    expect(run(evaluator, { response: 'x', criteria: [], context: { expected: 'y' } }).reasoning).toBe('skipped: no context.answer');
  });

  it('reduces an AgentMessage response to its text', () => {
    const message = { role: 'assistant', content: [{ type: 'text', text: 'MARTHA' }] };
    expect((run(lexicalSimilarity({ algorithm: 'jaro-winkler' }), input(message, 'marhta')).score as number).toFixed(3)).toBe('0.961');
  });

  it('skips Levenshtein past maxLength, quickly, and keeps the linear algorithms uncapped', () => {
    const huge = 'abcdefghij'.repeat(2_000_000); // 20 MB of text
    const started = performance.now();
    const skipped = run(lexicalSimilarity({ algorithm: 'levenshtein' }), input(huge, 'abc'));
    expect(skipped.score).toBeNull();
    expect(skipped.reasoning).toBe('skipped: response has 20000000 characters, more than maxLength (10000) for levenshtein');
    const capped = run(lexicalSimilarity({ algorithm: 'levenshtein', maxLength: 50 }), input('a'.repeat(10), 'b'.repeat(51)));
    expect(capped.reasoning).toBe('skipped: groundTruth has 51 characters, more than maxLength (50) for levenshtein');
    const jw = run(lexicalSimilarity({ algorithm: 'jaro-winkler', maxLength: 50 }), input('ab'.repeat(50_000), `${'ab'.repeat(50_000)}c`));
    expect(jw.score).toBeGreaterThan(0.99);
    expect(jw.score).toBeLessThan(1);
    expect(performance.now() - started).toBeLessThan(2_000);
    const dice = run(lexicalSimilarity(), input('ab'.repeat(20_000), 'ab'.repeat(20_000)));
    expect(dice.score).toBe(1);
  });

  it('sets passed from its threshold, which the criterion threshold overrides', async () => {
    const config = { type: 'LexicalSimilarity', algorithm: 'sorensen-dice', threshold: 0.2 };
    const loose = await runEvaluation(input('night', 'nacht'), { evaluatorConfigs: [config] });
    expect(loose.results[0]).toMatchObject({ score: 0.25, passed: true, label: 'pass' });
    const strict = await runEvaluation({ ...input('night', 'nacht'), criteria: [{ name: 'LexicalSimilarity', description: 'close', scale: 'numeric', threshold: 0.5 }] }, { evaluatorConfigs: [config] });
    expect(strict.results[0]).toMatchObject({ passed: false, label: 'fail' });
  });

  it('reports config errors with their paths', () => {
    const { issues } = validateEvaluatorConfigs([{ type: 'LexicalSimilarity', algorithm: 'cosine', threshold: 2 }]);
    expect(issues.map((issue) => issue.path)).toEqual(['evaluatorConfigs[0].algorithm', 'evaluatorConfigs[0].threshold']);
    expect(issues[0]?.fix).toBe('use one of "sorensen-dice", "jaro-winkler", "levenshtein"');
  });
});

describe('levenshtein', () => {
  it('is the same implementation, case-sensitive by default', () => {
    const result = run(levenshtein(), input('Paris', 'paris'));
    expect(result).toMatchObject({ criterionName: 'levenshtein', evaluatorType: 'levenshtein', score: 0.8 });
    expect(result.metadata).toMatchObject({ algorithm: 'levenshtein', distance: 1 });
    expect(run(levenshtein({ caseSensitive: false }), input('Paris', 'paris')).score).toBe(1);
  });

  it('passes on max_distance when set', () => {
    expect(run(levenshtein({ max_distance: 3 }), input('kitten', 'sitting')).passed).toBe(true);
    expect(run(levenshtein({ max_distance: 2 }), input('kitten', 'sitting')).passed).toBe(false);
    expect(run(levenshtein({ threshold: 0.5 }), input('kitten', 'sitting')).passed).toBe(true);
  });

  it('resolves through the registry with its own small schema', () => {
    const { evaluators, issues } = validateEvaluatorConfigs([{ type: 'levenshtein', criterionName: 'Edit', max_distance: 1 }, { type: 'levenshtein', algorithm: 'jaro-winkler' }]);
    expect(issues.map((issue) => `${issue.path}: ${issue.message}`)).toEqual(['evaluatorConfigs[1].algorithm: is not a known option']);
    expect(evaluators[0]?.criterionNames).toEqual(['Edit']);
    expect(evaluators[0]?.evaluateSync?.(input('abc', 'abd'), [])[0]).toMatchObject({ criterionName: 'Edit', passed: true });
  });
});
