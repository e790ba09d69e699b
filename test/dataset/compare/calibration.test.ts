/**
 * The verdicts' error rates on simulated runs: how often pure noise is called a regression (should be
 * near α/2 = 2.5% at 95%), and how often a real drop is found.
 */
import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../../src/dataset/compare/index.ts';
import { mulberry32 } from '../../../src/dataset/compare/prng.ts';
import { makeRun } from './make-run.ts';

/** A baseline and a current run of `n` cases whose scores are case difficulty plus independent noise, current shifted. */
function simulate(seed: number, n: number, shift: number) {
  const random = mulberry32(seed);
  const noise = () => (random() + random() + random() - 1.5) * 0.2; // roughly normal, sd 0.1
  const difficulty = Array.from({ length: n }, () => 0.3 + 0.5 * random());
  const clamp = (x: number) => Math.min(1, Math.max(0, x));
  const baseline = makeRun('b', difficulty.map((d) => ({ score: clamp(d + noise()) })));
  const current = makeRun('c', difficulty.map((d) => ({ score: clamp(d + shift + noise()) })));
  return compareRuns(baseline, current, { bootstrapSamples: 1000 });
}

describe('verdict error rates', () => {
  it('calls noise a regression about 2.5% of the time at 95%', () => {
    const trials = 300;
    let regressed = 0;
    let improved = 0;
    for (let seed = 1; seed <= trials; seed++) {
      const verdict = simulate(seed, 40, 0).criteria[0]?.verdict;
      if (verdict === 'regressed') regressed++;
      if (verdict === 'improved') improved++;
    }
    expect(regressed / trials).toBeLessThan(0.06);
    expect(improved / trials).toBeLessThan(0.06);
    expect((regressed + improved) / trials).toBeGreaterThan(0.01);
  }, 60_000);

  it('finds a drop of one standard deviation of the noise in 40 cases nearly always', () => {
    const trials = 100;
    let found = 0;
    for (let seed = 1; seed <= trials; seed++) if (simulate(seed, 40, -0.1).criteria[0]?.verdict === 'regressed') found++;
    expect(found / trials).toBeGreaterThan(0.9);
  }, 60_000);
});
