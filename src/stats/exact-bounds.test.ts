import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import exactBoundsCsv from './fixtures/exact-bounds.csv?raw';
import { decimalComplement, halfUnitInLastPlace, parseFixture } from './fixtures/parse-fixture';
import {
  balancedInterval,
  balancedIntervalMulti,
  binomialCdf,
  binomialPmf,
  binomialSf,
  exactInterval,
  exactLowerBound,
  exactUpperBound,
  upperComplement,
} from './index';

const SEED = 20261121;
const references = parseFixture(exactBoundsCsv);

describe('exact bounds against the 40-digit reference (shared/reference/exact-bounds.csv)', () => {
  it('has all 600 rows', () => {
    expect(references).toHaveLength(600);
  });

  it('matches every row to 1e-12 absolute', () => {
    let worst = 0;
    for (const row of references) {
      const [n, k, delta] = [Number(row.n), Number(row.k), Number(row.delta)];
      const lowerError = Math.abs(exactLowerBound(n, k, delta) - Number(row.lower));
      const upperError = Math.abs(exactUpperBound(n, k, delta) - Number(row.upper));
      worst = Math.max(worst, lowerError, upperError);
      if (lowerError > 1e-12 || upperError > 1e-12) throw new Error(`row ${JSON.stringify(row)}: errors ${lowerError}, ${upperError}`);
    }
    expect(worst).toBeLessThanOrEqual(1e-12);
  });

  // The reference prints 20 significant digits, so for 1 − upper below ~1e-11 its own rounding
  // (half a unit in the 20th digit of upper) exceeds 1e-9 relative: that is allowed on top.
  it('keeps tiny lower bounds and tiny 1 − upper to 1e-9 relative', () => {
    let checked = 0;
    for (const row of references) {
      const [n, k, delta] = [Number(row.n), Number(row.k), Number(row.delta)];
      const lower = Number(row.lower!);
      const complement = decimalComplement(row.upper!);
      if (lower > 0 && lower < 1e-3) {
        checked++;
        expect(Math.abs(exactLowerBound(n, k, delta) - lower) / lower).toBeLessThanOrEqual(1e-9);
      }
      if (complement > 0 && complement < 1e-3) {
        checked++;
        expect(Math.abs(upperComplement(n, k, delta) - complement)).toBeLessThanOrEqual(
          1e-9 * complement + halfUnitInLastPlace(row.upper!),
        );
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});

describe('the blog’s worked numbers', () => {
  it('reads the tail masses of Figures 3–5 off the CDF', () => {
    expect(binomialCdf(80, 100, 0.8)).toBeCloseTo(0.53984, 5);
    expect(binomialCdf(80, 100, 0.83)).toBeCloseTo(0.24768, 5);
    expect(binomialCdf(80, 100, 0.863)).toBeCloseTo(0.05108, 5);
  });

  it('finds the 95% one-sided upper bound for 80/100 at 86.3%', () => {
    expect(exactUpperBound(100, 80, 0.05)).toBeCloseTo(0.863339, 6);
    expect(binomialCdf(80, 100, exactUpperBound(100, 80, 0.05))).toBeCloseTo(0.05, 13);
  });

  it('gives the 95% central interval for 80/100', () => {
    const interval = exactInterval(100, 80, 0.05);
    expect(interval.estimate).toBe(0.8);
    expect(interval.lower).toBeCloseTo(0.708157, 6);
    expect(interval.upper).toBeCloseTo(0.873344, 6);
  });

  it('gives the balanced interval [0.84473, 0.97122] for 90/100 YES and 95/100 NO', () => {
    const interval = balancedInterval({ yes: { correct: 90, total: 100 }, no: { correct: 95, total: 100 } }, 0.05);
    expect(interval.estimate).toBeCloseTo(0.925, 15);
    expect(interval.lower).toBeCloseTo(0.84473, 5);
    expect(interval.upper).toBeCloseTo(0.97122, 5);
    // Built from the four per-class bounds at δ/4.
    expect(interval.yes.lower).toBe(exactLowerBound(100, 90, 0.0125));
    expect(interval.no.upper).toBe(exactUpperBound(100, 95, 0.0125));
    expect(interval.lower).toBe((interval.yes.lower + interval.no.lower) / 2);
  });
});

describe('huge N: closed forms and the defining identity', () => {
  const sizes = [1e6, 1e8, 1e9];
  const deltas = [0.5, 0.05, 1e-4, 1e-10];

  it('k = 0: upper = 1 − δ^(1/n) to 1e-15 relative', () => {
    for (const n of sizes) {
      for (const delta of deltas) {
        const closedForm = -Math.expm1(Math.log(delta) / n);
        expect(Math.abs(exactUpperBound(n, 0, delta) - closedForm) / closedForm).toBeLessThanOrEqual(1e-15);
        expect(exactLowerBound(n, 0, delta)).toBe(0);
      }
    }
  });

  it('k = n: lower = δ^(1/n) and 1 − upper(n, 0) = δ^(1/n)', () => {
    for (const n of sizes) {
      for (const delta of deltas) {
        const closedForm = Math.exp(Math.log(delta) / n);
        expect(Math.abs(exactLowerBound(n, n, delta) - closedForm)).toBeLessThanOrEqual(2e-16);
        expect(Math.abs(upperComplement(n, 0, delta) - closedForm)).toBeLessThanOrEqual(2e-16);
        expect(exactUpperBound(n, n, delta)).toBe(1);
      }
    }
  });

  it('F(k; n, upper) = δ and P[X ≥ k; lower] = δ, to 1e-12 plus what one ulp of the bound moves them', () => {
    for (const n of sizes) {
      for (const delta of deltas) {
        for (const fraction of [1e-7, 0.01, 0.5, 0.9, 0.999999]) {
          const k = Math.max(1, Math.min(n - 1, Math.round(n * fraction)));
          // dF(k; n, p)/dp = −n·f(k; n−1, p) and dP[X ≥ k]/dp = n·f(k−1; n−1, p). A bound stored as a
          // double is an ulp or two (ε·max(p, 1−p)) from the true one, and evaluating F rounds n·p
          // (another few ulps of p): each ulp moves the tail by slope·ulp. Allow eight ulps' worth.
          const tolerance = (p: number, slope: number) => 1e-12 + (8 * slope * Number.EPSILON * Math.max(p, 1 - p)) / delta;
          const upper = exactUpperBound(n, k, delta);
          const atUpper = binomialCdf(k, n, upper);
          expect(Math.abs(atUpper / delta - 1)).toBeLessThanOrEqual(tolerance(upper, n * binomialPmf(k, n - 1, upper)));
          const lower = exactLowerBound(n, k, delta);
          const atLower = binomialSf(k - 1, n, lower);
          expect(Math.abs(atLower / delta - 1)).toBeLessThanOrEqual(tolerance(lower, n * binomialPmf(k - 1, n - 1, lower)));
        }
      }
    }
  });
});

describe('regressions for failures reported in statsmodels', () => {
  it('exactInterval(1000, 0, 1e-7).upper = 1 − (5e-8)^(1/1000)', () => {
    expect(exactInterval(1000, 0, 1e-7).upper).toBeCloseTo(0.01667072243, 11);
  });

  it('no jump towards 1 for k = 0, tiny δ and n ≥ 500', () => {
    for (const delta of [1e-6, 1e-9, 1e-12, 1e-15]) {
      let previous = 1;
      for (let n = 500; n <= 20_000; n += 250) {
        const upper = exactUpperBound(n, 0, delta);
        expect(upper).toBeLessThan(previous);
        expect(upper).toBeLessThan(-Math.log(delta) / n + 1e-12);
        previous = upper;
      }
    }
  });

  it('has no NaN at k = 0 or k = n', () => {
    for (const n of [1, 2, 7, 500, 1e5, 1e9]) {
      for (const delta of [0.999, 0.5, 0.05, 1e-12]) {
        for (const k of [0, n]) {
          const interval = exactInterval(n, k, delta);
          expect(Number.isNaN(interval.lower) || Number.isNaN(interval.upper)).toBe(false);
        }
      }
    }
  });
});

describe('properties (fast-check, fixed seed)', () => {
  const counts = fc
    .integer({ min: 1, max: 100_000 })
    .chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 0, max: n })));
  const delta = fc.double({ min: 1e-12, max: 0.999, noNaN: true });

  it('0 ≤ lower ≤ k/n ≤ upper ≤ 1', () => {
    fc.assert(
      fc.property(counts, delta, ([n, k], d) => {
        const { estimate, lower, upper } = exactInterval(n, k, d);
        return 0 <= lower && lower <= estimate && estimate <= upper && upper <= 1;
      }),
      { seed: SEED, numRuns: 10_000 },
    );
  });

  it('both bounds are non-decreasing in k', () => {
    fc.assert(
      fc.property(counts, delta, ([n, k], d) => {
        fc.pre(k < n);
        return (
          exactLowerBound(n, k, d) <= exactLowerBound(n, k + 1, d) && exactUpperBound(n, k, d) <= exactUpperBound(n, k + 1, d)
        );
      }),
      { seed: SEED, numRuns: 10_000 },
    );
  });

  it('the interval widens as δ shrinks', () => {
    fc.assert(
      fc.property(counts, delta, fc.double({ min: 0.01, max: 0.99, noNaN: true }), ([n, k], d, shrink) => {
        const wide = exactInterval(n, k, d * shrink);
        const narrow = exactInterval(n, k, d);
        return wide.lower <= narrow.lower && wide.upper >= narrow.upper;
      }),
      { seed: SEED, numRuns: 10_000 },
    );
  });

  it('is symmetric: lower(n, k) = 1 − upper(n, n − k), and upperComplement = 1 − upper', () => {
    fc.assert(
      fc.property(counts, delta, ([n, k], d) => {
        const lower = exactLowerBound(n, k, d);
        return (
          Math.abs(lower - (1 - exactUpperBound(n, n - k, d))) <= Number.EPSILON &&
          Math.abs(upperComplement(n, n - k, d) - lower) <= Number.EPSILON * Math.max(lower, Number.MIN_VALUE) * 4
        );
      }),
      { seed: SEED, numRuns: 10_000 },
    );
  });

  it('the balanced interval lies between the per-class δ/4 bounds and equals the K = 2 multi-class form', () => {
    const classCounts = fc
      .integer({ min: 1, max: 5_000 })
      .chain((total) => fc.record({ total: fc.constant(total), correct: fc.integer({ min: 0, max: total }) }));
    fc.assert(
      fc.property(classCounts, classCounts, delta, (yes, no, d) => {
        const balanced = balancedInterval({ yes, no }, d);
        const multi = balancedIntervalMulti([yes, no], d);
        return (
          balanced.lower === multi.lower &&
          balanced.upper === multi.upper &&
          balanced.lower <= balanced.estimate &&
          balanced.estimate <= balanced.upper &&
          balanced.yes.lower === exactLowerBound(yes.total, yes.correct, d / 4)
        );
      }),
      { seed: SEED, numRuns: 10_000 },
    );
  });
});
