import { assertCounts } from './assert-counts';
import { assertDelta } from './assert-delta';
import { betaQuantilePair } from './beta-quantile-pair';

/**
 * The exact (1 − δ) upper confidence bound on a proportion from k successes in n trials:
 * p̄ = max{p : F(k; n, p) ≥ δ}, i.e. the p at which only δ of the Binomial(n, p) mass lies at or
 * below k; 1 when k = n. Solved as 1 − c with I_c(n − k, k + 1) = δ, both c and 1 − c precise.
 *
 * Reference: Langford (2005), §3 ("binomial tail inversion", the program bound); the blog
 * "Tales from the Binomial Tail", Definition of the upper confidence bound.
 * Domain: n ≥ 1, 0 ≤ k ≤ n whole, 2.2250738585072014e-308 ≤ δ < 1 (normal doubles). Errors: `assertCounts` / `assertDelta` policy.
 *
 * @example exactUpperBound(100, 80, 0.05) // ≈ 0.863339 (the blog's 86.3%)
 */
export function exactUpperBound(n: number, k: number, delta: number): number {
  assertCounts(n, k);
  assertDelta(delta, 'delta', Number.MIN_VALUE * 2 ** 52); // the smallest normal double: split levels δ/4 of δ ≥ 1e-300 pass
  if (k === n) return 1;
  return betaQuantilePair(delta, n - k, k + 1).y;
}
