import { describe, expect, it } from 'vitest';
import { observeCase, observeScore } from '../../../src/dataset/compare/pairing.ts';
import type { CaseReport } from '../../../src/dataset/report-model.ts';

describe('observeScore', () => {
  it('uses the normalized score and falls back to the threshold for passed', () => {
    expect(observeScore({ criterionName: 'a', evaluatorType: 't', score: 0.8, normalizedScore: 0.8 }, 0.75)).toEqual({ value: 0.8, passed: true });
    expect(observeScore({ criterionName: 'a', evaluatorType: 't', score: 0.8, normalizedScore: 0.8, threshold: 0.9 }, 0.75)).toEqual({ value: 0.8, passed: false });
    expect(observeScore({ criterionName: 'a', evaluatorType: 't', score: 0.8, normalizedScore: 0.8, passed: false }, 0.75)).toEqual({ value: 0.8, passed: false });
  });

  it('scores a non-numeric criterion 1 or 0 from passed', () => {
    expect(observeScore({ criterionName: 'a', evaluatorType: 't', score: 'good', normalizedScore: null, passed: true }, 0.75)).toEqual({ value: 1, passed: true });
    expect(observeScore({ criterionName: 'a', evaluatorType: 't', score: 'bad', normalizedScore: null, passed: false }, 0.75)).toEqual({ value: 0, passed: false });
  });

  it('leaves skipped and errored scores out', () => {
    expect(observeScore({ criterionName: 'a', evaluatorType: 't', score: null, normalizedScore: null }, 0.75)).toBeUndefined();
    expect(observeScore({ criterionName: 'a', evaluatorType: 't', score: null, normalizedScore: null, passed: false, error: 'timeout' }, 0.75)).toBeUndefined();
    expect(observeScore(undefined, 0.75)).toBeUndefined();
  });
});

describe('observeCase', () => {
  const base: CaseReport = { id: 'x', input: '', status: 'passed', passed: true, weightedScore: 0.9, durationMs: 1, attempts: 1, scores: [] };
  it('uses the weighted score, counts errors as 0 and leaves skipped cases out', () => {
    expect(observeCase(base)).toEqual({ value: 0.9, passed: true });
    expect(observeCase({ ...base, status: 'error', passed: false, weightedScore: undefined })).toEqual({ value: 0, passed: false });
    expect(observeCase({ ...base, status: 'skipped', passed: false, weightedScore: undefined })).toBeUndefined();
  });
});
