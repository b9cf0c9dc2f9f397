import { assertCounts } from './assert-counts';
import { assertDelta } from './assert-delta';
import { proportionInterval } from './proportion-interval';
import type { ProportionMethod } from './types';

/** Every interval a method can report for n trials: `lower[k]` and `upper[k]` for k = 0..n. */
/** The largest n a table is built for: n + 1 intervals, under 0.1 s at δ = 0.05, about 0.5 s at δ near 1 (quantiles near the median cost more). */
const MAX_TABLE_N = 10_000;

export interface ProportionIntervalTable {
  method: ProportionMethod;
  n: number;
  delta: number;
  lower: Float64Array;
  upper: Float64Array;
}

/**
 * The method's two-sided 1 − δ interval for every possible outcome k = 0..n of n trials, computed
 * once so coverage can be evaluated at many true p without recomputing intervals
 * (coverage(p) = Σₖ f(k; n, p)·[lower[k] ≤ p ≤ upper[k]], see `coverageCurve`).
 * The arrays are typed so a Web Worker can transfer them without copying.
 *
 * Reference: the methods' own (see `proportionInterval`); Brown, Cai & DasGupta (2001) §2 for
 * coverage as a function of p. Cost: n + 1 interval computations, so n is capped at 10,000 (the coverage view's own limit)
 * (≤ 0.5 s at any δ; for one p at larger n use `exactCoverage`).
 * Domain: n whole with 1 ≤ n ≤ 10,000, 1e-300 ≤ δ < 1, method a `ProportionMethod`.
 * Errors: RangeError naming `n`, `delta` or `method`; EmptyClassError for n = 0.
 *
 * @example proportionIntervalTable('wald', 10, 0.05).upper[0] // 0 (Wald collapses at k = 0)
 */
export function proportionIntervalTable(method: ProportionMethod, n: number, delta: number): ProportionIntervalTable {
  assertCounts(n, 0);
  if (n > MAX_TABLE_N) throw new RangeError(`n must be ≤ ${MAX_TABLE_N} for a table of every outcome, got ${n}`);
  assertDelta(delta);
  proportionInterval(method, n, 0, delta); // validates the method before the arrays are allocated
  const lower = new Float64Array(n + 1);
  const upper = new Float64Array(n + 1);
  for (let k = 0; k <= n; k++) {
    const interval = proportionInterval(method, n, k, delta);
    lower[k] = interval.lower;
    upper[k] = interval.upper;
  }
  return { method, n, delta, lower, upper };
}
