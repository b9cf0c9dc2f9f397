/** A tail set of outcomes (column, row), row by row: in each row the columns first(row)..last(row) (none when first > last). */
export interface TailRows {
  first(row: number): number;
  last(row: number): number;
}

/**
 * The outcomes at least as extreme as the observed (column, row) in an ordering statistic T, made
 * nondecreasing along each row by a running maximum, T*(j, r) = max_{j' ≤ j} T(j', r): T* ≥ T*_obs
 * (upper tail) or T* ≤ T*_obs (lower tail), ties included with a slack of 1e-9·max(1, |T*_obs|) so
 * that rounding never drops a tie (a larger set only widens the interval it serves). Row r holds the
 * columns 0..lastColumn(r).
 *
 * Why rows: with T* nondecreasing along a row, each row of the tail is one run of columns ending at
 * lastColumn(r) (upper) or starting at 0 (lower), found by one scan of the row when first asked and
 * remembered; an exact sum then visits only the tail's outcomes, and only in the rows it needs. The
 * score statistics it serves are themselves nondecreasing along their rows except where rounding
 * garbles them near Δ₀ = ±1 (Tango's T in b for fixed c, Farrington–Manning's Z in k_A for fixed
 * k_B: checked in the tests), so T* is T there; and any statistic orders the outcomes into nested
 * tails, so the test stays exact where they differ.
 *
 * Domain: 0 ≤ observedColumn ≤ lastColumn(observedRow), 0 ≤ observedRow < rows, lastColumn(r) ≥ 0,
 * statistic defined on every outcome (±Infinity allowed). Internal step of the exact score
 * inversions (Tango's paired, Chan–Zhang's unpaired): not validated.
 *
 * @example statisticTailRows((j, r) => j - r, 3, 1, 4, () => 5, true).first(2) // 4: j − 2 ≥ 3 − 1 from j = 4
 */
export function statisticTailRows(
  statistic: (column: number, row: number) => number,
  observedColumn: number,
  observedRow: number,
  rows: number,
  lastColumn: (row: number) => number,
  upperTail: boolean,
): TailRows {
  let observed = -Infinity;
  for (let column = 0; column <= observedColumn; column++) observed = Math.max(observed, statistic(column, observedRow));
  const slack = 1e-9 * Math.max(1, Number.isFinite(observed) ? Math.abs(observed) : 0);
  // Per row, the first column whose running maximum reaches the tail (upper) or leaves it (lower); −1 until asked.
  const boundary = new Int32Array(rows).fill(-1);
  const boundaryOf = (row: number) => {
    if (boundary[row]! < 0) {
      const end = lastColumn(row);
      let column = 0;
      let runningMax = -Infinity;
      for (; column <= end; column++) {
        runningMax = Math.max(runningMax, statistic(column, row));
        if (upperTail ? runningMax >= observed - slack : runningMax > observed + slack) break;
      }
      boundary[row] = column;
    }
    return boundary[row]!;
  };
  return upperTail ? { first: boundaryOf, last: lastColumn } : { first: () => 0, last: (row) => boundaryOf(row) - 1 };
}
