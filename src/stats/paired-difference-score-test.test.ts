import { describe, expect, it } from 'vitest';
import { mcnemarExactTest } from './mcnemar-exact-test';
import { TANGO_MAX_N, pairedDifferenceScoreInterval } from './paired-difference-score-interval';
import { pairedDifferenceScoreTest } from './paired-difference-score-test';
import { tangoScoreStatistic } from './tango-score-statistic';

/** log n!/(b! c! m!) p_b^b p_c^c p₀^m, a zero count contributing nothing. */
function multinomial(b: number, c: number, n: number, pb: number, pc: number): number {
  const logFactorial = (k: number) => Array.from({ length: k }, (_, i) => Math.log(i + 1)).reduce((sum, term) => sum + term, 0);
  const m = n - b - c;
  const term = (count: number, p: number) => (count === 0 ? 0 : count * Math.log(p));
  return Math.exp(logFactorial(n) - logFactorial(b) - logFactorial(c) - logFactorial(m) + term(b, pb) + term(c, pc) + term(m, Math.max(0, 1 - pb - pc)));
}

/** Tango's p at Δ₀ = 0 by brute force: each tail's supremum over a grid of 2,001 values of p_c (a grid can only miss a peak: a lower bound). */
function bruteForceP(b0: number, c0: number, n: number): number {
  const observed = tangoScoreStatistic(b0, c0, n, 0);
  let [up, down] = [0, 0];
  for (let step = 0; step <= 2000; step++) {
    const p = (0.5 * step) / 2000;
    let [upper, lower] = [0, 0];
    for (let b = 0; b <= n; b++) {
      for (let c = 0; b + c <= n; c++) {
        const t = tangoScoreStatistic(b, c, n, 0);
        const mass = multinomial(b, c, n, p, p);
        if (t >= observed - 1e-9) upper += mass;
        if (t <= observed + 1e-9) lower += mass;
      }
    }
    [up, down] = [Math.max(up, upper), Math.max(down, lower)];
  }
  return Math.min(1, 2 * Math.min(up, down));
}

describe('pairedDifferenceScoreTest', () => {
  it('the example, where the conditional McNemar test says otherwise: b = 12, c = 4 of 200', () => {
    const { pTwoSided, test } = pairedDifferenceScoreTest({ b: 12, c: 4, n: 200 });
    expect(test).toBe('tango-exact');
    expect(pTwoSided).toBeLessThan(0.05);
    expect(mcnemarExactTest({ b: 12, c: 4 }).pTwoSided).toBeGreaterThan(0.05);
    expect(pairedDifferenceScoreInterval({ b: 12, c: 4, n: 200 }, 0.05).lower).toBeGreaterThan(0);
  });

  it.each([
    [8, 1, 20],
    [3, 0, 10],
    [5, 2, 12],
    [0, 4, 15],
  ])('b = %i, c = %i of %i: at or above a brute force on a nuisance grid, within 2·10⁻³ of it', (b, c, n) => {
    const brute = bruteForceP(b, c, n);
    const { pTwoSided } = pairedDifferenceScoreTest({ b, c, n });
    expect(pTwoSided).toBeGreaterThanOrEqual(brute - 1e-12);
    expect(pTwoSided).toBeLessThanOrEqual(brute * 1.002 + 1e-9);
  }, 60_000);

  it('is ≤ δ exactly when the interval it inverts excludes 0 (every outcome, n ≤ 12, δ = 0.05 and 0.1, ends farther than their gap from 0)', () => {
    const disagreements: string[] = [];
    for (let n = 1; n <= 12; n++) {
      for (let b = 0; b <= n; b++) {
        for (let c = 0; b + c <= n; c++) {
          const { pTwoSided } = pairedDifferenceScoreTest({ b, c, n });
          for (const delta of [0.05, 0.1]) {
            const interval = pairedDifferenceScoreInterval({ b, c, n }, delta);
            if (Math.min(Math.abs(interval.lower), Math.abs(interval.upper)) <= interval.gap) continue;
            const excludes = interval.lower > 0 || interval.upper < 0;
            if (excludes !== pTwoSided <= delta) disagreements.push(`${b},${c} of ${n} at δ = ${delta}: p = ${pTwoSided}, [${interval.lower}, ${interval.upper}]`);
          }
        }
      }
    }
    expect(disagreements).toEqual([]);
  }, 120_000);

  it('has exact size ≤ α at n = 10 and 16 (α = 0.05, 0.1): P[p ≤ α] under p_b = p_c on a grid of 201 values', () => {
    for (const n of [10, 16]) {
      const outcomes: Array<{ b: number; c: number; p: number }> = [];
      for (let b = 0; b <= n; b++) for (let c = 0; b + c <= n; c++) outcomes.push({ b, c, p: pairedDifferenceScoreTest({ b, c, n }).pTwoSided });
      for (const alpha of [0.05, 0.1]) {
        let size = 0;
        for (let step = 0; step <= 200; step++) {
          const pc = (0.5 * step) / 200;
          size = Math.max(size, outcomes.reduce((sum, { b, c, p }) => sum + (p <= alpha ? multinomial(b, c, n, pc, pc) : 0), 0));
        }
        expect(size, `n = ${n}, α = ${alpha}`).toBeLessThanOrEqual(alpha);
      }
    }
  }, 120_000);

  it('is 1 at b = c, and McNemar’s exact p past TANGO_MAX_N pairs, named', () => {
    expect(pairedDifferenceScoreTest({ b: 7, c: 7, n: 40 }).pTwoSided).toBe(1);
    expect(pairedDifferenceScoreTest({ b: 12, c: 4, n: TANGO_MAX_N + 1 })).toEqual({ pTwoSided: mcnemarExactTest({ b: 12, c: 4 }).pTwoSided, test: 'mcnemar-exact' });
    expect(() => pairedDifferenceScoreTest({ b: 3, c: 2.5, n: 10 })).toThrow(/^c must be a whole number/);
  });
});
