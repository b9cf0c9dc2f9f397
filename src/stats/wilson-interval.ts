import { assertCounts } from './assert-counts';
import { assertDelta } from './assert-delta';
import { normalQuantile } from './normal-quantile';
import type { Interval } from './types';

/**
 * The Wilson score two-sided 1 − δ interval for a binomial proportion: the p for which the score test
 * |p̂ − p| ≤ z·√(p(1 − p)/n) does not reject, i.e. the roots of
 * (n + z²)·p² − (2k + z²)·p + k²/n = 0, with z = Φ⁻¹(1 − δ/2).
 *
 * The lower bound is computed as (k²/n) / ((n + z²)·r₊), r₊ the larger root, which avoids the
 * cancellation of the textbook centre − half-width form when it is tiny; the upper bound is 1 minus
 * the lower bound for n − k (the interval is symmetric under k → n − k, p → 1 − p). So 0 ≤ lower ≤
 * k/n ≤ upper ≤ 1 holds (the computed roots are clamped to k/n, which they reach only by
 * rounding, e.g. at k = n = 2.5e14), with lower = 0 at k = 0 and upper = 1 at k = n.
 * Same values as statsmodels 0.13.5 `proportion_confint(method='wilson')` (to rounding).
 *
 * Reference: E. B. Wilson (1927), "Probable inference, the law of succession, and statistical
 * inference", JASA 22(158), 209–212; Brown, Cai & DasGupta (2001) §4.1.1.
 * Domain: n ≥ 1 and 0 ≤ k ≤ n whole numbers, 1e-300 ≤ δ < 1 (`assertDelta`). `estimate` is k/n.
 * Errors: `EmptyClassError` for n = 0, otherwise a `RangeError` naming the bad argument and value.
 *
 * @example wilsonInterval(10, 7, 0.01) // { estimate: 0.7, lower: 0.32002…, upper: 0.92043… }
 */
export function wilsonInterval(n: number, k: number, delta: number): Interval {
  assertCounts(n, k);
  assertDelta(delta);
  const zSquared = normalQuantile(delta / 2) ** 2;
  const estimate = k / n;
  return {
    estimate,
    lower: Math.min(wilsonLowerRoot(n, k, zSquared), estimate),
    upper: Math.max(1 - wilsonLowerRoot(n, n - k, zSquared), estimate),
  };
}

/** The smaller root of (n + z²)p² − (2k + z²)p + k²/n, via the product of the roots. */
function wilsonLowerRoot(n: number, k: number, zSquared: number): number {
  if (k === 0) return 0;
  const linear = 2 * k + zSquared;
  const larger = (linear + Math.sqrt(zSquared * (zSquared + (4 * k * (n - k)) / n))) / (2 * (n + zSquared));
  return (k * k) / n / ((n + zSquared) * larger);
}
