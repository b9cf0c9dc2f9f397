import { coverageAt } from './balanced-coverage.test-util';
import { expect } from 'vitest';
import type { Interval } from './types';

// Exact coverage checks shared by the detection and deployment metrics' tests (issue 28), with the
// class totals fixed: k₊ ~ Bin(n₊, TPR), k₋ ~ Bin(n₋, TNR) independent.

export type Pair = [number, number];

/** Every pair of class sizes 1..10 × 1..10, and (20, 20), (3, 20), (20, 3). */
export const METRIC_SIZES: Pair[] = [];
for (let nYes = 1; nYes <= 10; nYes++) for (let nNo = 1; nNo <= 10; nNo++) METRIC_SIZES.push([nYes, nNo]);
METRIC_SIZES.push([20, 20], [3, 20], [20, 3]);

/** A 30 × 30 grid of (TPR, TNR) plus 16 extreme points (rates 0.001, 0.02, 0.98, 0.999). */
export const RATE_POINTS: Pair[] = [];
const GRID = Array.from({ length: 30 }, (_, index) => (index + 0.5) / 30);
for (const a of GRID) for (const s of GRID) RATE_POINTS.push([a, s]);
for (const a of [1e-3, 0.02, 0.98, 0.999]) for (const s of [1e-3, 0.02, 0.98, 0.999]) RATE_POINTS.push([a, s]);

/**
 * Points just either side of each end: for 7 values of TPR, the TNR at which truth = end ± 1e-9
 * (bisection; truth is monotone in TNR at fixed TPR). Coverage is lowest just outside an interval's end.
 */
export function levelSetPoints(truth: (a: number, s: number) => number, ends: readonly number[]): Pair[] {
  const points: Pair[] = [];
  const as = [0.02, 1 / 6, 1 / 3, 0.5, 2 / 3, 5 / 6, 0.98];
  for (const end of new Set(ends)) {
    for (const target of [end - 1e-9, end + 1e-9]) {
      for (const a of as) {
        let low = 1e-9;
        let high = 1 - 1e-9;
        const sign = Math.sign(truth(a, low) - target);
        if (sign === 0 || sign === Math.sign(truth(a, high) - target)) continue;
        for (let step = 0; step < 60; step++) {
          const middle = (low + high) / 2;
          if (Math.sign(truth(a, middle) - target) === sign) low = middle;
          else high = middle;
        }
        points.push([a, low], [a, high]);
      }
    }
  }
  return points;
}

/**
 * The lowest exact coverage over every size and point of the interval `table` gives each outcome
 * (k₊, k₋) (use [0, 1] where a function makes no claim), for the true value `truth(TPR, TNR, n₊, n₋)`;
 * with `levelSets`, also at the points just outside each outcome's ends.
 */
export function worstMetricCoverage(
  table: (kYes: number, nYes: number, kNo: number, nNo: number) => Interval,
  truth: (a: number, s: number, nYes: number, nNo: number) => number,
  levelSets = false,
): { coverage: number; where: string } {
  let worst = { coverage: 2, where: '' };
  for (const [nYes, nNo] of METRIC_SIZES) {
    const cells: Interval[] = [];
    for (let kYes = 0; kYes <= nYes; kYes++) for (let kNo = 0; kNo <= nNo; kNo++) cells.push(table(kYes, nYes, kNo, nNo));
    const at = (a: number, s: number) => truth(a, s, nYes, nNo);
    const points = levelSets ? [...RATE_POINTS, ...levelSetPoints(at, cells.flatMap((cell) => [cell.lower, cell.upper]))] : RATE_POINTS;
    for (const [a, s] of points) {
      const value = at(a, s);
      const got = coverageAt(nYes, nNo, a, s, (cell) => cells[cell]!.lower <= value && value <= cells[cell]!.upper);
      if (got < worst.coverage) worst = { coverage: got, where: `n = (${nYes}, ${nNo}), (TPR, TNR) = (${a.toFixed(6)}, ${s.toFixed(6)})` };
    }
  }
  return worst;
}

/** Two classes' counts from their four numbers (the metric tests' shorthand). */
export const counts = (kYes: number, nYes: number, kNo: number, nNo: number) => ({ yes: { correct: kYes, total: nYes }, no: { correct: kNo, total: nNo } });

/**
 * Relative agreement with scipy to 1e-10: ours and scipy's bounds differ by ~1e-13 relative, while
 * a wrong level (δ/2 for δ/4) moves a bound by percents.
 */
export function expectNearScipy(actual: number, reference: number, what: string) {
  if (!(Math.abs(actual - reference) <= 1e-10 * Math.abs(reference) + 1e-15)) throw new Error(`${what}: ${actual} vs scipy ${reference}`);
}

/** An interval against scipy's [lower, upper] (null: no interval), and its estimate when one is given. */
export function expectScipyInterval(actual: Interval | null, reference: Pair | null, what: string, estimate?: number) {
  if (reference === null) {
    expect(actual, what).toBeNull();
    return;
  }
  expect(actual, what).not.toBeNull();
  expectNearScipy(actual!.lower, reference[0], `${what}.lower`);
  expectNearScipy(actual!.upper, reference[1], `${what}.upper`);
  if (estimate !== undefined) expectNearScipy(actual!.estimate, estimate, `${what}.estimate`);
}
