import { describe, expect, it } from 'vitest';
import { normalizeScore } from '../../src/core/normalize.ts';

describe('normalizeScore', () => {
  it('maps booleans and pass/fail words to 1 or 0 on any scale', () => {
    expect(normalizeScore(true, { scale: 'likert5' })).toBe(1);
    expect(normalizeScore(false)).toBe(0);
    for (const word of ['true', 'PASS', 'yes']) expect(normalizeScore(word, { scale: 'pass/fail' })).toBe(1);
    for (const word of ['false', 'fail', 'No']) expect(normalizeScore(word, { scale: 'custom' })).toBe(0);
  });

  it('maps binary and pass/fail numbers to 0 or 1', () => {
    expect(normalizeScore(1, { scale: 'binary' })).toBe(1);
    expect(normalizeScore(0, { scale: 'pass/fail' })).toBe(0);
    expect(normalizeScore(0.7, { scale: 'binary' })).toBe(1);
  });

  it('maps likert5 as (s-1)/4 and rejects out-of-range scores', () => {
    expect(normalizeScore(1, { scale: 'likert5' })).toBe(0);
    expect(normalizeScore(3, { scale: 'likert5' })).toBe(0.5);
    expect(normalizeScore(5, { scale: 'likert5' })).toBe(1);
    expect(normalizeScore('4', { scale: 'likert5' })).toBe(0.75);
    expect(normalizeScore(6, { scale: 'likert5' })).toBeNull();
  });

  it('keeps numeric 0..1, divides (1, 100] by 100 and leaves other ranges out', () => {
    expect(normalizeScore(0.42, { scale: 'numeric' })).toBe(0.42);
    expect(normalizeScore(85, { scale: 'numeric' })).toBe(0.85);
    expect(normalizeScore(250, { scale: 'numeric' })).toBeNull();
    expect(normalizeScore(-1, { scale: 'numeric' })).toBeNull();
    expect(normalizeScore(Number.NaN, { scale: 'numeric' })).toBeNull();
    // The boundaries: 1 is the top of 0..1 (not 1%), 100 the top of (1, 100].
    expect(normalizeScore(1, { scale: 'numeric' })).toBe(1);
    expect(normalizeScore(100, { scale: 'numeric' })).toBe(1);
    expect(normalizeScore(100.5, { scale: 'numeric' })).toBeNull();
    // An undeclared criterion is read by the score's type: numbers as numeric.
    expect(normalizeScore(0.3)).toBe(0.3);
    expect(normalizeScore(30)).toBe(0.3);
  });

  it('maps declared {min, max} ranges linearly', () => {
    expect(normalizeScore(7, { scale: { min: 0, max: 10 } })).toBeCloseTo(0.7);
    expect(normalizeScore(250, { scale: { min: 0, max: 1000 } })).toBe(0.25);
    expect(normalizeScore(12, { scale: { min: 0, max: 10 } })).toBe(1);
  });

  it('scores other strings only through a declared label map', () => {
    expect(normalizeScore('positive', { scale: 'category' })).toBeNull();
    expect(normalizeScore('ok', { scale: 'category', labelScores: { good: 1, ok: 0.5, bad: 0 } })).toBe(0.5);
    expect(normalizeScore('unknown', { scale: 'category', labelScores: { good: 1 } })).toBeNull();
  });

  it('never turns a skipped score into 0', () => {
    expect(normalizeScore(null, { scale: 'numeric' })).toBeNull();
    expect(normalizeScore(undefined)).toBeNull();
  });
});
