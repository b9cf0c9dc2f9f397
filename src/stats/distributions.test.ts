import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { betaCdf, betaPdf, betaQuantile, betaSf, binomialCdf, binomialPmf, binomialSf } from './index';
import { incompleteBeta } from './incomplete-beta';

/**
 * [k, n, p, pmf, cdf, sf] computed exactly with Python's fractions.Fraction at the double value of p
 * (C(n, k)·pᵏ(1−p)^(n−k) summed as rationals, rounded once): deep tails included.
 */
const EXACT_BINOMIAL: [number, number, number, number, number, number][] = [
  [80, 100, 0.8, 0.09930021480882469, 0.5398386299354266, 0.4601613700645733],
  [80, 100, 0.83, 0.07317742663764502, 0.24768389242480124, 0.7523161075751987],
  [80, 100, 0.863, 0.022101732367505077, 0.05108425579901056, 0.9489157442009895],
  [0, 1000, 0.5, 9.332636185032189e-302, 9.332636185032189e-302, 1.0],
  [3, 1000, 0.5, 1.5507761569582437e-293, 1.5554471507014885e-293, 1.0],
  [990, 1000, 0.5, 2.4583055954508074e-278, 1.0, 2.503319603882797e-280],
  [1, 2000, 0.9, 0.0, 0.0, 1.0],
  [5, 60, 0.99, 5.1938435694097025e-104, 5.198531093861615e-104, 1.0],
  [55, 60, 0.01, 5.1938435694094546e-104, 1.0, 4.6875244519126053e-107],
  [500, 1000, 0.001, 0.0, 1.0, 0.0],
  [40, 4000, 0.1, 7.693507713960254e-126, 8.460521923684206e-126, 1.0],
];

/**
 * Relative error allowed on top of `tolerance` for a value e^L: exp magnifies the last-bit error of
 * L into |L|·ε, so values near 1e-300 can be no better than ~1e-13 in double precision.
 */
function expectRelative(actual: number, expected: number, tolerance: number) {
  if (expected === 0) expect(actual).toBe(0);
  else {
    const expMagnification = 4 * Number.EPSILON * Math.abs(Math.log(expected));
    expect(Math.abs(actual - expected) / expected).toBeLessThanOrEqual(tolerance + expMagnification);
  }
}

describe('binomial PMF, CDF and survival function', () => {
  it.each(EXACT_BINOMIAL)('k=%d n=%d p=%d matches exact rational arithmetic in relative terms', (k, n, p, pmf, cdf, sf) => {
    expectRelative(binomialPmf(k, n, p), pmf, 1e-13);
    expectRelative(binomialCdf(k, n, p), cdf, 1e-13);
    expectRelative(binomialSf(k, n, p), sf, 1e-13);
  });

  it('handles p = 0, p = 1 and k = n exactly', () => {
    expect(binomialPmf(0, 10, 0)).toBe(1);
    expect(binomialPmf(10, 10, 1)).toBe(1);
    expect(binomialPmf(3, 10, 0)).toBe(0);
    expect(binomialCdf(10, 10, 0.3)).toBe(1);
    expect(binomialSf(10, 10, 0.3)).toBe(0);
    expect(binomialCdf(4, 10, 1)).toBe(0);
    expect(binomialSf(4, 10, 0)).toBe(0);
  });

  it('sums to one and CDF + SF = 1 (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), fc.double({ min: 0, max: 1, noNaN: true }), (n, p) => {
        let total = 0;
        for (let k = 0; k <= n; k++) total += binomialPmf(k, n, p);
        const k = Math.floor(n / 3);
        return Math.abs(total - 1) < 1e-12 && Math.abs(binomialCdf(k, n, p) + binomialSf(k, n, p) - 1) < 1e-14;
      }),
      { seed: 7, numRuns: 2_000 },
    );
  });
});

describe('beta distribution', () => {
  it('agrees with closed forms', () => {
    for (const x of [1e-300, 1e-12, 0.001, 0.3, 0.5, 0.9, 1 - 1e-12]) {
      expectRelative(betaCdf(x, 1, 1), x, 1e-15);
      expectRelative(betaCdf(x, 3, 1), x ** 3, 1e-14);
      expectRelative(betaSf(x, 1, 4), (1 - x) ** 4, 1e-14);
      expectRelative(betaPdf(x, 2, 2), 6 * x * (1 - x), 1e-13);
    }
    expect(betaPdf(0, 0.5, 3)).toBe(Infinity);
    expect(betaPdf(1, 2, 1)).toBe(2);
  });

  it('I_x(a, b) = 1 − I_{1−x}(b, a) and the quantile inverts the CDF (property)', () => {
    const shape = fc.oneof(fc.double({ min: 0.5, max: 50, noNaN: true }), fc.integer({ min: 1, max: 1e7 }));
    fc.assert(
      fc.property(shape, shape, fc.double({ min: 1e-12, max: 1 - 1e-12, noNaN: true }), (a, b, q) => {
        const x = betaQuantile(q, a, b);
        fc.pre(x > 0 && x < 1); // a quantile within an ulp of 0 or 1 is only resolvable through its complement
        const cdf = betaCdf(x, a, b);
        // A double x can only get within its own ulp; allow what one ulp moves the CDF by, relative to
        // the smaller tail. Past the continued fraction's switch point the CDF comes from 1 − x, whose
        // rounding costs up to max(a, b)·ε relative (documented in incompleteBeta).
        const ulpSlack = (betaPdf(x, a, b) * 4 * Number.EPSILON * Math.max(x, 1e-300)) / Math.min(q, 1 - q);
        const slack = ulpSlack + 4 * Number.EPSILON * Math.max(a, b);
        const symmetric = Math.abs(betaCdf(0.3, a, b) - betaSf(0.7, b, a)) <= 1e-14;
        return symmetric && Math.abs(cdf - q) / Math.min(q, 1 - q) <= 1e-12 + slack;
      }),
      { seed: 11, numRuns: 10_000 },
    );
  });

  it('finds quantiles deep in the lower tail, where 1 − q rounds to 1 (regression: the first guess was NaN and the solve spun)', () => {
    for (const [a, b] of [[2, 3], [40, 7], [1e6, 5]]) {
      for (const q of [1e-300, 1e-100, 1e-20]) {
        const lower = betaQuantile(q, a!, b!);
        expect(lower).toBeGreaterThan(0);
        // Deep in the lower tail F ∝ xᵃ, so one ulp of x moves F by about a·ε relative.
        expectRelative(betaCdf(lower, a!, b!), q, 1e-12 + 8 * Number.EPSILON * a!);
      }
    }
  });

  it('returns NaN at once for NaN arguments inside the incomplete beta (no 10⁷-term spin)', () => {
    const values = incompleteBeta(Number.NaN, Number.NaN, 5, 7);
    expect(Number.isNaN(values.cdf) && Number.isNaN(values.sf)).toBe(true);
  });
});
