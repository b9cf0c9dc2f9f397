import { balancedInversionCounts } from './balanced-inversion-counts';
import { balancedInversionSearch } from './balanced-inversion-search';
import type { ClassCounts } from './types';

/**
 * The exact one-sided (1 − δ) upper confidence bound for the balanced accuracy by inverting an
 * exact test: the mirror image of `balancedInversionLowerBound` on the errors,
 * U = 1 − L(errors n₊ − k₊, n₋ − k₋) = sup{θ : sup_{(p₊+p₋)/2 = θ} P[T ≤ t_obs] > δ}.
 * Certified: never below the exact U, usually about 10⁻³ standard errors above it, or 10⁻³ of 1 − U
 * where that is smaller (see the lower
 * bound for the argument and the error). Clamped to ≥ the estimate.
 *
 * Reference: as `balancedInversionLowerBound`. Domain: each class total 1..10⁷ whole,
 * 0 ≤ correct ≤ total; 1e-300 ≤ δ < 1. Errors: RangeError naming the field, EmptyClassError.
 *
 * @example balancedInversionUpperBound({ yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } }, 0.05) // ≈ 0.96868 (exact: 0.968654)
 */
export function balancedInversionUpperBound(counts: { yes: ClassCounts; no: ClassCounts }, delta: number): number {
  const { nYes, nNo, t, tMax, estimate } = balancedInversionCounts(counts, delta);
  return Math.max(1 - balancedInversionSearch(nYes, nNo, tMax - t, delta).bound, estimate);
}
