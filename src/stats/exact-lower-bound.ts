import { assertCounts } from './assert-counts';
import { assertDelta } from './assert-delta';
import { betaQuantilePair } from './beta-quantile-pair';

/**
 * The exact (1 − δ) lower confidence bound on a proportion: p̲ = 1 − exactUpperBound(n, n − k, δ)
 * (an upper bound on the error rate, mirrored); 0 when k = 0. Equivalently the p with
 * P[X ≥ k] = δ for X ~ Binomial(n, p), solved as I_p(k, n − k + 1) = δ to full relative precision.
 *
 * Reference: Langford (2005), §3; the blog, "Lower Confidence Bounds".
 * Domain: n ≥ 1, 0 ≤ k ≤ n whole, 2.2250738585072014e-308 ≤ δ < 1 (normal doubles). Errors: `assertCounts` / `assertDelta` policy.
 *
 * @example exactLowerBound(100, 80, 0.025) // ≈ 0.708157 (the 95% central interval's lower end)
 */
export function exactLowerBound(n: number, k: number, delta: number): number {
  assertCounts(n, k);
  assertDelta(delta, 'delta', Number.MIN_VALUE * 2 ** 52); // the smallest normal double: split levels δ/4 of δ ≥ 1e-300 pass
  if (k === 0) return 0;
  return betaQuantilePair(delta, k, n - k + 1).x;
}
