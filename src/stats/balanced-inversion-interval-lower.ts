import { balancedInversionCounts } from './balanced-inversion-counts';
import { balancedInversionSearch } from './balanced-inversion-search';
import type { ClassCounts } from './types';

/**
 * The lower end of `balancedInversionInterval(counts, δ)` alone, bit for bit — the certified bound at
 * δ/2 — for sorting many detectors by it (half the work of the whole interval).
 *
 * Domain and errors: as `balancedInversionInterval` (1e-300 ≤ δ < 1; RangeError naming the field,
 * EmptyClassError).
 *
 * @example balancedInversionIntervalLower({ yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } }, 0.05) // ≈ 0.86512, as balancedInversionInterval's lower end
 */
export function balancedInversionIntervalLower(counts: { yes: ClassCounts; no: ClassCounts }, delta: number): number {
  const { nYes, nNo, t, estimate } = balancedInversionCounts(counts, delta);
  return Math.min(balancedInversionSearch(nYes, nNo, t, delta / 2).bound, estimate);
}
