import { assertCoverageGrid, type CoverageGridArguments } from './assert-coverage-grid';
import { balancedBuehlerInterval } from './balanced-buehler-interval';
import { intervalTableCoverage } from './interval-table-coverage';

/** The largest class size: (n₊ + 1)(n₋ + 1) observations, each two certified searches. */
const MAX_CLASS_SIZE = 60;

/**
 * The exact coverage of the Buehler balanced interval (`balancedBuehlerInterval` at δ, the same
 * ends bit for bit) for class sizes nYes and nNo, at every pair (pYes, pNo) of a grid — the same
 * sum as `balancedCoverageGrid` (union bound) and `balancedInversionCoverageGrid`, so the heat maps
 * can sit side by side:
 *
 *   C(p₊, p₋) = Σ_{k₊, k₋} f(k₊; n₊, p₊)·f(k₋; n₋, p₋)·[L(k₊, k₋) ≤ (p₊ + p₋)/2 ≤ U(k₊, k₋)].
 *
 * Reference: Brown, Cai & DasGupta (2001), §2 (coverage), applied to the pair of classes.
 * Cost: 2(n₊ + 1)(n₋ + 1) certified searches (≈ 1 ms each at these sizes), then O(n₊n₋) per point.
 * Domain: 1 ≤ nYes, nNo ≤ 60 whole; 1e-300 ≤ δ < 1; pYesValues, pNoValues arrays of values in [0, 1].
 * Errors: EmptyClassError for a class size 0; RangeError naming `nYes`, `nNo`, `delta`, `pYesValues`
 * / `pNoValues` (not an array) or the offending `pYesValues[i]` / `pNoValues[j]`.
 *
 * @param onProgress called after each row of the table and of the grid, with the rows done and the total.
 * @returns coverage[i][j] at (pYesValues[i], pNoValues[j]).
 * @example balancedBuehlerCoverageGrid(20, 20, 0.05, [0.9], [0.8])[0][0] // ≈ 0.98
 */
export function balancedBuehlerCoverageGrid(...grid: CoverageGridArguments): number[][] {
  assertCoverageGrid(grid, MAX_CLASS_SIZE);
  const [nYes, nNo, delta, pYesValues, pNoValues, onProgress] = grid;
  const lower = new Float64Array((nYes + 1) * (nNo + 1));
  const upper = new Float64Array((nYes + 1) * (nNo + 1));
  const rows = nYes + 1 + pYesValues.length;
  for (let kYes = 0; kYes <= nYes; kYes++) {
    for (let kNo = 0; kNo <= nNo; kNo++) {
      const interval = balancedBuehlerInterval({ yes: { correct: kYes, total: nYes }, no: { correct: kNo, total: nNo } }, delta);
      lower[kYes * (nNo + 1) + kNo] = interval.lower;
      upper[kYes * (nNo + 1) + kNo] = interval.upper;
    }
    onProgress?.(kYes + 1, rows);
  }
  return intervalTableCoverage(nYes, nNo, lower, upper, pYesValues, pNoValues, onProgress && ((done) => onProgress(nYes + 1 + done, rows)));
}
