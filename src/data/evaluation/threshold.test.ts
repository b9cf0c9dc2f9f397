import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balancedInterval } from '../../stats';
import { thresholdCurve } from './threshold';

/** The bins the SQL computes, by their definition: the largest i with lo + i·step ≤ score (see threshold-sql.test.ts for the SQL itself). */
function bin(score: number, lo: number, step: number, count: number): number {
  if (step === 0) return 0;
  let b = 0;
  for (let i = 1; i < count; i++) if (lo + i * step <= score) b = i;
  return b;
}

describe('thresholdCurve', () => {
  it('gives at every threshold exactly the counts of YES when score ≥ threshold', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ score: fc.double({ min: -5, max: 5, noNaN: true }), truth: fc.boolean() }), { minLength: 1, maxLength: 60 }), (rows) => {
        const count = 200;
        const lo = Math.min(...rows.map((row) => row.score));
        const step = (Math.max(...rows.map((row) => row.score)) - lo) / (count - 1);
        const yes = new Array<number>(count).fill(0);
        const no = new Array<number>(count).fill(0);
        for (const row of rows) (row.truth ? yes : no)[bin(row.score, lo, step, count)]! += 1;
        const points = thresholdCurve({ lo, step, yes, no }, 0.05);
        for (const [i, point] of points.entries()) {
          const t = lo + i * step;
          expect(point.threshold).toBe(t);
          expect(point.yes.correct).toBe(rows.filter((row) => row.truth && row.score >= t).length);
          expect(point.no.correct).toBe(rows.filter((row) => !row.truth && row.score < t).length);
        }
      }),
      // No shrinking: each run builds 200 intervals, and shrinking a 60-row case takes minutes.
      { numRuns: 200, endOnFailure: true },
    );
  });
  it('builds each threshold’s balanced interval at δ, none with an empty class', () => {
    const points = thresholdCurve({ lo: 0, step: 0.5, yes: [1, 2, 3], no: [4, 1, 0] }, 0.05);
    expect(points.map((point) => [point.yes.correct, point.no.correct])).toEqual([[6, 0], [5, 4], [3, 5]]);
    expect(points[1]!.balanced).toEqual(balancedInterval({ yes: { correct: 5, total: 6 }, no: { correct: 4, total: 5 } }, 0.05));
    expect(thresholdCurve({ lo: 0, step: 1, yes: [0, 0], no: [1, 1] }, 0.05)[0]!.balanced).toBeNull();
  });
});
