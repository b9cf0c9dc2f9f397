import { balancedInversionCounts } from './balanced-inversion-counts';
import { balancedInversionSearch } from './balanced-inversion-search';
import type { ClassCounts, Interval } from './types';

/**
 * The exact two-sided (1 − δ) interval for the balanced accuracy θ = (p₊ + p₋)/2 by inverting an
 * exact test with δ/2 on each side — the tightest exact construction here, without the union
 * bound's four δ/4 bounds:
 *   lower = inf{θ : sup_{(p₊+p₋)/2 = θ} P[T ≥ t_obs] > δ/2},
 *   upper = sup{θ : sup_{(p₊+p₋)/2 = θ} P[T ≤ t_obs] > δ/2},
 * T = n₋k₊ + n₊k₋ (the estimate's ordering). Coverage ≥ 1 − δ at every (p₊, p₋); each end is
 * certified never inside the exact one, and usually about 10⁻³ standard errors outside it (more where a
 * certification needed a wider gap: 1.4·10⁻² seen); the argument, the certified supremum and its
 * error: `balancedInversionLowerBound`.
 *
 * Measured (src/stats/balanced-inversion.test.ts): on 21 × 21 count pairs at n = 20 per class and
 * δ = 0.05 the mean width is 28% below `balancedInterval`'s. It is wider than the union bound when
 * the classes disagree sharply (one near 0, the other near 1: e.g. 0/1000, 999/1000 gives
 * [0.477, 0.522] against [0.497, 0.502]; up to 0.42 wider at 0/1, 29/29): the estimate ordering
 * pools the classes. About 8–13% of count pairs with n ≤ 40 have an end outside the union bound's.
 *
 * Reference: Lehmann & Romano §3.5; Hoeffding (1956) for equal class sizes. Domain: each class
 * total 1..10⁷ whole, 0 ≤ correct ≤ total; 1e-300 ≤ δ < 1. Errors: RangeError naming the field
 * (`yes.total`, `no.correct`, `delta`, `counts must be an object {yes, no}`), EmptyClassError.
 *
 * @example balancedInversionInterval({ yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } }, 0.05)
 * // ≈ { estimate: 0.93333, lower: 0.86512, upper: 0.97351 } (exact: [0.865146, 0.973483]; union bound: [0.8063, 0.9864])
 */
export function balancedInversionInterval(counts: { yes: ClassCounts; no: ClassCounts }, delta: number): Interval {
  const { nYes, nNo, t, tMax, estimate } = balancedInversionCounts(counts, delta);
  const lower = balancedInversionSearch(nYes, nNo, t, delta / 2).bound;
  const upper = 1 - balancedInversionSearch(nYes, nNo, tMax - t, delta / 2).bound;
  return { estimate, lower: Math.min(lower, estimate), upper: Math.max(upper, estimate) };
}
