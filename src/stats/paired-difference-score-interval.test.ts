import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { binomialPmfRow } from './binomial-pmf-row';
import type { DifferenceInterval } from './comparison-types';
import { mcnemarExactTest } from './mcnemar-exact-test';
import { mcnemarMidP } from './mcnemar-mid-p';
import { pairedDifferenceInterval } from './paired-difference-interval';
import { pairedDifferenceScoreInterval, TANGO_MAX_N } from './paired-difference-score-interval';
import { pairedTailSupremum } from './paired-tail-supremum';
import { statisticTailRows } from './statistic-tail-rows';
import { logGamma } from './log-gamma';
import { tangoScoreStatistic } from './tango-score-statistic';

const DELTA = 0.05;
/** Independent values: scripts/tango-interval-bruteforce.py (numpy, nuisance grid of 4001 points, bisection to 1e-7); provenance in the file. */
const FIXTURE = JSON.parse(readFileSync(new URL('./fixtures/tango-paired-interval.json', import.meta.url), 'utf8')) as {
  provenance: string;
  delta: number;
  intervals: Record<string, [number, number, number, number][]>;
};

/** Every outcome's interval for n pairs: table[b][c] for b + c ≤ n. */
function table(n: number, make: (b: number, c: number) => DifferenceInterval): DifferenceInterval[][] {
  return Array.from({ length: n + 1 }, (_, b) => Array.from({ length: n - b + 1 }, (_, c) => make(b, c)));
}

/** Exact coverage P[lower ≤ p_b − p_c ≤ upper] at (p_b, p_c): m = b + c ~ Bin(n, s), b | m ~ Bin(m, p_b/s). */
function coverage(intervals: DifferenceInterval[][], n: number, pb: number, pc: number): number {
  const s = pb + pc;
  const difference = pb - pc;
  if (s === 0) return intervals[0]![0]!.lower <= 0 && intervals[0]![0]!.upper >= 0 ? 1 : 0;
  const discordant = binomialPmfRow(n, Math.min(1, s));
  let sum = 0;
  for (let m = 0; m <= n; m++) {
    const split = m === 0 ? Float64Array.of(1) : binomialPmfRow(m, Math.min(1, pb / s));
    for (let b = 0; b <= m; b++) {
      const { lower, upper } = intervals[b]![m - b]!;
      if (lower <= difference && difference <= upper) sum += discordant[m]! * split[b]!;
    }
  }
  return sum;
}

describe('tangoScoreStatistic', () => {
  it('is McNemar’s statistic at Δ₀ = 0 and 0 at the estimate', () => {
    expect(tangoScoreStatistic(10, 2, 100, 0)).toBeCloseTo(8 / Math.sqrt(12), 12);
    expect(tangoScoreStatistic(7, 3, 40, 0.1)).toBe(0);
    expect(tangoScoreStatistic(0, 0, 5, 0)).toBe(0);
  });
});

describe('pairedDifferenceScoreInterval (Tango score inversion, δ = 0.05)', () => {
  it('has fixtures for n = 10 and 20', () => expect(Object.keys(FIXTURE.intervals)).toEqual(['10', '20']));

  it.each(Object.keys(FIXTURE.intervals).map(Number))('matches the independent brute-force inversion at every outcome of n = %i within 2e-3, never inside it by more than the certified gap', (n) => {
    expect(FIXTURE.delta).toBe(DELTA);
    const rows = FIXTURE.intervals[String(n)]!;
    expect(rows).toHaveLength(((n + 1) * (n + 2)) / 2);
    for (const [b, c, lower, upper] of rows) {
      const interval = pairedDifferenceScoreInterval({ b, c, n }, DELTA);
      expect(interval.construction).toBe('tango-exact');
      expect(Math.abs(interval.lower - lower), `lower at b=${b} c=${c}`).toBeLessThan(2e-3);
      expect(Math.abs(interval.upper - upper), `upper at b=${b} c=${c}`).toBeLessThan(2e-3);
      // The grid supremum of the script is a lower bound of the true one: its interval can only be narrower.
      expect(interval.lower).toBeLessThanOrEqual(lower + 1e-6 + interval.gap);
      expect(interval.upper).toBeGreaterThanOrEqual(upper - 1e-6 - interval.gap);
    }
  }, 120_000);

  it('matches the independent brute-force inversion at chosen outcomes of n = 30 to 1,000 (the issue’s 212 and 357 pairs among them) within 2e-3, never inside it by more than the certified gap', () => {
    const large = JSON.parse(readFileSync(new URL('./fixtures/tango-paired-interval-large.json', import.meta.url), 'utf8')) as typeof FIXTURE & { intervals: Record<string, [number, number, number, number]> };
    expect(large.delta).toBe(DELTA);
    expect(Object.keys(large.intervals)).toContain('357:8:1');
    for (const [key, [b, c, lower, upper]] of Object.entries(large.intervals)) {
      const n = Number(key.split(':')[0]);
      const interval = pairedDifferenceScoreInterval({ b, c, n }, DELTA);
      expect(interval.construction, key).toBe('tango-exact');
      expect(Math.abs(interval.lower - lower), `lower at ${key}`).toBeLessThan(2e-3);
      expect(Math.abs(interval.upper - upper), `upper at ${key}`).toBeLessThan(2e-3);
      expect(interval.lower, key).toBeLessThanOrEqual(lower + 1e-6 + interval.gap);
      expect(interval.upper, key).toBeGreaterThanOrEqual(upper - 1e-6 - interval.gap);
    }
  }, 120_000);

  // n = 30: the sums skip counts outside their Chernoff ranges (binomialChernoffRange), adding a certified remainder.
  it.each([6, 10, 30])('has exact coverage ≥ 1 − δ on a 21 × 21 grid of (p_b, p_c), n = %i', (n) => {
    const intervals = table(n, (b, c) => pairedDifferenceScoreInterval({ b, c, n }, DELTA));
    let worst = 1;
    for (let i = 0; i <= 20; i++) for (let j = 0; i + j <= 20; j++) worst = Math.min(worst, coverage(intervals, n, i / 20, j / 20));
    // Off-grid points near the boundary too: p_b − p_c at the interval ends is where coverage dips.
    for (let k = 1; k < 40; k++) worst = Math.min(worst, coverage(intervals, n, k / 80, 0), coverage(intervals, n, 0.5, k / 80 / 2));
    expect(worst).toBeGreaterThanOrEqual(1 - DELTA);
  }, 120_000);

  it('is narrower than the union-bound paired interval at every outcome, n ≤ 10', () => {
    const notNarrower: string[] = [];
    for (let n = 1; n <= 10; n++) {
      for (let b = 0; b <= n; b++) {
        for (let c = 0; b + c <= n; c++) {
          const score = pairedDifferenceScoreInterval({ b, c, n }, DELTA);
          const union = pairedDifferenceInterval({ b, c, n }, DELTA);
          if (!(score.upper - score.lower < union.upper - union.lower)) notNarrower.push(`n=${n} b=${b} c=${c}`);
        }
      }
    }
    expect(notNarrower).toEqual([]);
  }, 120_000);

  it('contains the estimate, negates under b ↔ c, and falls back (named) past the work limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (n, x, y) => {
        const b = Math.floor(x * n);
        const c = Math.floor(y * (n - b));
        const forward = pairedDifferenceScoreInterval({ b, c, n }, DELTA);
        const backward = pairedDifferenceScoreInterval({ b: c, c: b, n }, DELTA);
        expect(forward.lower).toBeLessThanOrEqual(forward.estimate);
        expect(forward.upper).toBeGreaterThanOrEqual(forward.estimate);
        expect(Math.abs(forward.lower + backward.upper)).toBeLessThan(1e-9);
      }),
      { numRuns: 30, seed: 30 },
    );
    const large = pairedDifferenceScoreInterval({ b: 8, c: 5, n: TANGO_MAX_N + 1 }, DELTA);
    expect(large.construction).toBe('union-bound');
    expect(large).toMatchObject(pairedDifferenceInterval({ b: 8, c: 5, n: TANGO_MAX_N + 1 }, DELTA));
    expect(() => pairedDifferenceScoreInterval({ b: 2.5, c: 0, n: 4 }, DELTA)).toThrow(/^b must be a whole number/);
  });
});

describe('pairedTailSupremum', () => {
  /** P[(b, c) ∈ S] at p_c, summed over every outcome of S (no ranges cut), each term from its logs. */
  function tailProbability(first: (c: number) => number, last: (c: number) => number, logFactorial: Float64Array, n: number, difference: number, pc: number): number {
    const pb = pc + difference;
    const p0 = 1 - 2 * pc - difference;
    const log = (count: number, p: number) => (count === 0 ? 0 : count * Math.log(p));
    let sum = 0;
    for (let c = 0; c <= n; c++) {
      for (let b = Math.max(0, first(c)); b <= Math.min(n - c, last(c)); b++) {
        sum += Math.exp(logFactorial[n]! - logFactorial[b]! - logFactorial[c]! - logFactorial[n - b - c]! + log(b, pb) + log(c, pc) + log(n - b - c, p0));
      }
    }
    return sum;
  }

  // The cells' bounds sum runs of terms by a recurrence with tangent corrections: wrong by a sign, and a
  // level just under the true supremum would be certified ('rejected'). The true supremum is at least
  // the largest of 401 points of the nuisance range; a level 1e-6 under that must never be rejected, and
  // one 2% over it must be (the bounds are tight enough to decide it).
  it('never rejects a level under the supremum and rejects one 2% over it (Tango tails, n ≤ 40)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 40 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: -0.8, max: 0.8, noNaN: true }), fc.boolean(), (n, x, y, difference, upperTail) => {
        const b = Math.floor(x * n);
        const c = Math.floor(y * (n - b));
        const rows = statisticTailRows((column, row) => tangoScoreStatistic(column, row, n, difference), b, c, n + 1, (row) => n - row, upperTail);
        const logFactorial = Float64Array.from({ length: n + 1 }, (_, k) => logGamma(k + 1));
        const from = Math.max(0, -difference);
        const to = (1 - difference) / 2;
        let largest = 0;
        for (let i = 0; i <= 400; i++) largest = Math.max(largest, tailProbability((row) => rows.first(row), (row) => rows.last(row), logFactorial, n, difference, from + ((to - from) * i) / 400));
        fc.pre(largest > 1e-12 && largest < 0.5);
        expect(pairedTailSupremum(rows, logFactorial, n, difference, largest * (1 - 1e-6), 1024)).not.toBe('rejected');
        expect(pairedTailSupremum(rows, logFactorial, n, difference, largest * 1.02, 1024)).toBe('rejected');
      }),
      { numRuns: 100, seed: 29 },
    );
  }, 60_000);
});

describe('mcnemarMidP', () => {
  it('is the exact two-sided p minus the observed outcome’s probability (the issue’s tables), 1 only when b = c', () => {
    expect(mcnemarExactTest({ b: 8, c: 5 }).pTwoSided).toBeCloseTo(0.581, 3);
    expect(mcnemarExactTest({ b: 8, c: 1 }).pTwoSided).toBeCloseTo(0.039, 3);
    expect(mcnemarMidP({ b: 8, c: 1 })).toBeCloseTo((2 * (1 + 9 / 2)) / 512, 14);
    expect(mcnemarMidP({ b: 8, c: 5 })).toBeCloseTo(0.581 - 2 * (1287 / 8192) / 2, 3);
    expect(mcnemarMidP({ b: 4, c: 4 })).toBe(1);
    expect(mcnemarMidP({ b: 3, c: 2 })).toBeLessThan(1);
    expect(mcnemarExactTest({ b: 3, c: 2 }).pTwoSided).toBeGreaterThan(0.999);
    expect(() => mcnemarMidP({ b: -1, c: 0 })).toThrow(/^b /);
  });
});
