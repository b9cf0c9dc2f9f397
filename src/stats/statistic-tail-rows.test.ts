import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { statisticTailRows } from './statistic-tail-rows';
import { tangoScoreStatistic } from './tango-score-statistic';
import { unpairedScoreStatistic } from './unpaired-score-statistic';

/** Near ±1 too, where rounding garbles the statistics and the running maximum differs from them. */
const differences = fc.oneof(fc.double({ min: -1, max: 1, noNaN: true }), fc.constantFrom(-1, 1, -0.999999999999998, 0.999999999999998));

/** Checks the rows against the running maximum taken one outcome at a time. */
function expectRunningMaxTail(statistic: (column: number, row: number) => number, column: number, row: number, rows: number, lastColumn: (row: number) => number, upperTail: boolean, label: string) {
  const runningMax = (j: number, r: number) => Math.max(...Array.from({ length: j + 1 }, (_, k) => statistic(k, r)));
  const observed = runningMax(column, row);
  const slack = 1e-9 * Math.max(1, Number.isFinite(observed) ? Math.abs(observed) : 0);
  const tail = statisticTailRows(statistic, column, row, rows, lastColumn, upperTail);
  for (let r = 0; r < rows; r++) {
    for (let j = 0; j <= lastColumn(r); j++) {
      const value = runningMax(j, r);
      const inTail = upperTail ? value >= observed - slack : value <= observed + slack;
      expect(j >= tail.first(r) && j <= tail.last(r), `${label} (${j}, ${r})`).toBe(inTail);
    }
  }
}

describe('statisticTailRows', () => {
  it('the example: a statistic increasing along rows', () => {
    const tail = statisticTailRows((j, r) => j - r, 3, 1, 4, () => 5, true);
    expect([0, 1, 2, 3].map((r) => [tail.first(r), tail.last(r)])).toEqual([[2, 5], [3, 5], [4, 5], [5, 5]]);
    const lower = statisticTailRows((j, r) => j - r, 3, 1, 4, () => 5, false);
    expect([0, 1, 2, 3].map((r) => [lower.first(r), lower.last(r)])).toEqual([[0, 2], [0, 3], [0, 4], [0, 5]]);
  });

  it('Tango’s T (row c, columns b ≤ n − c): exactly the outcomes at least as extreme in the running maximum, one by one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), differences, fc.boolean(), (n, x, y, difference, upperTail) => {
        const b = Math.floor(x * n);
        const c = Math.floor(y * (n - b));
        expectRunningMaxTail((column, row) => tangoScoreStatistic(column, row, n, difference), b, c, n + 1, (row) => n - row, upperTail, `n=${n} Δ₀=${difference}`);
      }),
      { numRuns: 200, seed: 30 },
    );
  });

  it('Farrington–Manning’s Z (row k_B, columns k_A): the same', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 30 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), differences, fc.boolean(), (nA, nB, x, y, difference, upperTail) => {
        const [kA, kB] = [Math.round(x * nA), Math.round(y * nB)];
        expectRunningMaxTail((column, row) => unpairedScoreStatistic(column, nA, row, nB, difference), kA, kB, nB + 1, () => nA, upperTail, `${nA}+${nB} Δ₀=${difference}`);
      }),
      { numRuns: 150, seed: 30 },
    );
  });

  it('is each statistic’s own tail away from Δ₀ = ±1: Tango’s T is nondecreasing in b for fixed c, Farrington–Manning’s Z in k_A for fixed k_B (every outcome, Δ₀ on a grid of 81)', () => {
    let decreasing = 0;
    for (let step = -40; step <= 40; step++) {
      const difference = step / 40;
      for (let n = 1; n <= 60; n++) {
        for (let c = 0; c <= n; c++) {
          for (let b = 1; b + c <= n; b++) if (tangoScoreStatistic(b, c, n, difference) < tangoScoreStatistic(b - 1, c, n, difference)) decreasing++;
        }
      }
      for (const [nA, nB] of [[1, 1], [3, 7], [20, 20], [45, 12], [60, 90]] as const) {
        for (let kB = 0; kB <= nB; kB++) {
          for (let kA = 1; kA <= nA; kA++) if (unpairedScoreStatistic(kA, nA, kB, nB, difference) < unpairedScoreStatistic(kA - 1, nA, kB, nB, difference)) decreasing++;
        }
      }
    }
    expect(decreasing).toBe(0);
  });
});
