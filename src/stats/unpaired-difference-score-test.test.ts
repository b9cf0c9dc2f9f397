import { describe, expect, it } from 'vitest';
import { binomialPmfRow } from './binomial-pmf-row';
import { differenceTest } from './difference-test';
import { SCORE_MAX_LABELS, unpairedDifferenceScoreInterval } from './unpaired-difference-score-interval';
import { unpairedDifferenceScoreTest } from './unpaired-difference-score-test';
import { unpairedScoreStatistic } from './unpaired-score-statistic';

const counts = (correct: number, total: number) => ({ correct, total });

/** The p at Δ₀ = 0 by brute force: each tail's supremum over a grid of 2,001 values of p (a grid can only miss a peak: a lower bound). */
function bruteForceP(kA0: number, nA: number, kB0: number, nB: number): number {
  const observed = unpairedScoreStatistic(kA0, nA, kB0, nB, 0);
  let [up, down] = [0, 0];
  for (let step = 0; step <= 2000; step++) {
    const [rowA, rowB] = [binomialPmfRow(nA, step / 2000), binomialPmfRow(nB, step / 2000)];
    let [upper, lower] = [0, 0];
    for (let kA = 0; kA <= nA; kA++) {
      for (let kB = 0; kB <= nB; kB++) {
        const z = unpairedScoreStatistic(kA, nA, kB, nB, 0);
        if (z >= observed - 1e-9) upper += rowA[kA]! * rowB[kB]!;
        if (z <= observed + 1e-9) lower += rowA[kA]! * rowB[kB]!;
      }
    }
    [up, down] = [Math.max(up, upper), Math.max(down, lower)];
  }
  return Math.min(1, 2 * Math.min(up, down));
}

describe('unpairedDifferenceScoreTest', () => {
  it('the example: 19/20 vs 13/20, where the union-bound test gives 0.31', () => {
    const { pTwoSided, test } = unpairedDifferenceScoreTest(counts(19, 20), counts(13, 20));
    expect(test).toBe('chan-zhang-exact');
    expect(pTwoSided).toBeCloseTo(0.0216, 3);
    expect(differenceTest(counts(19, 20), counts(13, 20)).pTwoSided).toBeGreaterThan(0.3);
  });

  it.each([
    [19, 20, 13, 20],
    [7, 10, 1, 10],
    [3, 12, 9, 15],
    [30, 30, 25, 30],
  ])('%i/%i vs %i/%i: at or above a brute force on a nuisance grid, within 3·10⁻³ of it', (kA, nA, kB, nB) => {
    const brute = bruteForceP(kA, nA, kB, nB);
    const { pTwoSided } = unpairedDifferenceScoreTest(counts(kA, nA), counts(kB, nB));
    expect(pTwoSided).toBeGreaterThanOrEqual(brute - 1e-12);
    expect(pTwoSided).toBeLessThanOrEqual(brute * 1.003 + 1e-9);
  }, 60_000);

  it('is ≤ δ exactly when the interval it inverts excludes 0 (every outcome of n_A, n_B ≤ 6, δ = 0.05 and 0.1, ends farther than their gap from 0)', () => {
    const disagreements: string[] = [];
    for (let nA = 1; nA <= 6; nA++) {
      for (let nB = 1; nB <= 6; nB++) {
        for (let kA = 0; kA <= nA; kA++) {
          for (let kB = 0; kB <= nB; kB++) {
            const { pTwoSided } = unpairedDifferenceScoreTest(counts(kA, nA), counts(kB, nB));
            for (const delta of [0.05, 0.1]) {
              const interval = unpairedDifferenceScoreInterval(counts(kA, nA), counts(kB, nB), delta);
              if (Math.min(Math.abs(interval.lower), Math.abs(interval.upper)) <= interval.gap) continue;
              if ((interval.lower > 0 || interval.upper < 0) !== pTwoSided <= delta) disagreements.push(`${kA}/${nA} vs ${kB}/${nB} at δ = ${delta}: p = ${pTwoSided}`);
            }
          }
        }
      }
    }
    expect(disagreements).toEqual([]);
  }, 120_000);

  it('has exact size ≤ α at 10 + 10 and 6 + 14 (α = 0.05, 0.1): P[p ≤ α] under p_A = p_B on a grid of 201 values', () => {
    for (const [nA, nB] of [[10, 10], [6, 14]] as const) {
      const p = Array.from({ length: nA + 1 }, (_, kA) => Array.from({ length: nB + 1 }, (_, kB) => unpairedDifferenceScoreTest(counts(kA, nA), counts(kB, nB)).pTwoSided));
      for (const alpha of [0.05, 0.1]) {
        let size = 0;
        for (let step = 0; step <= 200; step++) {
          const [rowA, rowB] = [binomialPmfRow(nA, step / 200), binomialPmfRow(nB, step / 200)];
          let rejected = 0;
          for (let kA = 0; kA <= nA; kA++) for (let kB = 0; kB <= nB; kB++) if (p[kA]![kB]! <= alpha) rejected += rowA[kA]! * rowB[kB]!;
          size = Math.max(size, rejected);
        }
        expect(size, `${nA} + ${nB}, α = ${alpha}`).toBeLessThanOrEqual(alpha);
      }
    }
  }, 120_000);

  it('is 1 at equal shares, and the union-bound test’s p past SCORE_MAX_LABELS labels, named', () => {
    expect(unpairedDifferenceScoreTest(counts(5, 10), counts(10, 20)).pTwoSided).toBe(1);
    const past = [counts(490, 501), counts(400, SCORE_MAX_LABELS - 500)] as const;
    expect(unpairedDifferenceScoreTest(...past)).toEqual({ pTwoSided: differenceTest(...past).pTwoSided, test: 'union-bound' });
    expect(() => unpairedDifferenceScoreTest(counts(11, 10), counts(1, 2))).toThrow('a.correct');
  });
});
