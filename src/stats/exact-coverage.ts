import { assertProbability } from './assert-probability';
import { coverageCurve } from './coverage-curve';
import type { ProportionMethod } from './types';

/**
 * The exact probability that a method's two-sided 1 − δ interval for n trials contains the true
 * proportion p: C(p) = Σₖ f(k; n, p)·[lower(k) ≤ p ≤ upper(k)], with f the Binomial(n, p)
 * probabilities. Exact: no simulation. (One point of `coverageCurve`; use that for many p.)
 *
 * Reference: Brown, Cai & DasGupta (2001), Statistical Science 16(2), §2, eq. (2).
 * Domain: method a `ProportionMethod`, n ≥ 1 whole, 0 ≤ p ≤ 1, 0 < δ < 1.
 * Errors: RangeError naming `method`, `n`, `p` or `delta`; EmptyClassError for n = 0.
 *
 * @example exactCoverage('wald', 10, 0.01, 0.05) // 0.0955040758733… (Wald covers p = 0.01 under 10%)
 */
export function exactCoverage(method: ProportionMethod, n: number, p: number, delta: number): number {
  assertProbability('p', p);
  return coverageCurve(method, n, delta, [p])[0]!;
}
