import { buehlerLowerAt } from './balanced-buehler-lower-bound';
import { balancedInversionCounts } from './balanced-inversion-counts';
import type { ClassCounts } from './types';

/**
 * The lower end of `balancedBuehlerInterval(counts, δ)` alone, bit for bit — the one-sided bound at
 * δ/2 — for sorting many detectors by it (half the work of the whole interval).
 *
 * Domain and errors: as `balancedBuehlerInterval` (1e-300 ≤ δ < 1; RangeError naming the field,
 * EmptyClassError).
 *
 * @example balancedBuehlerIntervalLower({ yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } }, 0.05) // ≈ 0.86513, as balancedBuehlerInterval's lower end
 */
export function balancedBuehlerIntervalLower(counts: { yes: ClassCounts; no: ClassCounts }, delta: number): number {
  const { estimate } = balancedInversionCounts(counts, delta);
  return buehlerLowerAt(counts, delta / 2, estimate);
}
