/**
 * Wilson score interval of a binomial proportion, and the standard normal quantile it needs.
 */

/**
 * Quantile (inverse CDF) of the standard normal distribution, by Acklam's rational approximation
 * (relative error below 1.15e-9 over (0, 1)): a rational function of q = p - 0.5 in the central
 * region 0.02425 <= p <= 0.97575, and of r = sqrt(-2 ln p) in the tails.
 */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) {
    if (p === 0) return Number.NEGATIVE_INFINITY;
    if (p === 1) return Number.POSITIVE_INFINITY;
    return Number.NaN;
  }
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  if (p < low || p > 1 - low) {
    const r = Math.sqrt(-2 * Math.log(p < low ? p : 1 - p));
    const x = (((((c[0]! * r + c[1]!) * r + c[2]!) * r + c[3]!) * r + c[4]!) * r + c[5]!) / ((((d[0]! * r + d[1]!) * r + d[2]!) * r + d[3]!) * r + 1);
    return p < low ? x : -x;
  }
  const q = p - 0.5;
  const r = q * q;
  return ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) / (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1);
}

/**
 * Two-sided Wilson score interval for `successes` out of `trials` at the given confidence:
 *
 *   z = Φ⁻¹(1 - (1 - confidence) / 2),  p̂ = successes / trials,  n = trials
 *   centre    = (p̂ + z² / 2n) / (1 + z² / n)
 *   halfWidth = z · sqrt(p̂(1 - p̂) / n + z² / 4n²) / (1 + z² / n)
 *   interval  = [centre - halfWidth, centre + halfWidth], clamped to [0, 1]
 *
 * Unlike the normal (Wald) interval it stays inside [0, 1] and is sensible at p̂ = 0 or 1 and small n.
 * With no trials the proportion is unknown and the interval is [0, 1].
 */
export function wilsonInterval(successes: number, trials: number, confidence = 0.95): [number, number] {
  if (!(trials > 0)) return [0, 1];
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must be in (0, 1), got ${confidence}`);
  if (successes < 0 || successes > trials) throw new RangeError(`successes must be in 0..${trials}, got ${successes}`);
  const z = normalQuantile(1 - (1 - confidence) / 2);
  const n = trials;
  const p = successes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const halfWidth = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  return [Math.max(0, centre - halfWidth), Math.min(1, centre + halfWidth)];
}
