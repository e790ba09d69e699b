import { describe, expect, it } from 'vitest';
import { normalQuantile, wilsonInterval } from '../../../src/dataset/compare/wilson.ts';

describe('normalQuantile', () => {
  it('matches tabulated standard normal quantiles', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 6);
    expect(normalQuantile(0.95)).toBeCloseTo(1.644854, 6);
    expect(normalQuantile(0.995)).toBeCloseTo(2.575829, 6);
    expect(normalQuantile(0.5)).toBe(0);
    expect(normalQuantile(0.01)).toBeCloseTo(-2.326348, 6);
    expect(normalQuantile(0.001)).toBeCloseTo(-3.090232, 5);
  });

  it('is infinite at the ends and NaN outside [0, 1]', () => {
    expect(normalQuantile(0)).toBe(Number.NEGATIVE_INFINITY);
    expect(normalQuantile(1)).toBe(Number.POSITIVE_INFINITY);
    expect(normalQuantile(1.5)).toBeNaN();
  });
});

describe('wilsonInterval', () => {
  it('gives [0.490, 0.943] for 8 of 10 at 95%', () => {
    const [lo, hi] = wilsonInterval(8, 10, 0.95);
    expect(lo).toBeCloseTo(0.4902, 4);
    expect(hi).toBeCloseTo(0.9433, 4);
  });

  it('matches other known values', () => {
    // 0 of 10 at 95%: [0, z^2 / (n + z^2)] = [0, 0.2775]
    const [lo0, hi0] = wilsonInterval(0, 10);
    expect(lo0).toBe(0);
    expect(hi0).toBeCloseTo(0.2775, 4);
    // 50 of 100 at 95%: [0.4038, 0.5962]
    const [lo50, hi50] = wilsonInterval(50, 100);
    expect(lo50).toBeCloseTo(0.4038, 4);
    expect(hi50).toBeCloseTo(0.5962, 4);
    // 10 of 10 at 90%: lower bound n / (n + z^2) with z = 1.6449
    expect(wilsonInterval(10, 10, 0.9)[0]).toBeCloseTo(10 / (10 + 1.644854 ** 2), 5);
    expect(wilsonInterval(10, 10, 0.9)[1]).toBe(1);
  });

  it('narrows as trials grow and widens with confidence', () => {
    const width = ([lo, hi]: [number, number]) => hi - lo;
    expect(width(wilsonInterval(80, 100))).toBeLessThan(width(wilsonInterval(8, 10)));
    expect(width(wilsonInterval(8, 10, 0.99))).toBeGreaterThan(width(wilsonInterval(8, 10, 0.95)));
  });

  it('is [0, 1] without trials and rejects impossible inputs', () => {
    expect(wilsonInterval(0, 0)).toEqual([0, 1]);
    expect(() => wilsonInterval(11, 10)).toThrow(RangeError);
    expect(() => wilsonInterval(1, 10, 1)).toThrow(RangeError);
  });
});
