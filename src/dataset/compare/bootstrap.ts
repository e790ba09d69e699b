/**
 * Paired bootstrap confidence interval of a mean difference.
 */
import { mulberry32 } from './prng.ts';

/** Options of {@link bootstrapMeanCi}. */
export interface BootstrapOptions {
  /** Two-sided confidence level in (0, 1); default 0.95. */
  confidence?: number;
  /** Number of bootstrap resamples; default 2000. */
  samples?: number;
  /** Seed of the resampling generator; default 0x5eed. */
  seed?: number;
}

/** Arithmetic mean; NaN for an empty list. */
export function mean(values: readonly number[]): number {
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}

/**
 * Percentile bootstrap interval of the mean of paired differences d_i = current_i - baseline_i.
 * Resampling the differences (not the two runs separately) keeps each case's pairing, so case-to-case
 * difficulty cancels out. B times: draw n differences with replacement, take their mean m_b; the
 * interval is the (α/2, 1 - α/2) quantiles of the sorted m_b, α = 1 - confidence, each quantile
 * interpolated linearly between order statistics at position q·(B - 1).
 * Deterministic for a given seed; a constant list gives a zero-width interval at that constant.
 */
export function bootstrapMeanCi(differences: readonly number[], options: BootstrapOptions = {}): [number, number] {
  const confidence = options.confidence ?? 0.95;
  const samples = Math.max(1, Math.floor(options.samples ?? 2000));
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must be in (0, 1), got ${confidence}`);
  const n = differences.length;
  if (n === 0) return [Number.NaN, Number.NaN];
  const random = mulberry32(options.seed ?? 0x5eed);
  const means = new Float64Array(samples);
  for (let b = 0; b < samples; b++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += differences[Math.floor(random() * n)]!;
    means[b] = sum / n;
  }
  means.sort();
  const alpha = 1 - confidence;
  return [quantileSorted(means, alpha / 2), quantileSorted(means, 1 - alpha / 2)];
}

/** Quantile q of an ascending array, interpolating linearly between order statistics at q·(n - 1). */
export function quantileSorted(sorted: ArrayLike<number>, q: number): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const position = Math.min(1, Math.max(0, q)) * (n - 1);
  const lower = Math.floor(position);
  const upper = Math.min(n - 1, lower + 1);
  const fraction = position - lower;
  return sorted[lower]! + (sorted[upper]! - sorted[lower]!) * fraction;
}
