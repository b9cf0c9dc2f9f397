import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readCsvFixture } from '../test/read-csv-fixture';
import { betaQuantile } from './beta-quantile';
import { posteriorAccuracy } from './posterior-accuracy';
import { posteriorBalancedAccuracy } from './posterior-balanced-accuracy';

const ROWS = readCsvFixture('posterior-balanced-accuracy.csv').map((row) => {
  const [tp, fn, tn, fp, alpha, mean, median, mode, lower, upper] = ['tp', 'fn', 'tn', 'fp', 'alpha', 'mean', 'median', 'mode', 'lower', 'upper'].map(
    (column) => Number(row[column]),
  ) as [number, number, number, number, number, number, number, number, number, number];
  return { matrix: { tp, fn, tn, fp }, alpha, mean, median, mode, lower, upper };
});

describe('posteriorBalancedAccuracy against posterior-balanced-accuracy.csv (scipy)', () => {
  it('has the 60 rows', () => expect(ROWS).toHaveLength(60));

  it('matches mean, median and interval to 1e-8 and the mode to 1e-6 on every row', () => {
    const worst = { mean: 0, median: 0, lower: 0, upper: 0, mode: 0 };
    for (const row of ROWS) {
      const posterior = posteriorBalancedAccuracy(row.matrix);
      const interval = posterior.interval(row.alpha);
      expect(interval.estimate).toBe(posterior.mean);
      worst.mean = Math.max(worst.mean, Math.abs(posterior.mean - row.mean));
      worst.median = Math.max(worst.median, Math.abs(posterior.median - row.median));
      worst.lower = Math.max(worst.lower, Math.abs(interval.lower - row.lower));
      worst.upper = Math.max(worst.upper, Math.abs(interval.upper - row.upper));
      worst.mode = Math.max(worst.mode, Math.abs(posterior.mode - row.mode));
    }
    // Measured: about 5e-13 on mean/median/bounds; the mode reference has 8 digits.
    expect(Math.max(worst.mean, worst.median, worst.lower, worst.upper)).toBeLessThanOrEqual(1e-8);
    expect(worst.mode).toBeLessThanOrEqual(1e-6);
  });
});

describe('posteriorBalancedAccuracy at 1e5 labels per class', () => {
  // References: scipy 1.17.1, adaptive quad of f₁(t)·betainc(a₂, b₂, 2x − t) over 40 panels
  // (epsrel 1e-14) and brentq to 1e-15; the second row agrees with mpmath at 30 digits to 1e-13.
  const LARGE: Array<[number, number, number, number, number, number, number]> = [
    [90000, 10000, 70000, 30000, 0.7982941648707326, 0.7999948667492879, 0.8016889103875884],
    [99990, 10, 3, 7, 0.554576717620737, 0.6618472326915792, 0.8048162844650331],
    [100000, 0, 99000, 1000, 0.9946768417818969, 0.9949917334122969, 0.9952940773367892],
    [50000, 50000, 3, 0, 0.4488129669832902, 0.6704459779467425, 0.7468433875075998],
  ];

  it.each(LARGE)('TP %i FN %i TN %i FP %i: 95%% interval and median to 1e-10', (tp, fn, tn, fp, lower, median, upper) => {
    const posterior = posteriorBalancedAccuracy({ tp, fn, tn, fp });
    const interval = posterior.interval(0.05);
    expect(Math.abs(interval.lower - lower)).toBeLessThanOrEqual(1e-10);
    expect(Math.abs(posterior.median - median)).toBeLessThanOrEqual(1e-10);
    expect(Math.abs(interval.upper - upper)).toBeLessThanOrEqual(1e-10);
  });

  // Its speed at 1e5 labels per class (≤ 5 ms) is measured by `npm run bench`, not asserted here.
  it('orders mode, median and mean as the skew says at 1e5 labels per class', () => {
    const posterior = posteriorBalancedAccuracy({ tp: 90_000, fn: 10_000, tn: 70_000, fp: 30_000 });
    const interval = posterior.interval(0.05);
    expect(interval.lower).toBeLessThan(posterior.median);
    expect(posterior.median).toBeLessThan(interval.upper);
    expect(Math.abs(posterior.mode - posterior.median)).toBeLessThan(1e-3);
    expect(posterior.mean).toBeCloseTo((90_001 / 100_002 + 70_001 / 100_002) / 2, 14); // flat priors add one of each
  });
});

describe('tails keep their relative precision (mpmath, 30–200 digits)', () => {
  const TAILS: Array<[number, number, number, number, number, number]> = [
    [20, 80, 20, 80, 0.5, 1.317111095546981e-18],
    [41, 4, 3, 7, 0.9, 0.000007452024967854365],
    [5, 5, 5, 5, 0.999, 9.37478162763686e-31],
    [200, 800, 200, 800, 0.35, 3.844129409955861e-49],
  ];
  it.each(TAILS)('TP %i FN %i TN %i FP %i: P(B > %d) to 1e-12 relative', (tp, fn, tn, fp, x, reference) => {
    const posterior = posteriorBalancedAccuracy({ tp, fn, tn, fp });
    expect(Math.abs(posterior.probabilityAbove(x) - reference)).toBeLessThanOrEqual(1e-12 * reference);
  });

  it('lower tails too: P(B ≤ x) = P(B′ > 1 − x) for the mirrored matrix', () => {
    const posterior = posteriorBalancedAccuracy({ tp: 80, fn: 20, tn: 80, fp: 20 });
    expect(Math.abs(posterior.cdf(0.5) - 1.317111095546981e-18)).toBeLessThanOrEqual(1e-12 * 1.317111095546981e-18);
  });
});

describe('the paper’s lesson (Brodersen et al. 2010, Figure 2): TP 41, FN 4, TN 3, FP 7', () => {
  const matrix = { tp: 41, fn: 4, tn: 3, fp: 7 };

  it('plain accuracy looks good: 95% posterior interval ≈ [0.68, 0.88]', () => {
    const interval = posteriorAccuracy(matrix).interval(0.05);
    expect(interval.lower).toBeCloseTo(0.68, 2);
    expect(interval.upper).toBeCloseTo(0.88, 2);
  });

  it('balanced accuracy reaches chance: ≈ [0.49, 0.76] with mean ≈ 0.61 (scipy: 0.49121208007793, 0.75744537859512)', () => {
    const posterior = posteriorBalancedAccuracy(matrix);
    const interval = posterior.interval(0.05);
    expect(posterior.mean).toBeCloseTo(0.61, 2);
    expect(Math.abs(interval.lower - 0.4912120800779298)).toBeLessThanOrEqual(1e-12);
    expect(Math.abs(interval.upper - 0.7574453785951173)).toBeLessThanOrEqual(1e-12);
    expect(interval.lower).toBeLessThan(0.5);
    expect(posterior.probabilityAbove(0.5)).toBeCloseTo(0.96287, 5);
  });
});

describe('posteriorBalancedAccuracy properties (fast-check, fixed seed)', () => {
  const counts = fc.integer({ min: 0, max: 3000 });
  const matrices = fc.record({ tp: counts, fn: counts, tn: counts, fp: counts });

  it('cdf is a monotone probability with cdf + probabilityAbove = 1; the interval holds the median; cdf(quantiles) = α/2, ½, 1 − α/2', () => {
    fc.assert(
      fc.property(matrices, fc.double({ min: 1e-6, max: 0.5, noNaN: true }), (matrix, alpha) => {
        const posterior = posteriorBalancedAccuracy(matrix);
        const interval = posterior.interval(alpha);
        expect(interval.lower).toBeLessThanOrEqual(posterior.median);
        expect(posterior.median).toBeLessThanOrEqual(interval.upper);
        expect(Math.abs(posterior.cdf(interval.lower) - alpha / 2)).toBeLessThanOrEqual(1e-12);
        expect(Math.abs(posterior.cdf(posterior.median) - 0.5)).toBeLessThanOrEqual(1e-12);
        expect(Math.abs(posterior.probabilityAbove(interval.upper) - alpha / 2)).toBeLessThanOrEqual(1e-12);
        let previous = 0;
        for (let i = 0; i <= 40; i++) {
          const x = interval.lower + ((interval.upper - interval.lower) * i) / 40;
          const cdf = posterior.cdf(x);
          expect(cdf).toBeGreaterThanOrEqual(previous);
          expect(cdf).toBeLessThanOrEqual(1);
          // Not 1e-16: a node t is rounded to a double, and the density moves by (a − 1)/t per unit of t.
          expect(Math.abs(cdf + posterior.probabilityAbove(x) - 1)).toBeLessThanOrEqual(1e-12);
          previous = cdf;
        }
      }),
      { seed: 2010, numRuns: 300 },
    );
  });

  it('a class with no labels (flat prior) puts the mode at exactly ½, on a top flat to ~1e-8', () => {
    // Reviewed: 0/0 with 10/0 read 51.7456% and 0/0 with 3/7 read 49.9135%. The density is F(s) below
    // s = 1 and 1 − F(s − 1) above it, so its maximum is at s = 1; the pdf agrees there.
    for (const matrix of [{ tp: 0, fn: 0, tn: 10, fp: 0 }, { tp: 0, fn: 0, tn: 3, fp: 7 }, { tp: 5, fn: 2, tn: 0, fp: 0 }, { tp: 0, fn: 0, tn: 0, fp: 0 }]) {
      const posterior = posteriorBalancedAccuracy(matrix);
      expect(posterior.mode).toBe(0.5);
      for (const x of [0.3, 0.45, 0.499, 0.501, 0.55, 0.7]) expect(posterior.pdf(x)).toBeLessThanOrEqual(posterior.pdf(0.5) * (1 + 1e-9));
    }
  });

  it('the pdf is the derivative of the cdf and peaks at the mode', () => {
    fc.assert(
      fc.property(matrices, (matrix) => {
        const posterior = posteriorBalancedAccuracy(matrix);
        const { lower, upper } = posterior.interval(0.2);
        const h = (upper - lower) * 1e-4;
        for (const x of [lower, posterior.median, upper]) {
          const slope = (posterior.cdf(x + h) - posterior.cdf(x - h)) / (2 * h);
          expect(Math.abs(slope - posterior.pdf(x))).toBeLessThanOrEqual(1e-6 * posterior.pdf(posterior.mode));
        }
        const peak = posterior.pdf(posterior.mode);
        expect(posterior.pdf(posterior.mode - h)).toBeLessThanOrEqual(peak);
        expect(posterior.pdf(posterior.mode + h)).toBeLessThanOrEqual(peak);
      }),
      { seed: 1, numRuns: 200 },
    );
  });
});

describe('posteriorAccuracy: Beta(TP + TN + 1, FN + FP + 1)', () => {
  it('has the Beta summaries and functions', () => {
    const posterior = posteriorAccuracy({ tp: 41, fn: 4, tn: 3, fp: 7 });
    expect(posterior.mean).toBe(45 / 57);
    expect(posterior.mode).toBe(44 / 55);
    expect(posterior.median).toBe(betaQuantile(0.5, 45, 12));
    expect(posterior.interval(0.05)).toEqual({ estimate: 45 / 57, lower: betaQuantile(0.025, 45, 12), upper: 1 - betaQuantile(0.025, 12, 45) });
    expect(posterior.cdf(0.8) + posterior.probabilityAbove(0.8)).toBeCloseTo(1, 15);
    expect(posteriorAccuracy({ tp: 0, fn: 0, tn: 0, fp: 0 }).mode).toBe(0.5);
  });
});

describe('validation', () => {
  it.each([posteriorBalancedAccuracy, posteriorAccuracy])('%o names the bad cell, alpha or x', (build) => {
    expect(() => build({ tp: -1, fn: 0, tn: 0, fp: 0 })).toThrow(/^tp must not be negative, got -1$/);
    expect(() => build({ tp: 1, fn: 0.5, tn: 0, fp: 0 })).toThrow(/^fn must be a whole number, got 0\.5$/);
    expect(() => build({ tp: 1, fn: 0, tn: Number.NaN, fp: 0 })).toThrow(/^tn must be a number, got NaN$/);
    const posterior = build({ tp: 1, fn: 2, tn: 3, fp: 4 });
    expect(() => posterior.interval(0)).toThrow(/^alpha must be in \(0, 1\), got 0$/);
    expect(() => posterior.cdf(1.5)).toThrow(/^x must be in \[0, 1\], got 1\.5$/);
    expect(() => posterior.probabilityAbove(-0.5)).toThrow(/^x must be in \[0, 1\], got -0\.5$/);
  });
});

describe('posteriorBalancedAccuracy with a narrow class near 1 (quadrature nodes near 1 round)', () => {
  // Medians from mpmath at 30 digits (a review of this module, 2026-11-23); before the posterior of the
  // errors was used here they were off by 3.8e-12, 1.4e-9 and 5.4e-7.
  it('keeps its medians, and cdf + probabilityAbove = 1', () => {
    for (const [matrix, median, tolerance] of [
      [{ tp: 1e7, fn: 0, tn: 50, fp: 50 }, 0.74999995000001, 1e-13],
      [{ tp: 1e9, fn: 0, tn: 50, fp: 50 }, 0.7499999995, 1e-13],
      [{ tp: 999_999_999_995, fn: 5, tn: 3, fp: 0 }, 0.9204482076, 1e-10],
    ] as const) {
      const posterior = posteriorBalancedAccuracy(matrix);
      expect(Math.abs(posterior.median - median)).toBeLessThan(tolerance);
      expect(Math.abs(posterior.cdf(posterior.median) + posterior.probabilityAbove(posterior.median) - 1)).toBeLessThan(1e-12);
      const interval = posterior.interval(0.05);
      expect(interval.lower).toBeLessThan(posterior.median);
      expect(interval.upper).toBeGreaterThan(posterior.median);
      expect(() => posterior.cdf(1.5)).toThrow(/x/);
    }
  });
});
