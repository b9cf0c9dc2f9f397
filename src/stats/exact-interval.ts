import { assertCounts } from './assert-counts';
import { assertDelta } from './assert-delta';
import { exactLowerBound } from './exact-lower-bound';
import { exactUpperBound } from './exact-upper-bound';
import type { Interval } from './types';

/**
 * The exact central (1 − δ) confidence interval for a proportion (Clopper–Pearson): each one-sided
 * bound at δ/2, so that the two can fail together with probability at most δ;
 * estimate = k/n, lower = exactLowerBound(n, k, δ/2), upper = exactUpperBound(n, k, δ/2).
 *
 * Reference: the blog, "Central Confidence Intervals"; Clopper & Pearson (1934).
 * Domain: n ≥ 1, 0 ≤ k ≤ n whole, 1e-300 ≤ δ < 1. Errors: `assertCounts` (EmptyClassError for
 * n = 0) and `assertDelta` policy. The bounds straddle k/n in exact arithmetic (δ/2 < ½); the
 * returned ones are clamped to it, so lower ≤ estimate ≤ upper holds after rounding too.
 *
 * @example exactInterval(100, 80, 0.05) // ≈ { estimate: 0.8, lower: 0.708157, upper: 0.873344 }
 */
export function exactInterval(n: number, k: number, delta: number): Interval {
  assertCounts(n, k);
  assertDelta(delta);
  const estimate = k / n;
  return {
    estimate,
    lower: Math.min(exactLowerBound(n, k, delta / 2), estimate),
    upper: Math.max(exactUpperBound(n, k, delta / 2), estimate),
  };
}
