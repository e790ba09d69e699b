import { describe, expect, it } from 'vitest';
import { validateEvaluatorConfigs } from '../../src/core/registry.ts';
import type { EvaluationInput, EvaluationResult, Evaluator } from '../../src/core/types.ts';
import { extractNumber, numericTolerance, referenceNumber } from '../../src/evaluators/numeric-tolerance.ts';

const input = (response: EvaluationInput['response'], groundTruth?: unknown): EvaluationInput => ({ response, groundTruth, criteria: [] });
const run = (evaluator: Evaluator, value: EvaluationInput): EvaluationResult => evaluator.evaluateSync?.(value, [])[0] as EvaluationResult;

describe('extractNumber and referenceNumber', () => {
  it('reads numbers written in text', () => {
    expect(extractNumber('The answer is 42.0')).toBe(42);
    expect(extractNumber('In 2023 the answer was -1,234.5.')).toBe(-1234.5);
    expect(extractNumber('In 2023 the answer was 42', 'first')).toBe(2023);
    expect(extractNumber('about 6.02e23 atoms')).toBe(6.02e23);
    expect(extractNumber('.5 of it')).toBe(0.5);
    expect(extractNumber('no digits here')).toBeUndefined();
  });

  it('accepts numbers and strings that are one number', () => {
    expect(referenceNumber(42)).toBe(42);
    expect(referenceNumber(' 1,000 ')).toBe(1000);
    expect(referenceNumber('42.')).toBe(42);
    expect(referenceNumber('42 apples')).toBeUndefined();
    expect(referenceNumber(Number.NaN)).toBeUndefined();
    expect(referenceNumber(true)).toBeUndefined();
  });
});

describe('numeric_tolerance', () => {
  it('compares the number in the text with the reference', () => {
    const result = run(numericTolerance(), input('The answer is 42.0', 42));
    expect(result).toMatchObject({ criterionName: 'numeric_tolerance', score: true, evaluatorType: 'numeric_tolerance' });
    expect(result.metadata).toEqual({ expected: 42, actual: 42, difference: 0, tolerance: 42 * 1e-9 });
    expect(run(numericTolerance(), input('42.0001', '42')).score).toBe(false);
  });

  it('applies abs_tol and rel_tol as math.isclose does', () => {
    expect(run(numericTolerance({ abs_tol: 0.5 }), input('41.5', 42)).score).toBe(true);
    expect(run(numericTolerance({ abs_tol: 0.4 }), input('41.5', 42)).score).toBe(false);
    expect(run(numericTolerance({ rel_tol: 0.01 }), input('101', 100)).score).toBe(true);
    expect(run(numericTolerance({ rel_tol: 0.001 }), input('101', 100)).score).toBe(false);
    const outside = run(numericTolerance({ abs_tol: 0.1 }), input('3.5', 3));
    expect(outside.reasoning).toBe('3.5 is outside tolerance of 3: |difference| 0.5 > 0.1 (abs_tol 0.1, rel_tol 1e-9).');
  });

  it('takes the last number by default, the first when asked', () => {
    expect(run(numericTolerance(), input('In 2023 the answer was 42', 42)).score).toBe(true);
    expect(run(numericTolerance({ numberPosition: 'first' }), input('42, computed in 2023', 42)).score).toBe(true);
  });

  it('fails when the response holds no number', () => {
    const result = run(numericTolerance(), input('I do not know', 42));
    expect(result).toMatchObject({ score: false, reasoning: 'No number found in response: "I do not know".' });
  });

  it('skips without a numeric reference, never scoring 0', () => {
    expect(run(numericTolerance(), input('42'))).toEqual({ criterionName: 'numeric_tolerance', score: null, evaluatorType: 'numeric_tolerance', reasoning: 'skipped: no groundTruth', label: 'skipped' });
    expect(run(numericTolerance(), input('42', 'forty-two')).reasoning).toBe('skipped: groundTruth is not a number: forty-two');
    expect(run(numericTolerance({ referenceField: 'groundTruth.value' }), input('7', { value: 7 })).score).toBe(true);
  });

  it('reads an AgentMessage response as text', () => {
    expect(run(numericTolerance(), input({ role: 'assistant', content: 'It is 3.14' }, 3.14)).score).toBe(true);
  });

  it('rejects negative tolerances', () => {
    const { issues } = validateEvaluatorConfigs([{ type: 'numeric_tolerance', abs_tol: -1 }]);
    expect(issues.map((issue) => `${issue.path} | ${issue.fix}`)).toEqual(['evaluatorConfigs[0].abs_tol | use a value of at least 0']);
  });
});
