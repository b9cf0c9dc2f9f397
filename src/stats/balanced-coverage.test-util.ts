import { describe, expect, it } from 'vitest';
import { binomialPmfRow } from './binomial-pmf-row';
import type { Interval } from './types';

// Exact coverage checks shared by the balanced intervals' tests (the inversion's and Buehler's).

/** Exact coverage at (p₊, p₋) of whichever interval `covers` picks from each outcome (indexed k₊(n₋ + 1) + k₋). */
export function coverageAt(nYes: number, nNo: number, pYes: number, pNo: number, covers: (cell: number, theta: number) => boolean): number {
  const yesRow = binomialPmfRow(nYes, pYes);
  const noRow = binomialPmfRow(nNo, pNo);
  const theta = (pYes + pNo) / 2;
  let total = 0;
  for (let kYes = 0; kYes <= nYes; kYes++) {
    let inner = 0;
    for (let kNo = 0; kNo <= nNo; kNo++) if (covers(kYes * (nNo + 1) + kNo, theta)) inner += noRow[kNo]!;
    total += yesRow[kYes]! * inner;
  }
  return total;
}

/** A 50 × 50 grid plus 7 points on each line θ = a bound ± 1e-9, where coverage is lowest. */
export function testPoints(ends: number[]): [number, number][] {
  const points: [number, number][] = [];
  const grid = Array.from({ length: 50 }, (_, index) => (index + 0.5) / 50);
  for (const pYes of grid) for (const pNo of grid) points.push([pYes, pNo]);
  for (const end of new Set(ends)) {
    for (const theta of [end - 1e-9, end + 1e-9]) {
      if (!(theta > 0 && theta < 1)) continue;
      const sLo = Math.max(0, 2 * theta - 1);
      const sHi = Math.min(1, 2 * theta);
      for (let index = 0; index <= 6; index++) {
        const pYes = sLo + ((sHi - sLo) * index) / 6;
        points.push([pYes, Math.min(1, Math.max(0, 2 * theta - pYes))]);
      }
    }
  }
  return points;
}

/** Every outcome's interval and one-sided bounds (NaN when not asked for), indexed k₊(n₋ + 1) + k₋. */
export type IntervalTable = { interval: Interval; lower: number; upper: number }[];

/** What `describeExactCoverage` checks: a balanced interval's table of outcomes and its coverage grid. */
export interface CoverageSuite {
  /** As the log lines and test names call it. */
  name: string;
  table: (nYes: number, nNo: number, delta: number, oneSided?: boolean) => IntervalTable;
  grid: (nYes: number, nNo: number, delta: number, pYesValues: readonly number[], pNoValues: readonly number[]) => number[][];
  /** Class sizes beyond 1..12 × 1..12 (two-sided) and 1..8 × 1..8 (one-sided). */
  extraSizes: [number, number][];
  extraOneSidedSizes: [number, number][];
  timeout: number;
}

const COVERAGE_DELTAS = [0.1, 0.05, 0.01];
const COVERAGE_TOLERANCE = 1e-12;

function sizesUpTo(most: number, extra: [number, number][]): [number, number][] {
  const sizes: [number, number][] = [];
  for (let nYes = 1; nYes <= most; nYes++) for (let nNo = 1; nNo <= most; nNo++) sizes.push([nYes, nNo]);
  return [...sizes, ...extra];
}

/**
 * The exact-coverage tests every balanced interval passes: two-sided coverage ≥ 1 − δ at δ = 0.1,
 * 0.05, 0.01 for every class size 1..12 × 1..12 and the extra sizes (a 50 × 50 grid plus the
 * bounds' lines), the one-sided bounds likewise (1..8 × 1..8), and the coverage grid agreeing with
 * the intervals it describes (and rejecting a class over its cap or a p outside [0, 1]).
 */
export function describeExactCoverage(suite: CoverageSuite): void {
  const sizeNames = (extra: [number, number][]) => extra.map(([a, b]) => `(${a}, ${b})`).join(', ');
  describe(`${suite.name}: exact coverage ≥ 1 − δ`, () => {
    for (const delta of COVERAGE_DELTAS) {
      it(`two-sided, δ = ${delta}: every class size 1..12 × 1..12 and ${sizeNames(suite.extraSizes)}, 50 × 50 grid + the bounds' lines`, () => {
        let worst = { coverage: 2, where: '' };
        let pointsChecked = 0;
        for (const [nYes, nNo] of sizesUpTo(12, suite.extraSizes)) {
          const table = suite.table(nYes, nNo, delta);
          const ends = table.flatMap((cell) => [cell.interval.lower, cell.interval.upper]);
          for (const [pYes, pNo] of testPoints(ends)) {
            const coverage = coverageAt(nYes, nNo, pYes, pNo, (cell, theta) => table[cell]!.interval.lower <= theta && theta <= table[cell]!.interval.upper);
            pointsChecked++;
            if (coverage < worst.coverage) worst = { coverage, where: `n = (${nYes}, ${nNo}), p = (${pYes}, ${pNo})` };
          }
        }
        console.log(`${suite.name} two-sided δ = ${delta}: min coverage ${worst.coverage.toFixed(6)} at ${worst.where} over ${pointsChecked} points`);
        expect(worst.coverage).toBeGreaterThanOrEqual(1 - delta - COVERAGE_TOLERANCE);
      }, suite.timeout);
    }

    it(`one-sided bounds, δ ∈ {0.1, 0.05, 0.01}: class sizes 1..8 × 1..8 and ${sizeNames(suite.extraOneSidedSizes)}`, () => {
      for (const delta of COVERAGE_DELTAS) {
        let worstLower = 2;
        let worstUpper = 2;
        for (const [nYes, nNo] of sizesUpTo(8, suite.extraOneSidedSizes)) {
          const table = suite.table(nYes, nNo, delta, true);
          const ends = table.flatMap((cell) => [cell.lower, cell.upper]);
          for (const [pYes, pNo] of testPoints(ends)) {
            worstLower = Math.min(worstLower, coverageAt(nYes, nNo, pYes, pNo, (cell, theta) => table[cell]!.lower <= theta));
            worstUpper = Math.min(worstUpper, coverageAt(nYes, nNo, pYes, pNo, (cell, theta) => theta <= table[cell]!.upper));
          }
        }
        console.log(`${suite.name} one-sided δ = ${delta}: min coverage lower ${worstLower.toFixed(6)}, upper ${worstUpper.toFixed(6)}`);
        expect(worstLower).toBeGreaterThanOrEqual(1 - delta - COVERAGE_TOLERANCE);
        expect(worstUpper).toBeGreaterThanOrEqual(1 - delta - COVERAGE_TOLERANCE);
      }
    }, suite.timeout);

    it('the coverage grid agrees with the interval it describes, and is ≥ 1 − δ', () => {
      const grid = Array.from({ length: 20 }, (_, index) => (index + 0.5) / 20);
      const table = suite.table(7, 11, 0.05);
      const heat = suite.grid(7, 11, 0.05, grid, grid);
      grid.forEach((pYes, row) =>
        grid.forEach((pNo, column) => {
          const expected = coverageAt(7, 11, pYes, pNo, (cell, theta) => table[cell]!.interval.lower <= theta && theta <= table[cell]!.interval.upper);
          expect(heat[row]![column]).toBeCloseTo(expected, 14);
          expect(heat[row]![column]).toBeGreaterThanOrEqual(0.95 - COVERAGE_TOLERANCE);
        }),
      );
      expect(() => suite.grid(61, 5, 0.05, [0.5], [0.5])).toThrow(/nYes must be ≤ 60/);
      expect(() => suite.grid(5, 5, 0.05, [0.5], [1.5])).toThrow(/pNoValues\[0\]/);
    });
  });
}
