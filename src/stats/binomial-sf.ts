import { assertCounts } from './assert-counts';
import { assertProbability } from './assert-probability';
import { incompleteBeta } from './incomplete-beta';

/**
 * The binomial survival function P[X > k] = 1 − F(k; n, p) = I_p(k + 1, n − k), accurate in
 * relative terms in the upper tail (not computed as 1 − binomialCdf).
 *
 * Reference: Abramowitz & Stegun 26.5.24. Domain: n ≥ 1, 0 ≤ k ≤ n whole numbers, 0 ≤ p ≤ 1.
 * Errors: `assertCounts` policy; RangeError for p ∉ [0, 1].
 *
 * @example binomialSf(80, 100, 0.8) // ≈ 0.4602
 */
export function binomialSf(k: number, n: number, p: number): number {
  assertCounts(n, k);
  assertProbability('p', p);
  if (k === n || p === 0) return 0;
  if (p === 1) return 1;
  return incompleteBeta(1 - p, p, n - k, k + 1).sf;
}
