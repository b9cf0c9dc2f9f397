import { assertCounts } from './assert-counts';
import { assertDelta } from './assert-delta';
import { normalQuantile } from './normal-quantile';
import type { Interval } from './types';

/**
 * The Wald (normal-approximation) two-sided 1 − δ interval for a binomial proportion, clipped to
 * [0, 1]: p̂ ± z·√(p̂(1 − p̂)/n) with p̂ = k/n and z = Φ⁻¹(1 − δ/2).
 *
 * Shown for comparison only: it collapses to the single point [0, 0] or [1, 1] at k = 0 or k = n and
 * its true coverage falls far below 1 − δ near p = 0 or 1 (Brown, Cai & DasGupta 2001, §2).
 * Convention: statsmodels 0.13.5 `proportion_confint(method='normal')`, clipped to [0, 1].
 *
 * Reference: A. Wald & J. Wolfowitz (1939); L. D. Brown, T. T. Cai & A. DasGupta (2001), "Interval
 * estimation for a binomial proportion", Statistical Science 16(2), 101–133.
 * Domain: n ≥ 1 and 0 ≤ k ≤ n whole numbers, 1e-300 ≤ δ < 1. `estimate` is k/n.
 * Errors: `EmptyClassError` for n = 0, otherwise a `RangeError` naming the bad argument and value
 * (the policy of `assertCounts` and `assertDelta`).
 *
 * @example waldInterval(100, 80, 0.05) // { estimate: 0.8, lower: 0.72160…, upper: 0.87839… }
 */
export function waldInterval(n: number, k: number, delta: number): Interval {
  assertCounts(n, k);
  assertDelta(delta);
  const estimate = k / n;
  const halfWidth = -normalQuantile(delta / 2) * Math.sqrt((estimate * (1 - estimate)) / n);
  return { estimate, lower: Math.max(0, estimate - halfWidth), upper: Math.min(1, estimate + halfWidth) };
}
