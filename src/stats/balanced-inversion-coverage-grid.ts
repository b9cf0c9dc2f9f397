import { assertCoverageGrid, type CoverageGridArguments } from './assert-coverage-grid';
import { balancedInversionSearch } from './balanced-inversion-search';
import { intervalTableCoverage } from './interval-table-coverage';

/** The largest class size: (n₊ + 1)(n₋ + 1) distinct observations, each two certified searches. */
const MAX_CLASS_SIZE = 60;

/**
 * The exact coverage of the inverted balanced interval (`balancedInversionInterval` at δ) for
 * class sizes nYes and nNo, at every pair (pYes, pNo) of a grid:
 *
 *   C(p₊, p₋) = Σ_{k₊, k₋} f(k₊; n₊, p₊)·f(k₋; n₋, p₋)·[L(k₊, k₋) ≤ (p₊ + p₋)/2 ≤ U(k₊, k₋)],
 *
 * the same sum as `balancedCoverageGrid` for the union bound, so the two heat maps can sit side by
 * side. The interval depends on the counts only through t = n₋k₊ + n₊k₋, so it is computed once
 * per distinct t (bit-identical to `balancedInversionInterval`'s ends) and the sum runs over all
 * (n₊ + 1)(n₋ + 1) cells: O(n₊n₋) per grid point.
 *
 * Reference: Brown, Cai & DasGupta (2001), §2 (coverage), applied to the pair of classes.
 * Cost: up to 2(n₊ + 1)(n₋ + 1) certified searches (≈ 0.05 s at 60 × 60, whose t repeat; ≈ 15 s at 60 × 59, where none does), then O(n₊n₋) per point.
 * Domain: 1 ≤ nYes, nNo ≤ 60 whole; 1e-300 ≤ δ < 1; pYesValues, pNoValues arrays of values in [0, 1].
 * Errors: EmptyClassError for a class size 0; RangeError naming `nYes`, `nNo`, `delta`, `pYesValues`
 * / `pNoValues` (not an array) or the offending `pYesValues[i]` / `pNoValues[j]`.
 *
 * @param onProgress called after each row (each pYes) with the rows done and the total.
 * @returns coverage[i][j] at (pYesValues[i], pNoValues[j]).
 * @example balancedInversionCoverageGrid(20, 20, 0.05, [0.9], [0.8])[0][0] // 0.97730 (union bound: 0.99949)
 */
export function balancedInversionCoverageGrid(...grid: CoverageGridArguments): number[][] {
  assertCoverageGrid(grid, MAX_CLASS_SIZE);
  const [nYes, nNo, delta, pYesValues, pNoValues, onProgress] = grid;
  const tMax = 2 * nYes * nNo;
  const lowerByT = new Map<number, number>();
  const upperByT = new Map<number, number>();
  // The interval's ends for every cell, as balancedInversionInterval computes them (same clamps).
  const lower = new Float64Array((nYes + 1) * (nNo + 1));
  const upper = new Float64Array((nYes + 1) * (nNo + 1));
  for (let kYes = 0; kYes <= nYes; kYes++) {
    for (let kNo = 0; kNo <= nNo; kNo++) {
      const t = kYes * nNo + kNo * nYes;
      const estimate = Math.min(1, (kYes / nYes + kNo / nNo) / 2);
      let low = lowerByT.get(t);
      if (low === undefined) lowerByT.set(t, (low = balancedInversionSearch(nYes, nNo, t, delta / 2).bound));
      let high = upperByT.get(t);
      if (high === undefined) upperByT.set(t, (high = 1 - balancedInversionSearch(nYes, nNo, tMax - t, delta / 2).bound));
      lower[kYes * (nNo + 1) + kNo] = Math.min(low, estimate);
      upper[kYes * (nNo + 1) + kNo] = Math.max(high, estimate);
    }
  }
  return intervalTableCoverage(nYes, nNo, lower, upper, pYesValues, pNoValues, onProgress);
}
