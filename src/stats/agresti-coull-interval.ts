import { assertCounts } from './assert-counts';
import { assertDelta } from './assert-delta';
import { normalQuantile } from './normal-quantile';
import type { Interval } from './types';

/**
 * The Agresti–Coull ("add z² trials") two-sided 1 − δ interval for a binomial proportion, clipped to
 * [0, 1]: with z = Φ⁻¹(1 − δ/2), ñ = n + z² and p̃ = (k + z²/2)/ñ, the bounds are p̃ ± z·√(p̃(1 − p̃)/ñ).
 * (For δ = 0.05 this is close to the "add two successes and two failures" rule.) It always contains
 * the Wilson interval, which has the same centre p̃.
 *
 * Convention: statsmodels 0.13.5 `proportion_confint(method='agresti_coull')` — z² added trials
 * (not the rounded 4), then clipped to [0, 1].
 * Reference: A. Agresti & B. A. Coull (1998), "Approximate is better than 'exact' for interval
 * estimation of binomial proportions", The American Statistician 52(2), 119–126.
 * Domain: n ≥ 1 and 0 ≤ k ≤ n whole numbers, 1e-300 ≤ δ < 1. `estimate` is k/n (not p̃); the
 * interval contains it in exact arithmetic, and the returned bounds are clamped so it does after
 * rounding too.
 * Errors: `EmptyClassError` for n = 0, otherwise a `RangeError` naming the bad argument and value.
 *
 * @example agrestiCoullInterval(10, 7, 0.01) // { estimate: 0.7, lower: 0.31371…, upper: 0.92673… }
 */
export function agrestiCoullInterval(n: number, k: number, delta: number): Interval {
  assertCounts(n, k);
  assertDelta(delta);
  const z = -normalQuantile(delta / 2);
  const adjustedTrials = n + z * z;
  const centre = (k + (z * z) / 2) / adjustedTrials;
  const halfWidth = z * Math.sqrt((centre * (1 - centre)) / adjustedTrials);
  const estimate = k / n;
  return {
    estimate,
    lower: Math.min(Math.max(0, centre - halfWidth), estimate),
    upper: Math.max(Math.min(1, centre + halfWidth), estimate),
  };
}
