import { assertCounts } from './assert-counts';
import { assertDelta } from './assert-delta';
import { betaQuantilePair } from './beta-quantile-pair';

/**
 * 1 − exactUpperBound(n, k, δ), computed directly so it keeps full relative precision when the
 * upper bound is close to 1 (e.g. 999,990 of 1,000,000 correct): the c with I_c(n − k, k + 1) = δ,
 * since F(k; n, p) = I_{1−p}(n − k, k + 1). Zero when k = n.
 *
 * Reference: Langford (2005), "Tutorial on practical prediction theory", §3 (binomial tail
 * inversion); Clopper & Pearson (1934). Domain: n ≥ 1, 0 ≤ k ≤ n whole, 2.2250738585072014e-308 ≤ δ < 1 (normal doubles).
 * Errors: `assertCounts` / `assertDelta` policy (RangeError naming the argument; EmptyClassError).
 *
 * @example upperComplement(100, 80, 0.05) // ≈ 0.136661 (upper bound 0.863339)
 */
export function upperComplement(n: number, k: number, delta: number): number {
  assertCounts(n, k);
  assertDelta(delta, 'delta', Number.MIN_VALUE * 2 ** 52); // the smallest normal double: split levels δ/4 of δ ≥ 1e-300 pass
  if (k === n) return 0;
  return betaQuantilePair(delta, n - k, k + 1).x;
}
