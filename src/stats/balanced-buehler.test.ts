import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wholeIn, realIn } from './arbitraries.test-util';
import { balancedBuehlerCoverageGrid } from './balanced-buehler-coverage-grid';
import { balancedBuehlerInterval } from './balanced-buehler-interval';
import { balancedBuehlerIntervalLower } from './balanced-buehler-interval-lower';
import { balancedBuehlerLowerBound } from './balanced-buehler-lower-bound';
import { balancedBuehlerUpperBound } from './balanced-buehler-upper-bound';
import { balancedInterval } from './balanced-interval';
import { balancedInversionInterval } from './balanced-inversion-interval';
import { balancedInversionIntervalLower } from './balanced-inversion-interval-lower';
import { balancedLowerAt } from './balanced-one-sided-lower-bound';
import { binomialPmfRow } from './binomial-pmf-row';
import { describeExactCoverage, type IntervalTable } from './balanced-coverage.test-util';
import { exactLowerBound } from './exact-lower-bound';
import type { Interval } from './types';

const counts = (kYes: number, nYes: number, kNo: number, nNo: number) => ({
  yes: { correct: kYes, total: nYes },
  no: { correct: kNo, total: nNo },
});

/** Every outcome's interval (and one-sided bounds), indexed k₊(n₋ + 1) + k₋. */
function intervalTable(nYes: number, nNo: number, delta: number, oneSided = false): IntervalTable {
  const cells: IntervalTable = [];
  for (let kYes = 0; kYes <= nYes; kYes++) {
    for (let kNo = 0; kNo <= nNo; kNo++) {
      const c = counts(kYes, nYes, kNo, nNo);
      cells.push({
        interval: balancedBuehlerInterval(c, delta),
        lower: oneSided ? balancedBuehlerLowerBound(c, delta) : NaN,
        upper: oneSided ? balancedBuehlerUpperBound(c, delta) : NaN,
      });
    }
  }
  return cells;
}

describeExactCoverage({
  name: 'balancedBuehlerInterval',
  table: intervalTable,
  grid: balancedBuehlerCoverageGrid,
  extraSizes: [[20, 20], [5, 60], [1, 30], [40, 60]],
  extraOneSidedSizes: [[20, 20], [1, 30]],
  timeout: 300_000,
});

describe('balancedBuehlerInterval: never wider than the union bound', () => {
  /** Lower ≥ union lower, upper ≤ union upper, lower ≤ estimate ≤ upper; returns the interval. */
  function checkContract(kYes: number, nYes: number, kNo: number, nNo: number, delta: number): Interval {
    const c = counts(kYes, nYes, kNo, nNo);
    const interval = balancedBuehlerInterval(c, delta);
    const union = balancedInterval(c, delta);
    expect(interval.lower).toBeGreaterThanOrEqual(union.lower - 1e-12);
    expect(interval.upper).toBeLessThanOrEqual(union.upper + 1e-12);
    expect(interval.lower).toBeLessThanOrEqual(interval.estimate);
    expect(interval.estimate).toBeLessThanOrEqual(interval.upper);
    return interval;
  }

  it('every outcome of every pair of class sizes up to 30 (sizes 1..30 × {1, 2, 5, 13, 30}), δ = 0.05, and monotone in each count', () => {
    let largestDrop = 0;
    for (let nYes = 1; nYes <= 30; nYes++) {
      for (const nNo of [1, 2, 5, 13, 30]) {
        const lowers: number[][] = [];
        const uppers: number[][] = [];
        for (let kYes = 0; kYes <= nYes; kYes++) {
          lowers.push([]);
          uppers.push([]);
          for (let kNo = 0; kNo <= nNo; kNo++) {
            const interval = checkContract(kYes, nYes, kNo, nNo, 0.05);
            lowers[kYes]!.push(interval.lower);
            uppers[kYes]!.push(interval.upper);
          }
        }
        // Monotone: one more correct answer in either class never lowers either end — the exact
        // bounds are (the ordering rises with each count); the certified ones to within twice their
        // gap, 10⁻³ standard errors of the estimate (each end lies between the exact one and a gap below).
        const drop = (from: number, to: number, kYes: number, kNo: number) => {
          const estimate = (kYes / nYes + kNo / nNo) / 2;
          const standardError = 0.5 * Math.sqrt(Math.max(estimate * (1 - estimate), 0.25 / Math.min(nYes, nNo)) * (1 / nYes + 1 / nNo));
          largestDrop = Math.max(largestDrop, (from - to) / standardError);
          expect(to).toBeGreaterThanOrEqual(from - 2e-3 * standardError);
        };
        for (let kYes = 0; kYes <= nYes; kYes++) {
          for (let kNo = 0; kNo <= nNo; kNo++) {
            if (kYes < nYes) drop(lowers[kYes]![kNo]!, lowers[kYes + 1]![kNo]!, kYes, kNo);
            if (kNo < nNo) drop(lowers[kYes]![kNo]!, lowers[kYes]![kNo + 1]!, kYes, kNo);
            if (kYes < nYes) drop(uppers[kYes]![kNo]!, uppers[kYes + 1]![kNo]!, kYes, kNo);
            if (kNo < nNo) drop(uppers[kYes]![kNo]!, uppers[kYes]![kNo + 1]!, kYes, kNo);
          }
        }
      }
    }
    console.log(`Buehler monotonicity: largest drop of an end when a count rises ${largestDrop.toExponential(2)} standard errors`);
  }, 300_000);

  it('2,000 seeded random pairs up to 10⁶ per class (500 at each δ ∈ {0.1, 0.05, 0.01, 10⁻⁴}), and up to 10⁴ per class (fast-check)', () => {
    let state = 20251126;
    const random = () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32);
    for (const delta of [0.1, 0.05, 0.01, 1e-4]) {
      for (let index = 0; index < 500; index++) {
        const nYes = 1 + Math.floor(random() ** 2 * 1_000_000);
        const nNo = 1 + Math.floor(random() ** 2 * 1_000_000);
        checkContract(Math.round(random() * nYes), nYes, Math.round(random() * nNo), nNo, delta);
      }
    }
    fc.assert(
      fc.property(wholeIn(1, 10_000), wholeIn(1, 10_000), realIn(), realIn(), fc.constantFrom(0.1, 0.05, 0.01, 1e-4), (nYes, nNo, u, v, delta) => {
          checkContract(Math.round(u * nYes), nYes, Math.round(v * nNo), nNo, delta);
        },
      ),
      { numRuns: 60, seed: 25 },
    );
  }, 300_000);

  it('mean width over every outcome: 20 + 20 at least 22% below the union bound, 1 + 30 below it (where the estimate ordering is wider)', () => {
    const meanWidths = (nYes: number, nNo: number) => {
      let buehler = 0;
      let union = 0;
      let inversion = 0;
      for (let kYes = 0; kYes <= nYes; kYes++) {
        for (let kNo = 0; kNo <= nNo; kNo++) {
          const c = counts(kYes, nYes, kNo, nNo);
          const b = balancedBuehlerInterval(c, 0.05);
          const u = balancedInterval(c, 0.05);
          const i = balancedInversionInterval(c, 0.05);
          buehler += b.upper - b.lower;
          union += u.upper - u.lower;
          inversion += i.upper - i.lower;
        }
      }
      const outcomes = (nYes + 1) * (nNo + 1);
      return { buehler: buehler / outcomes, union: union / outcomes, inversion: inversion / outcomes };
    };
    const twenty = meanWidths(20, 20);
    expect(twenty.union).toBeCloseTo(0.4085, 4);
    expect(twenty.buehler).toBeLessThanOrEqual(0.78 * twenty.union);
    expect(twenty.buehler).toBeCloseTo(0.3135, 3);
    const skewed = meanWidths(1, 30);
    expect(skewed.buehler).toBeLessThan(skewed.union);
    expect(skewed.inversion).toBeGreaterThan(skewed.union);
  }, 120_000);

  it('takes δ down to 10⁻³⁰⁰ (its ends at δ/2 below it), and its lower end alone is the same bits (Buehler’s and the inversion’s)', () => {
    for (const delta of [0.05, 1e-6, 1e-300]) {
      for (const c of [counts(38, 40, 55, 60), counts(0, 40, 960, 960), counts(121, 1166, 3, 9)]) {
        const interval = checkContract(c.yes.correct, c.yes.total, c.no.correct, c.no.total, delta);
        expect(balancedBuehlerIntervalLower(c, delta)).toBe(interval.lower);
        expect(balancedInversionIntervalLower(c, delta)).toBe(balancedInversionInterval(c, delta).lower);
      }
    }
    expect(() => balancedBuehlerIntervalLower(counts(1, 2, 3, 4), 5e-301)).toThrow(/delta/);
  });

  it('the figures users see: 0/40 + 960/960 inside the union bound [49.7%, 55.2%], 0/1 + 30/30 and 38/40 + 55/60', () => {
    const neverFires = balancedBuehlerInterval(counts(0, 40, 960, 960), 0.05);
    expect(neverFires.lower).toBeGreaterThanOrEqual(0.497);
    expect(neverFires.upper).toBeLessThanOrEqual(0.552);
    const union = balancedInterval(counts(0, 1, 30, 30), 0.05);
    const one = balancedBuehlerInterval(counts(0, 1, 30, 30), 0.05);
    expect(union.lower).toBeCloseTo(0.432, 3);
    expect(one.lower).toBeGreaterThan(union.lower + 0.005);
    expect(one.upper).toBeLessThan(union.upper);
    const forklift = balancedBuehlerInterval(counts(38, 40, 55, 60), 0.05);
    expect(forklift.lower).toBeCloseTo(0.8651, 3);
    expect(forklift.upper).toBeCloseTo(0.9812, 3);
  });
});

describe('balancedBuehlerLowerBound: certified, never inside the exact bound and close to it', () => {
  /** φ(θ) by brute force: every outcome of the union ordering summed exactly, maximised over a fine scan of the line plus golden-section refinement. */
  function phi(nYes: number, kYes: number, nNo: number, kNo: number, alpha: number, theta: number): number {
    const boundsYes = Array.from({ length: nYes + 1 }, (_, k) => (k === 0 ? 0 : exactLowerBound(nYes, k, alpha / 2)));
    const boundsNo = Array.from({ length: nNo + 1 }, (_, k) => (k === 0 ? 0 : exactLowerBound(nNo, k, alpha / 2)));
    const observed = boundsYes[kYes]! + boundsNo[kNo]!;
    const at = (s: number) => {
      const yesRow = binomialPmfRow(nYes, s);
      const noRow = binomialPmfRow(nNo, Math.min(1, Math.max(0, 2 * theta - s)));
      let total = 0;
      for (let i = 0; i <= nYes; i++) for (let j = 0; j <= nNo; j++) if (boundsYes[i]! + boundsNo[j]! >= observed - 1e-12) total += yesRow[i]! * noRow[j]!;
      return total;
    };
    const sLo = Math.max(0, 2 * theta - 1);
    const sHi = Math.min(1, 2 * theta);
    const steps = 400;
    let best = 0;
    let bestS = sLo;
    for (let index = 0; index <= steps; index++) {
      const s = sLo + ((sHi - sLo) * index) / steps;
      const value = at(s);
      if (value > best) [best, bestS] = [value, s];
    }
    let [lo, hi] = [Math.max(sLo, bestS - (sHi - sLo) / steps), Math.min(sHi, bestS + (sHi - sLo) / steps)];
    for (let iteration = 0; iteration < 60; iteration++) {
      const a = lo + (hi - lo) * 0.382;
      const b = lo + (hi - lo) * 0.618;
      if (at(a) > at(b)) hi = b;
      else lo = a;
    }
    return Math.max(best, at((lo + hi) / 2));
  }

  /** The exact bound to ~1e-9 by bisection on the brute-force φ (never below the true one: a scan can only miss). */
  function bruteForceLowerBound(nYes: number, kYes: number, nNo: number, kNo: number, alpha: number): number {
    let lo = 0;
    let hi = (kYes / nYes + kNo / nNo) / 2;
    for (let iteration = 0; iteration < 32; iteration++) {
      const mid = (lo + hi) / 2;
      if (phi(nYes, kYes, nNo, kNo, alpha, mid) > alpha) hi = mid;
      else lo = mid;
    }
    return hi;
  }

  it.each([
    // [kYes, nYes, kNo, nNo, δ]: the 1/1 + 2/2 one-sided at δ = 0.05 (exact 0.348119), and skewed, small and unequal classes
    [1, 1, 2, 2, 0.05],
    [0, 1, 30, 30, 0.05],
    [3, 5, 50, 60, 0.05],
    [7, 9, 4, 12, 0.01],
    [18, 20, 15, 20, 0.1],
  ])('%i/%i + %i/%i at δ = %f', (kYes, nYes, kNo, nNo, delta) => {
    const returned = balancedBuehlerLowerBound(counts(kYes, nYes, kNo, nNo), delta);
    const exact = Math.max(bruteForceLowerBound(nYes, kYes, nNo, kNo, delta), balancedLowerAt(counts(kYes, nYes, kNo, nNo), delta));
    const estimate = (kYes / nYes + kNo / nNo) / 2;
    const standardError = 0.5 * Math.sqrt(Math.max(estimate * (1 - estimate), 0.25 / Math.min(nYes, nNo)) * (1 / nYes + 1 / nNo));
    expect(returned).toBeLessThanOrEqual(exact + 1e-9);
    expect(exact - returned).toBeLessThanOrEqual(1e-3 * standardError + 1e-9);
    if (kYes === 1 && nYes === 1) expect(exact).toBeCloseTo(0.348119, 5);
  }, 60_000);
});
