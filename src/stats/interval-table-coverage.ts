import { binomialPmfRow } from './binomial-pmf-row';

/**
 * The exact coverage of a balanced interval given as a table of its ends for every outcome
 * (lower[k₊(n₋ + 1) + k₋], upper[…]), at every pair (pYes, pNo) of a grid:
 *
 *   C(p₊, p₋) = Σ_{k₊, k₋} f(k₊; n₊, p₊)·f(k₋; n₋, p₋)·[lower ≤ (p₊ + p₋)/2 ≤ upper],
 *
 * O(n₊n₋) per grid point. Internal: the callers validate (`assertCoverageGrid`) and build the table.
 *
 * Reference: Brown, Cai & DasGupta (2001), §2 (coverage), applied to the pair of classes.
 * @param onProgress called after each row (each pYes) with the rows done and the total.
 * @returns coverage[i][j] at (pYesValues[i], pNoValues[j]).
 * @example intervalTableCoverage(1, 1, new Float64Array([0, 0, 0, 0]), new Float64Array([1, 1, 1, 1]), [0.5], [0.5])[0][0] // 1
 */
export function intervalTableCoverage(
  nYes: number,
  nNo: number,
  lower: Float64Array,
  upper: Float64Array,
  pYesValues: readonly number[],
  pNoValues: readonly number[],
  onProgress?: (rowsDone: number, rows: number) => void,
): number[][] {
  const noRows = pNoValues.map((pNo) => binomialPmfRow(nNo, pNo));
  return pYesValues.map((pYes, row) => {
    const yesRow = binomialPmfRow(nYes, pYes);
    const coverageRow = pNoValues.map((pNo, column) => {
      const theta = (pYes + pNo) / 2;
      const noRow = noRows[column]!;
      let coverage = 0;
      for (let kYes = 0; kYes <= nYes; kYes++) {
        const weight = yesRow[kYes]!;
        if (weight === 0) continue;
        let inner = 0;
        for (let kNo = 0, cell = kYes * (nNo + 1); kNo <= nNo; kNo++, cell++) {
          if (lower[cell]! <= theta && theta <= upper[cell]!) inner += noRow[kNo]!;
        }
        coverage += weight * inner;
      }
      return Math.min(coverage, 1);
    });
    onProgress?.(row + 1, pYesValues.length);
    return coverageRow;
  });
}
