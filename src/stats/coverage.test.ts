import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readMethodFixture } from '../test/read-csv-fixture';
import { binomialPmf } from './binomial-pmf';
import { binomialPmfRow } from './binomial-pmf-row';
import { coverageCurve } from './coverage-curve';
import { EmptyClassError } from './empty-class-error';
import { exactCoverage } from './exact-coverage';
import { proportionInterval } from './proportion-interval';
import { proportionIntervalTable } from './proportion-interval-table';
import type { ProportionMethod } from './types';

const METHOD_NAMES: ProportionMethod[] = ['clopper_pearson', 'wilson', 'agresti_coull', 'jeffreys', 'wald'];

const ROWS = readMethodFixture('coverage.csv', ['n', 'p', 'coverage']);


/** The textbook definition, term by term with the core PMF: the oracle for the fast paths. */
function coverageByDefinition(method: ProportionMethod, n: number, p: number, delta: number): number {
  let sum = 0;
  for (let k = 0; k <= n; k++) {
    const { lower, upper } = proportionInterval(method, n, k, delta);
    if (lower <= p && p <= upper) sum += binomialPmf(k, n, p);
  }
  return sum;
}

describe('exactCoverage against coverage.csv', () => {
  it('has the 150 rows', () => expect(ROWS).toHaveLength(150));

  it.each(METHOD_NAMES)('%s matches every row to 1e-9', (method) => {
    let worst = 0;
    for (const row of ROWS.filter((candidate) => candidate.method === method)) {
      worst = Math.max(worst, Math.abs(exactCoverage(method, row.n, row.p, row.delta) - row.coverage));
    }
    expect(worst).toBeLessThanOrEqual(1e-9);
  });

  it('Wald undercovers badly near the boundary (n = 10, p = 0.01: 9.55%) while Clopper–Pearson does not', () => {
    expect(exactCoverage('wald', 10, 0.01, 0.05)).toBeCloseTo(0.0955040758733, 12);
    expect(exactCoverage('clopper_pearson', 10, 0.01, 0.05)).toBeGreaterThanOrEqual(0.95);
  });
});

describe('coverageCurve', () => {
  it('equals the term-by-term definition with the core PMF at every p (to 1e-14)', () => {
    const ps = Array.from({ length: 101 }, (_, index) => index / 100);
    for (const method of METHOD_NAMES) {
      for (const n of [1, 7, 30, 250]) {
        const curve = coverageCurve(method, n, 0.05, ps);
        curve.forEach((coverage, index) => {
          expect(Math.abs(coverage - coverageByDefinition(method, n, ps[index]!, 0.05))).toBeLessThanOrEqual(1e-14);
        });
      }
    }
  });

  it('accepts a precomputed table and refuses one for other settings', () => {
    const table = proportionIntervalTable('wilson', 40, 0.1);
    expect(coverageCurve('wilson', 40, 0.1, [0.3, 0.7], table)).toEqual(coverageCurve('wilson', 40, 0.1, [0.3, 0.7]));
    expect(() => coverageCurve('wilson', 41, 0.1, [0.3], table)).toThrow(/^table is for \(wilson, 40, 0\.1\), not \(wilson, 41, 0\.1\)/);
  });

  it('validates method, n, delta and each p', () => {
    expect(() => coverageCurve('wald', 0, 0.05, [0.5])).toThrow(EmptyClassError);
    expect(() => coverageCurve('wald', 10, 1, [0.5])).toThrow(/^delta must be in \(0, 1\), got 1$/);
    expect(() => coverageCurve('wald', 10, 0.05, [0.5, 1.5])).toThrow(/^ps\[1\] must be in \[0, 1\], got 1\.5$/);
    expect(() => coverageCurve('exact' as ProportionMethod, 10, 0.05, [0.5])).toThrow(/^method must be one of/);
    expect(() => exactCoverage('wald', 10, -0.1, 0.05)).toThrow(/^p must be in \[0, 1\], got -0\.1$/);
  });

  // Its speed (N = 1,000, 500 p values, 5 methods) is measured by `npm run bench`, not asserted here.
  it('gives a curve at N = 1,000 that agrees with exactCoverage point by point', () => {
    const ps = [0.001, 0.25, 0.5, 0.9, 0.999];
    for (const method of METHOD_NAMES) {
      const curve = coverageCurve(method, 1000, 0.05, ps);
      ps.forEach((p, index) => expect(curve[index]).toBeCloseTo(exactCoverage(method, 1000, p, 0.05), 12));
    }
  });
});

describe('binomialPmfRow', () => {
  it('matches the core binomialPmf term by term in relative terms, including the far tails', () => {
    for (const [n, p] of [[1, 0.3], [10, 0.01], [1000, 0.37], [5000, 0.999], [200, 0]] as const) {
      const row = binomialPmfRow(n, p);
      row.forEach((value, k) => {
        const reference = binomialPmf(k, n, p);
        // Relative agreement wherever the value is a normal double (below 1e-300 both may underflow).
        expect(Math.abs(value - reference)).toBeLessThanOrEqual(1e-12 * reference + 1e-300);
      });
    }
    expect(Array.from(binomialPmfRow(3, 1))).toEqual([0, 0, 0, 1]);
  });
});

describe('coverage properties', () => {
  it('coverage is a probability for every method, n, δ and p (fast-check: 1,000 curves × 20 p = 20,000 cases)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...METHOD_NAMES),
        fc.integer({ min: 1, max: 300 }),
        fc.double({ min: 1e-6, max: 0.5, noNaN: true }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 20, maxLength: 20 }),
        (method, n, delta, ps) => {
          for (const coverage of coverageCurve(method, n, delta, ps)) expect(coverage >= 0 && coverage <= 1).toBe(true);
        },
      ),
      { seed: 2001, numRuns: 1000 },
    );
  });

  it('Clopper–Pearson never covers less than 1 − δ: every n ≤ 200 on 501 values of p, δ = 0.05 and 0.01', () => {
    const ps = Array.from({ length: 501 }, (_, index) => index / 500);
    for (const delta of [0.05, 0.01]) {
      let worst = Infinity;
      for (let n = 1; n <= 200; n++) worst = Math.min(worst, ...coverageCurve('clopper_pearson', n, delta, ps));
      expect(worst).toBeGreaterThanOrEqual(1 - delta);
    }
  });

  it('Wald visibly undercovers somewhere on the same grid', () => {
    const ps = Array.from({ length: 501 }, (_, index) => index / 500);
    expect(Math.min(...coverageCurve('wald', 100, 0.05, ps))).toBeLessThan(0.5);
  });
});
