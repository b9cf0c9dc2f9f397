import { exactInterval } from './exact-interval';
import type { Interval } from './types';

/**
 * The Clopper–Pearson two-sided 1 − δ interval for a binomial proportion — by definition the
 * central exact interval of `exactInterval`: each bound is the exact binomial-tail bound at δ/2,
 * lower = B⁻¹(δ/2; k, n − k + 1) (0 at k = 0), upper = B⁻¹(1 − δ/2; k + 1, n − k) (1 at k = n).
 * Provided under this name so the methods can be listed side by side; it guarantees coverage
 * ≥ 1 − δ for every true p.
 *
 * Reference: C. J. Clopper & E. S. Pearson (1934), "The use of confidence or fiducial limits
 * illustrated in the case of the binomial", Biometrika 26(4), 404–413; statsmodels 0.13.5
 * `proportion_confint(method='beta')`.
 * Domain: n ≥ 1 and 0 ≤ k ≤ n whole numbers, 1e-300 ≤ δ < 1. `estimate` is k/n.
 * Errors: those of `exactInterval` (EmptyClassError for n = 0, RangeError naming the argument).
 *
 * @example clopperPearsonInterval(100, 80, 0.05) // { estimate: 0.8, lower: 0.708157…, upper: 0.873344… }
 */
export function clopperPearsonInterval(n: number, k: number, delta: number): Interval {
  return exactInterval(n, k, delta);
}
