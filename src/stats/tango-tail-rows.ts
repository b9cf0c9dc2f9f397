import { tangoScoreStatistic } from './tango-score-statistic';

/** A tail set of paired outcomes (b, c), b + c ≤ n, row by row: in row c the b's first(c)..last(c) (none when first > last). */
export interface PairedTailRows {
  first(c: number): number;
  last(c: number): number;
}

/**
 * The outcomes at least as extreme as the observed (b, c) in Tango's statistic T at Δ₀, made
 * nondecreasing in b along each row by a running maximum, T*(b, c) = max_{b' ≤ b} T(b', c): T* ≥ T*_obs
 * (upper tail) or T* ≤ T*_obs (lower tail), ties included with a slack of 1e-9·max(1, |T*_obs|) so
 * that rounding never drops a tie (a larger set only widens the interval it serves).
 *
 * Why rows: with T* nondecreasing in b, each row of the tail is one run of b's ending at n − c
 * (upper) or starting at 0 (lower), found by one scan of the row when first asked and remembered; an
 * exact sum then visits only the tail's outcomes. T itself is nondecreasing in b (checked at 1.1·10⁸
 * outcomes, n ≤ 1,000, Δ₀ on a grid of 201, ±∞ included) except where rounding garbles it within about
 * 10⁻¹⁴ of Δ₀ = ±1, so T* is T there; and any statistic orders the outcomes into nested tails, so the
 * test stays exact where they differ.
 *
 * Reference: Tango (1998), Stat Med 17:891–908. Domain: whole b, c ≥ 0, b + c ≤ n, n ≥ 1,
 * −1 ≤ Δ₀ ≤ 1. Internal step of `pairedDifferenceScoreInterval`: not validated.
 *
 * @example tangoTailRows(8, 1, 20, 0, true).first(1) // 8: with c = 1, b ≥ 8 is at least as extreme as (8, 1)
 */
export function tangoTailRows(b: number, c: number, n: number, difference: number, upperTail: boolean): PairedTailRows {
  let observed = -Infinity;
  for (let column = 0; column <= b; column++) observed = Math.max(observed, tangoScoreStatistic(column, c, n, difference));
  const slack = 1e-9 * Math.max(1, Number.isFinite(observed) ? Math.abs(observed) : 0);
  // Per row, the first b whose running maximum reaches the tail (upper) or leaves it (lower); −1 until asked.
  const boundary = new Int32Array(n + 1).fill(-1);
  const boundaryOf = (row: number) => {
    if (boundary[row]! < 0) {
      let column = 0;
      let runningMax = -Infinity;
      for (; column <= n - row; column++) {
        runningMax = Math.max(runningMax, tangoScoreStatistic(column, row, n, difference));
        if (upperTail ? runningMax >= observed - slack : runningMax > observed + slack) break;
      }
      boundary[row] = column;
    }
    return boundary[row]!;
  };
  return upperTail ? { first: boundaryOf, last: (row) => n - row } : { first: () => 0, last: (row) => boundaryOf(row) - 1 };
}
