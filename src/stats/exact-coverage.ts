import { assertCounts } from './assert-counts';
import { assertDelta } from './assert-delta';
import { assertProbability } from './assert-probability';
import { binomialCdf } from './binomial-cdf';
import { binomialSf } from './binomial-sf';
import { firstHolding } from './first-holding';
import { proportionInterval } from './proportion-interval';
import type { ProportionMethod } from './types';

/** The largest n: near δ = 1 the ~80 intervals cost more as n grows (0.1 s at 10¹¹, 0.7 s at 10¹³). */
const MAX_N = 1e12;

/**
 * The exact probability that a method's two-sided 1 − δ interval for n trials contains the true
 * proportion p: C(p) = Σₖ f(k; n, p)·[lower(k) ≤ p ≤ upper(k)], with f the Binomial(n, p)
 * probabilities. Exact: no simulation.
 *
 * Method: every method's lower and upper bounds are non-decreasing in k, so the k that cover p form
 * one run [k₁, k₂] — k₁ the first k with upper(k) ≥ p, k₂ the last with lower(k) ≤ p, each found by
 * bisection over k — and C(p) = 1 − F(k₁ − 1; n, p) − P[X > k₂], both tails computed directly.
 * Cost: about 2·log₂ n intervals and two binomial tails: milliseconds at n = 10⁹, up to ~0.3 s at the
 * ceiling n = 10¹² with δ near 1 (intervals near the median cost most). Equal to the sum over k
 * (`coverageCurve`) to ~1e-15.
 *
 * Reference: Brown, Cai & DasGupta (2001), Statistical Science 16(2), §2, eq. (2).
 * Domain: method a `ProportionMethod`, 1 ≤ n ≤ 10¹² whole, 0 ≤ p ≤ 1, 1e-300 ≤ δ < 1.
 * Errors: RangeError naming `method`, `n`, `p` or `delta`; EmptyClassError for n = 0.
 *
 * @example exactCoverage('wald', 10, 0.01, 0.05) // 0.0955040758733… (Wald covers p = 0.01 under 10%)
 */
export function exactCoverage(method: ProportionMethod, n: number, p: number, delta: number): number {
  assertCounts(n, 0);
  if (n > MAX_N) throw new RangeError(`n must be ≤ ${MAX_N} for exact coverage, got ${n}`);
  assertDelta(delta);
  assertProbability('p', p);
  const interval = (k: number) => proportionInterval(method, n, k, delta);
  // k₁: the first k with upper(k) ≥ p (n + 1 if none); k₂: the last k with lower(k) ≤ p (−1 if none).
  const first = firstHolding(0, n + 1, (k) => interval(k).upper >= p);
  const last = firstHolding(0, n + 1, (k) => interval(k).lower > p) - 1;
  if (first > last) return 0;
  const below = first > 0 ? binomialCdf(first - 1, n, p) : 0;
  const above = last < n ? binomialSf(last, n, p) : 0;
  return Math.min(Math.max(1 - below - above, 0), 1);
}
