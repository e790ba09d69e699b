import { describe, expect, it } from 'vitest';
import { bootstrapMeanCi, mean, quantileSorted } from '../../../src/dataset/compare/bootstrap.ts';
import { mulberry32 } from '../../../src/dataset/compare/prng.ts';
import { scoresFrom } from './make-run.ts';

describe('bootstrapMeanCi', () => {
  it('gives a zero-width interval at a constant shift', () => {
    const [lo, hi] = bootstrapMeanCi(Array.from({ length: 30 }, () => -0.2));
    expect(lo).toBeCloseTo(-0.2, 12);
    expect(hi).toBeCloseTo(-0.2, 12);
  });

  it('gives a tight interval around a constant shift with small noise', () => {
    const noise = scoresFrom(7, 200).map((u) => (u - 0.5) * 0.01);
    const differences = noise.map((e) => 0.15 + e);
    const [lo, hi] = bootstrapMeanCi(differences);
    expect(lo).toBeLessThan(mean(differences));
    expect(hi).toBeGreaterThan(mean(differences));
    expect(lo).toBeGreaterThan(0.149);
    expect(hi).toBeLessThan(0.151);
  });

  it('covers roughly mean ± 1.96 standard errors for a large sample', () => {
    const differences = scoresFrom(3, 400).map((u) => u - 0.5);
    const m = mean(differences);
    const sd = Math.sqrt(differences.reduce((sum, d) => sum + (d - m) ** 2, 0) / (differences.length - 1));
    const se = sd / Math.sqrt(differences.length);
    const [lo, hi] = bootstrapMeanCi(differences, { samples: 4000 });
    expect(lo).toBeCloseTo(m - 1.96 * se, 2);
    expect(hi).toBeCloseTo(m + 1.96 * se, 2);
  });

  it('is reproducible for a seed and changes with it', () => {
    const differences = scoresFrom(11, 50).map((u) => u - 0.4);
    expect(bootstrapMeanCi(differences, { seed: 42 })).toEqual(bootstrapMeanCi(differences, { seed: 42 }));
    expect(bootstrapMeanCi(differences, { seed: 42 })).not.toEqual(bootstrapMeanCi(differences, { seed: 43 }));
  });

  it('is NaN for no data and rejects a bad confidence', () => {
    expect(bootstrapMeanCi([])).toEqual([Number.NaN, Number.NaN]);
    expect(() => bootstrapMeanCi([1], { confidence: 0 })).toThrow(RangeError);
  });
});

describe('quantileSorted', () => {
  it('interpolates between order statistics', () => {
    expect(quantileSorted([1, 2, 3, 4, 5], 0.5)).toBe(3);
    expect(quantileSorted([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantileSorted([10, 20], 0.25)).toBe(12.5);
    expect(quantileSorted([10, 20], 0)).toBe(10);
    expect(quantileSorted([10, 20], 1)).toBe(20);
  });
});

describe('mulberry32', () => {
  it('is deterministic and uniform enough', () => {
    const a = mulberry32(1);
    const b = mulberry32(1);
    const values = Array.from({ length: 10_000 }, () => a());
    expect(values.slice(0, 5)).toEqual(Array.from({ length: 5 }, () => b()));
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    expect(mean(values)).toBeCloseTo(0.5, 1);
  });
});
