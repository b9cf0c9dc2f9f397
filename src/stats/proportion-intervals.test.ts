import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readMethodFixture } from '../test/read-csv-fixture';
import { agrestiCoullInterval } from './agresti-coull-interval';
import { clopperPearsonInterval } from './clopper-pearson-interval';
import { EmptyClassError } from './empty-class-error';
import { exactInterval } from './exact-interval';
import { jeffreysInterval } from './jeffreys-interval';
import { proportionInterval } from './proportion-interval';
import type { Interval, ProportionMethod } from './types';
import { waldInterval } from './wald-interval';
import { wilsonInterval } from './wilson-interval';

const METHODS: Record<ProportionMethod, (n: number, k: number, delta: number) => Interval> = {
  clopper_pearson: clopperPearsonInterval,
  wilson: wilsonInterval,
  agresti_coull: agrestiCoullInterval,
  jeffreys: jeffreysInterval,
  wald: waldInterval,
};
const METHOD_NAMES = Object.keys(METHODS) as ProportionMethod[];

// statsmodels 0.13.5 proportion_confint; the column `alpha` is our δ.
const ROWS = readMethodFixture('proportion-intervals.csv', ['n', 'k', 'lower', 'upper']);


describe('proportion intervals against statsmodels 0.13.5 (proportion-intervals.csv)', () => {
  it('has the 300 rows, 60 per method', () => {
    expect(ROWS).toHaveLength(300);
    for (const method of METHOD_NAMES) expect(ROWS.filter((row) => row.method === method)).toHaveLength(60);
  });

  it.each(METHOD_NAMES)('%s matches every row to 1e-9', (method) => {
    let worst = 0;
    for (const row of ROWS.filter((candidate) => candidate.method === method)) {
      const interval = METHODS[method](row.n, row.k, row.delta);
      expect(interval.estimate).toBe(row.k / row.n);
      worst = Math.max(worst, Math.abs(interval.lower - row.lower), Math.abs(interval.upper - row.upper));
    }
    expect(worst).toBeLessThanOrEqual(1e-9);
  });

  it('proportionInterval dispatches to each method', () => {
    for (const method of METHOD_NAMES) expect(proportionInterval(method, 37, 12, 0.1)).toEqual(METHODS[method](37, 12, 0.1));
  });

  it('clopperPearsonInterval is exactInterval (the blog’s 80/100 at 95%: [0.708157, 0.873344])', () => {
    expect(clopperPearsonInterval(100, 80, 0.05)).toEqual(exactInterval(100, 80, 0.05));
    expect(clopperPearsonInterval(100, 80, 0.05).lower).toBeCloseTo(0.708157, 6);
    expect(clopperPearsonInterval(100, 80, 0.05).upper).toBeCloseTo(0.873344, 6);
  });
});

describe('conventions at the boundaries', () => {
  it('Wald collapses to a point at k = 0 and k = n; Agresti–Coull is clipped to [0, 1]', () => {
    expect(waldInterval(10, 0, 0.05)).toEqual({ estimate: 0, lower: 0, upper: 0 });
    expect(waldInterval(10, 10, 0.05)).toEqual({ estimate: 1, lower: 1, upper: 1 });
    expect(agrestiCoullInterval(10, 0, 0.05).lower).toBe(0);
    expect(agrestiCoullInterval(10, 10, 0.05).upper).toBe(1);
  });

  it('Wilson is exactly 0 at k = 0 and 1 at k = n, and keeps tiny lower bounds precise', () => {
    expect(wilsonInterval(10, 0, 0.05).lower).toBe(0);
    expect(wilsonInterval(10, 10, 0.05).upper).toBe(1);
    // 1 success in 1e9 trials at δ = 0.05: the smaller root of (n + z²)p² − (2 + z²)p + 1/n, from
    // mpmath at 40 digits.
    const reference = 1.7652455495696314e-10;
    expect(Math.abs(wilsonInterval(1e9, 1, 0.05).lower - reference)).toBeLessThanOrEqual(1e-14 * reference);
  });

  it('Jeffreys has no boundary change: at k = 0 its lower bound is the δ/2 quantile of Beta(½, n + ½), not 0', () => {
    const atZero = jeffreysInterval(10, 0, 0.05);
    expect(atZero.lower).toBeGreaterThan(0);
    expect(atZero.lower).toBeLessThan(1e-4);
    const atN = jeffreysInterval(10, 10, 0.05);
    expect(atN.upper).toBeLessThan(1);
    expect(1 - atN.upper).toBeCloseTo(atZero.lower, 15);
  });
});

describe('validation (the core policy)', () => {
  it.each(METHOD_NAMES)('%s throws EmptyClassError for n = 0 and RangeErrors naming the argument', (method) => {
    const compute = METHODS[method];
    expect(() => compute(0, 0, 0.05)).toThrow(EmptyClassError);
    expect(() => compute(10, 11, 0.05)).toThrow(/^k must be ≤ n \(10\), got 11$/);
    expect(() => compute(10, 2.5, 0.05)).toThrow(/^k must be a whole number, got 2\.5$/);
    expect(() => compute(-1, 0, 0.05)).toThrow(/^n must not be negative, got -1$/);
    expect(() => compute(10, 2, 0)).toThrow(/^delta must be in \(0, 1\), got 0$/);
    expect(() => compute(10, 2, Number.NaN)).toThrow(RangeError);
  });

  it('proportionInterval names an unknown method', () => {
    expect(() => proportionInterval('normal' as ProportionMethod, 10, 2, 0.05)).toThrow(
      /^method must be one of clopper_pearson, wilson, agresti_coull, jeffreys, wald, got normal$/,
    );
  });
});

describe('properties (fast-check, fixed seed)', () => {
  const counts = fc
    .tuple(fc.integer({ min: 1, max: 100_000 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 1e-9, max: 0.5, noNaN: true }))
    .map(([n, fraction, delta]) => ({ n, k: Math.round(fraction * n), delta }));

  it.each(METHOD_NAMES)('%s: 0 ≤ lower ≤ upper ≤ 1, and the interval contains k/n where the convention says so', (method) => {
    fc.assert(
      fc.property(counts, ({ n, k, delta }) => {
        const { estimate, lower, upper } = METHODS[method](n, k, delta);
        expect(estimate).toBe(k / n);
        expect(0 <= lower && lower <= upper && upper <= 1).toBe(true);
        // Jeffreys excludes k/n at k = 0 and k = n (no boundary change); all others always contain it.
        if (method !== 'jeffreys' || (k > 0 && k < n)) expect(lower <= estimate && estimate <= upper).toBe(true);
      }),
      { seed: 42, numRuns: 10_000 },
    );
  });

  it('Wilson is nested in Agresti–Coull (same centre, wider half-width)', () => {
    fc.assert(
      fc.property(counts, ({ n, k, delta }) => {
        const wilson = wilsonInterval(n, k, delta);
        const agrestiCoull = agrestiCoullInterval(n, k, delta);
        expect(agrestiCoull.lower).toBeLessThanOrEqual(wilson.lower + 1e-15);
        expect(agrestiCoull.upper).toBeGreaterThanOrEqual(wilson.upper - 1e-15);
      }),
      { seed: 7, numRuns: 10_000 },
    );
  });
});
