import { assertCoverageGrid, type CoverageGridArguments } from './assert-coverage-grid';
import { binomialPmfRow } from './binomial-pmf-row';
import { exactLowerBound } from './exact-lower-bound';
import { exactUpperBound } from './exact-upper-bound';

/** The largest class size: 2(n + 1) exact bounds per class, at most about 0.5 s per class at 10⁴ (δ near 1). */
const MAX_CLASS_SIZE = 10_000;

/**
 * The exact coverage of the union-bound balanced interval (`balancedInterval` at δ) for class
 * sizes nYes and nNo, at every pair of true per-class accuracies (pYes, pNo) of a grid:
 *
 *   C(p₊, p₋) = Σ_{k₊, k₋} f(k₊; n₊, p₊)·f(k₋; n₋, p₋)·[L(k₊, k₋) ≤ (p₊ + p₋)/2 ≤ U(k₊, k₋)],
 *
 * with L, U the averages of the per-class exact bounds at δ/4 (the blog's "Constructing the Bound
 * for Balanced Accuracy"). The union bound makes C ≥ 1 − δ everywhere; this shows by how much.
 *
 * Method: the per-class bounds for every k are computed once. Since they increase with k, for each
 * k₊ the k₋ that cover form one run [a, b], found with two pointers, and the inner sum is a
 * difference of prefix sums of f(·; n₋, p₋): O(n₊ + n₋) per grid point. The comparisons are made
 * on the sums L₊ + L₋ ≤ p₊ + p₋ (halving is exact), so the result agrees with `balancedInterval`.
 *
 * Reference: Langford (2005) for the per-class bounds; the blog, balanced-accuracy section; the
 * coverage definition of Brown, Cai & DasGupta (2001), §2, applied to the pair of classes.
 * Cost: 2(n₊ + n₋ + 2) exact bounds, then O(n₊ + n₋) per grid point; class sizes are capped at
 * 10,000 (under a second for the bounds at any δ) — the coverage view uses at most 1,000.
 * Domain: 1 ≤ nYes, nNo ≤ 10,000 whole; 1e-300 ≤ δ < 1; pYesValues, pNoValues arrays of values in
 * [0, 1]. Errors: EmptyClassError for a class size 0; RangeError naming `nYes`, `nNo`, `delta`,
 * `pYesValues` / `pNoValues` (not an array) or the offending `pYesValues[i]` / `pNoValues[j]`.
 *
 * @param onProgress called after each row (each pYes) with the rows done and the total, for a
 *   worker's progress bar.
 * @returns coverage[i][j] at (pYesValues[i], pNoValues[j]).
 * @example balancedCoverageGrid(60, 60, 0.05, [0.9], [0.8])[0][0] // 0.99930 — far above 0.95: the union bound is conservative
 */
export function balancedCoverageGrid(...grid: CoverageGridArguments): number[][] {
  assertCoverageGrid(grid, MAX_CLASS_SIZE);
  const [nYes, nNo, delta, pYesValues, pNoValues, onProgress] = grid;
  const yes = classBounds(nYes, delta / 4);
  const no = classBounds(nNo, delta / 4);
  const noPrefixSums = pNoValues.map((pNo) => prefixSums(binomialPmfRow(nNo, pNo)));
  return pYesValues.map((pYes, row) => {
    const yesPmf = binomialPmfRow(nYes, pYes);
    const coverageRow = pNoValues.map((pNo, column) => {
      const target = pYes + pNo;
      const cumulative = noPrefixSums[column]!;
      let coverage = 0;
      // first[k₊] = smallest k₋ with U₊ + U₋ ≥ target; last = largest k₋ with L₊ + L₋ ≤ target.
      let first = nNo + 1;
      let last = nNo;
      for (let kYes = 0; kYes <= nYes; kYes++) {
        const upperYes = yes.upper[kYes]!;
        const lowerYes = yes.lower[kYes]!;
        while (first > 0 && upperYes + no.upper[first - 1]! >= target) first--;
        while (last >= 0 && lowerYes + no.lower[last]! > target) last--;
        if (first <= last) coverage += yesPmf[kYes]! * (cumulative[last + 1]! - cumulative[first]!);
      }
      return Math.min(coverage, 1);
    });
    onProgress?.(row + 1, pYesValues.length);
    return coverageRow;
  });
}

/** The exact one-sided bounds at the per-bound level for every k = 0..n. */
function classBounds(n: number, perBound: number): { lower: Float64Array; upper: Float64Array } {
  const lower = new Float64Array(n + 1);
  const upper = new Float64Array(n + 1);
  for (let k = 0; k <= n; k++) {
    lower[k] = exactLowerBound(n, k, perBound);
    upper[k] = exactUpperBound(n, k, perBound);
  }
  return { lower, upper };
}

/** sums[j] = Σ_{k < j} values[k], so Σ_{a ≤ k ≤ b} = sums[b + 1] − sums[a]. */
function prefixSums(values: Float64Array): Float64Array {
  const sums = new Float64Array(values.length + 1);
  for (let k = 0; k < values.length; k++) sums[k + 1] = sums[k]! + values[k]!;
  return sums;
}
