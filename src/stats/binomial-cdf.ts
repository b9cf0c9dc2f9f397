import { assertCounts } from './assert-counts';
import { assertProbability } from './assert-probability';
import { incompleteBeta } from './incomplete-beta';

/**
 * The binomial distribution function F(k; n, p) = P[X ≤ k] = Σ_{j≤k} f(j; n, p), through the
 * identity F(k; n, p) = I_{1−p}(n − k, k + 1), accurate in relative terms in the lower tail.
 *
 * Reference: Abramowitz & Stegun 26.5.24; the blog's F_{N,p}(k). Domain: n ≥ 1, 0 ≤ k ≤ n whole
 * numbers, 0 ≤ p ≤ 1. Errors: `assertCounts` policy; RangeError for p ∉ [0, 1].
 *
 * @example binomialCdf(80, 100, 0.83) // ≈ 0.2477 (the blog's 24.8%)
 */
export function binomialCdf(k: number, n: number, p: number): number {
  assertCounts(n, k);
  assertProbability('p', p);
  if (k === n || p === 0) return 1;
  if (p === 1) return 0;
  return incompleteBeta(1 - p, p, n - k, k + 1).cdf;
}
