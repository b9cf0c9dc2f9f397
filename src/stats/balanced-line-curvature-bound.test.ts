import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balancedInversionSearch } from './balanced-inversion-search';
import { BalancedLineCurvature, linearStaircase } from './balanced-line-curvature-bound';
import { binomialPmf } from './binomial-pmf';
import { binomialWindow, fillBinomialWindow } from './fill-binomial-window';
import { OrderedTailProbability } from './ordered-tail-probability';
import { UnionOrderedTailProbability } from './union-ordered-tail-probability';

/**
 * The largest |h''| found on a cell of the line by central differences of the exact tail
 * (21 points; step small against the cell and the peak's scale). A lower estimate of sup |h''|.
 */
function largestSecondDifference(nA: number, nB: number, t: number, c: number, s1: number, s2: number): number {
  const tail = new OrderedTailProbability(nA, nB, t, 1e-30);
  return largestSecondDifferenceOf((s) => tail.evaluate(s, c - s), c, s1, s2);
}

function largestSecondDifferenceOf(h: (s: number) => number, c: number, s1: number, s2: number): number {
  const step = Math.max((s2 - s1) / 100, 3e-4);
  let largest = 0;
  for (let index = 0; index <= 20; index++) {
    const s = s1 + ((s2 - s1) * index) / 20;
    if (s - step <= 0 || s + step >= 1 || c - s - step <= 0 || c - s + step >= 1) continue;
    largest = Math.max(largest, Math.abs((h(s + step) - 2 * h(s) + h(s - step)) / (step * step)));
  }
  return largest;
}

/**
 * A cell [s1, s2] of the line p₊ + p₋ = c = 2θ: `relativeWidth` of the line's feasible range (narrower
 * for a large smaller class nA, as the search's cells are), placed at `where` (0 to 1) along it.
 */
function cellOnLine(theta: number, nA: number, where: number, relativeWidth: number) {
  const c = 2 * theta;
  const sLo = Math.max(0, c - 1);
  const sHi = Math.min(1, c);
  const width = (sHi - sLo) * relativeWidth * Math.min(1, 30 / Math.sqrt(nA));
  const s1 = sLo + (sHi - sLo - width) * where;
  return { c, s1, s2: s1 + width };
}

/** Two class sizes, the smaller first, each small (2–30) or large (31 to `largest`). */
function classSizes(largest: number) {
  const size = fc.oneof(fc.integer({ min: 2, max: 30 }), fc.integer({ min: 31, max: largest }));
  return fc.tuple(size, size).map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const);
}
/** A cell's place along its line (0 to 1) and its width relative to the line's range (see `cellOnLine`). */
const cellPlace = fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 1e-3, max: 0.2, noNaN: true }));

describe('BalancedLineCurvature (the staircase bound on |h\'\'| along a line)', () => {
  it('is never below the exact curvature on the cell (fast-check: small and large classes, lines near their threshold, any cell)', () => {
    fc.assert(
      fc.property(
        classSizes(3000),
        fc.double({ min: 0.05, max: 0.95, noNaN: true }),
        fc.double({ min: -1, max: 3, noNaN: true }),
        cellPlace,
        ([nA, nB], theta, zShift, [where, relativeWidth]) => {
          // An observed T a few standard deviations from the line's mean, as where the search certifies.
          const sigma = Math.sqrt(nB * nB * nA * theta * (1 - theta) + nA * nA * nB * theta * (1 - theta));
          const t = Math.min(2 * nA * nB, Math.max(1, Math.round(2 * nA * nB * theta + zShift * sigma)));
          const { c, s1, s2 } = cellOnLine(theta, nA, where, relativeWidth);
          const bound = new BalancedLineCurvature(nA, nB, linearStaircase(nA, nB, t), 1e-4 / ((nA + nB) * (nA + nB))).bound(s1, s2, c - s2, c - s1);
          const exact = largestSecondDifference(nA, nB, t, c, s1, s2);
          // The difference quotient is within ~1e-6 of h'' here (rounding / step², and h'''' · step²).
          expect(bound).toBeGreaterThanOrEqual(exact * (1 - 1e-4) - 1e-5);
        },
      ),
      { numRuns: 400, seed: 20261124 },
    );
  });

  it('holds for the union bound’s staircase too (Buehler’s ordering; fast-check, observed counts and lines near its bound)', () => {
    fc.assert(
      fc.property(
        classSizes(1500),
        fc.double({ min: 0.05, max: 0.99, noNaN: true }),
        fc.double({ min: 0.05, max: 0.99, noNaN: true }),
        fc.double({ min: -2, max: 0.5, noNaN: true }),
        cellPlace,
        ([nA, nB], rateA, rateB, zShift, [where, relativeWidth]) => {
          const kA = Math.round(rateA * nA);
          const kB = Math.round(rateB * nB);
          const tail = new UnionOrderedTailProbability(nA, kA, nB, kB, 0.0125, 1e-30);
          const estimate = (kA / nA + kB / nB) / 2;
          const theta = Math.min(0.999, Math.max(0.001, estimate + zShift * 0.5 * Math.sqrt(0.25 / nA + 0.25 / nB)));
          const { c, s1, s2 } = cellOnLine(theta, nA, where, relativeWidth);
          const labels = nA + nB;
          const bound = new BalancedLineCurvature(nA, nB, tail.staircase(), 1e-4 / (labels * labels * labels)).bound(s1, s2, c - s2, c - s1);
          const exact = largestSecondDifferenceOf((s) => tail.evaluate(s, c - s), c, s1, s2);
          expect(bound).toBeGreaterThanOrEqual(exact * (1 - 1e-4) - 1e-5);
        },
      ),
      { numRuns: 300, seed: 20261126 },
    );
  });

  it('keeps the cancellation along the line: ~30 at 700 per class where the three-term bound gives ~6,700', () => {
    // 544/710 with 631/762, the lower bound's line θ = 0.77599: h'' there is ~1 (it is a difference of
    // three terms of ~240 each); a cell a thousandth of a standard deviation wide, at the peak.
    const [nA, nB, t, theta] = [710, 762, 762 * 544 + 710 * 631, 0.7759851884977312];
    const c = 2 * theta;
    const bound = new BalancedLineCurvature(nA, nB, linearStaircase(nA, nB, t), 1e-12).bound(0.776, 0.776 + 1e-5, c - 0.776 - 1e-5, c - 0.776);
    expect(bound).toBeGreaterThan(largestSecondDifference(nA, nB, t, c, 0.776, 0.776 + 1e-5));
    expect(bound).toBeLessThan(40);
  });

  it('says nothing (Infinity) where it does not apply: a class below 2, a cell many standard deviations wide', () => {
    expect(new BalancedLineCurvature(1, 50, linearStaircase(1, 50, 40), 1e-12).bound(0.4, 0.41, 0.39, 0.4)).toBe(Infinity);
    expect(new BalancedLineCurvature(500, 500, linearStaircase(500, 500, 400_000), 1e-12).bound(0.2, 0.8, 0.2, 0.8)).toBe(Infinity);
  });

  it('lets the certification use far fewer evaluations on the slowest lines (regression: 925 and 4,399 before)', () => {
    // The benchmark's slowest lines in session 11: a long, flat supremum (P > 0.73α along the whole line).
    const small = balancedInversionSearch(710, 762, 762 * 544 + 710 * 631, 0.025);
    expect(small.bound).toBeCloseTo(0.775985, 5);
    expect(small.evaluations).toBeLessThan(400);
    const large = balancedInversionSearch(50638, 53956, 53956 * 43025 + 50638 * 53753, 0.025);
    // The exact bound is in [0.9213165, 0.9213177] (certified with a 10⁻³ se gap in session 12); the gap is now ≤ 10⁻⁵.
    expect(large.bound).toBeLessThanOrEqual(0.9213177);
    expect(large.bound).toBeGreaterThanOrEqual(0.9213165 - 1e-5);
    expect(large.evaluations).toBeLessThan(1200);
  });
});

describe('fillBinomialWindow', () => {
  it('matches binomialPmf inside its window, and what it drops bounds the mass outside', () => {
    for (const [n, p, cutoff] of [
      [1, 0.3, 0],
      [40, 0.95, 1e-12],
      [700, 0.77, 1e-10],
      [5000, 0.02, 1e-14],
      [100_000, 0.5, 1e-8],
    ] as const) {
      const window = fillBinomialWindow(binomialWindow(n), n, p, cutoff);
      let inside = 0;
      for (let k = window.lo; k <= window.hi; k++) {
        expect(Math.abs(window.values[k]! / binomialPmf(k, n, p) - 1)).toBeLessThan(1e-11);
        inside += window.values[k]!;
      }
      let outside = 0;
      for (let k = 0; k < window.lo; k++) outside += binomialPmf(k, n, p);
      for (let k = window.hi + 1; k <= n; k++) outside += binomialPmf(k, n, p);
      expect(window.dropped).toBeGreaterThanOrEqual(outside);
      expect(window.dropped).toBeLessThanOrEqual(2 * cutoff);
      expect(Math.abs(inside + outside - 1)).toBeLessThan(1e-11);
    }
  });

  it('puts all the mass on one end at p = 0 or 1', () => {
    const empty = () => ({ values: new Float64Array(6), p: 0.5, lo: 0, hi: 0, dropped: 1 });
    expect(fillBinomialWindow(empty(), 5, 0, 1e-12)).toMatchObject({ p: 0, lo: 0, hi: 0, dropped: 0 });
    expect(fillBinomialWindow(empty(), 5, 1, 1e-12)).toMatchObject({ p: 1, lo: 5, hi: 5, dropped: 0 });
  });
});
