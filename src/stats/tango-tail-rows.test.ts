import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { tangoScoreStatistic } from './tango-score-statistic';
import { tangoTailRows } from './tango-tail-rows';

describe('tangoTailRows', () => {
  it('holds exactly the outcomes at least as extreme as the observed one in the running maximum of T along the row, taken one by one', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        // Near ±1 too, where rounding garbles T and the running maximum differs from it.
        fc.oneof(fc.double({ min: -1, max: 1, noNaN: true }), fc.constantFrom(-1, 1, -0.999999999999998, 0.999999999999998)),
        fc.boolean(),
        (n, x, y, difference, upperTail) => {
          const b = Math.floor(x * n);
          const c = Math.floor(y * (n - b));
          const runningMax = (column: number, row: number) => Math.max(...Array.from({ length: column + 1 }, (_, k) => tangoScoreStatistic(k, row, n, difference)));
          const observed = runningMax(b, c);
          const slack = 1e-9 * Math.max(1, Number.isFinite(observed) ? Math.abs(observed) : 0);
          const rows = tangoTailRows(b, c, n, difference, upperTail);
          for (let row = 0; row <= n; row++) {
            for (let column = 0; column + row <= n; column++) {
              const statistic = runningMax(column, row);
              const inTail = upperTail ? statistic >= observed - slack : statistic <= observed + slack;
              expect(column >= rows.first(row) && column <= rows.last(row), `n=${n} Δ₀=${difference} (${column}, ${row})`).toBe(inTail);
            }
          }
        },
      ),
      { numRuns: 200, seed: 30 },
    );
  });

  it('is Tango’s own tail away from Δ₀ = ±1: T is nondecreasing in b for fixed c (every outcome, n ≤ 60, Δ₀ on a grid of 81)', () => {
    let decreasing = 0;
    for (let n = 1; n <= 60; n++) {
      for (let step = -40; step <= 40; step++) {
        const difference = step / 40;
        for (let c = 0; c <= n; c++) {
          for (let b = 1; b + c <= n; b++) if (tangoScoreStatistic(b, c, n, difference) < tangoScoreStatistic(b - 1, c, n, difference)) decreasing++;
        }
      }
    }
    expect(decreasing).toBe(0);
  });
});
