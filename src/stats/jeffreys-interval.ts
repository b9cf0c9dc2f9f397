import { assertCounts } from './assert-counts';
import { assertDelta } from './assert-delta';
import { betaQuantile } from './beta-quantile';
import type { Interval } from './types';

/**
 * The Jeffreys two-sided 1 − δ interval for a binomial proportion: the equal-tailed credible interval
 * of the Jeffreys posterior Beta(k + ½, n − k + ½),
 * lower = B⁻¹(δ/2; k + ½, n − k + ½), upper = B⁻¹(1 − δ/2; k + ½, n − k + ½),
 * with the upper bound computed as 1 − B⁻¹(δ/2; n − k + ½, k + ½) so that 1 − upper keeps its digits.
 *
 * Convention: no boundary modification (statsmodels 0.13.5 `proportion_confint(method='jeffreys')`):
 * at k = 0 the lower bound is the δ/2 quantile, which is > 0, so the interval does not contain
 * k/n = 0 (and at k = n the upper bound is < 1). Brown, Cai & DasGupta (2001) §4.1.3 instead set
 * the bound to 0 (or 1) there.
 * Reference: H. Jeffreys (1946); Brown, Cai & DasGupta (2001), Statistical Science 16(2), §4.1.3.
 * Domain: n ≥ 1 and 0 ≤ k ≤ n whole numbers, 1e-300 ≤ δ < 1. `estimate` is k/n. As δ → 1 both ends
 * tend to the posterior median; where rounding would put lower an ulp above upper (δ = 1 − 1e-16),
 * lower is set to upper, so lower ≤ upper always.
 * Errors: `EmptyClassError` for n = 0, otherwise a `RangeError` naming the bad argument and value.
 *
 * @example jeffreysInterval(10, 7, 0.01) // { estimate: 0.7, lower: 0.30655…, upper: 0.94467… }
 */
export function jeffreysInterval(n: number, k: number, delta: number): Interval {
  assertCounts(n, k);
  assertDelta(delta);
  const upper = 1 - betaQuantile(delta / 2, n - k + 0.5, k + 0.5);
  return { estimate: k / n, lower: Math.min(betaQuantile(delta / 2, k + 0.5, n - k + 0.5), upper), upper };
}
