import { describe, expect, it } from 'vitest';
import { balancedDifferenceInterval } from './balanced-difference-interval';
import { balancedDifferenceTest } from './balanced-difference-test';
import { binomialPmfRow } from './binomial-pmf-row';
import { differenceInterval } from './difference-interval';
import { differenceTest } from './difference-test';
import { EmptyClassError } from './empty-class-error';

const ALPHAS = [0.2, 0.1, 0.05, 0.01];

describe('differenceTest: exact size ≤ α under p_A = p_B', () => {
  it('n_A, n_B ∈ {1, 4, 10, 25}, p on a 41-point grid, α ∈ {0.2, 0.1, 0.05, 0.01}', () => {
    const sizes = [1, 4, 10, 25];
    let worstRatio = 0;
    for (const nA of sizes) {
      for (const nB of sizes) {
        const p = Array.from({ length: nA + 1 }, (_, kA) =>
          Array.from({ length: nB + 1 }, (_, kB) => differenceTest({ correct: kA, total: nA }, { correct: kB, total: nB }).pTwoSided),
        );
        for (let i = 0; i <= 40; i++) {
          const rowA = binomialPmfRow(nA, i / 40);
          const rowB = binomialPmfRow(nB, i / 40);
          for (const alpha of ALPHAS) {
            let size = 0;
            for (let kA = 0; kA <= nA; kA++) for (let kB = 0; kB <= nB; kB++) if (p[kA]![kB]! <= alpha) size += rowA[kA]! * rowB[kB]!;
            expect(size).toBeLessThanOrEqual(alpha);
            worstRatio = Math.max(worstRatio, size / alpha);
          }
        }
      }
    }
    // The test can reject (it is not vacuous), but a union bound spends much of α elsewhere.
    expect(worstRatio).toBeGreaterThan(0.04);
    expect(worstRatio).toBeLessThan(1);
  });

  it('rejects at δ exactly when the interval at δ excludes 0', () => {
    for (const [a, b] of [
      [{ correct: 90, total: 100 }, { correct: 70, total: 100 }],
      [{ correct: 5, total: 50 }, { correct: 20, total: 40 }],
      [{ correct: 38, total: 40 }, { correct: 36, total: 40 }],
    ]) {
      const { pTwoSided, pAGreater, pBGreater } = differenceTest(a!, b!);
      expect(pTwoSided).toBe(Math.min(pAGreater, pBGreater));
      for (const delta of [pTwoSided * 0.999, pTwoSided * 1.001].filter((value) => value < 1)) {
        const interval = differenceInterval(a!, b!, delta);
        expect(interval.lower > 0 || interval.upper < 0).toBe(delta > pTwoSided);
      }
    }
    expect(differenceTest({ correct: 90, total: 100 }, { correct: 70, total: 100 }).pTwoSided).toBeCloseTo(0.0315695, 6);
    expect(differenceTest({ correct: 7, total: 10 }, { correct: 7, total: 10 })).toEqual({ pTwoSided: 1, pAGreater: 1, pBGreater: 1 });
  });

  it('names the argument at fault', () => {
    expect(() => differenceTest({ correct: 11, total: 10 }, { correct: 1, total: 2 })).toThrow(/^a\.correct must be ≤ a\.total/);
    expect(() => differenceTest({ correct: 1, total: 2 }, { correct: 0, total: 0 })).toThrow(EmptyClassError);
  });
});

describe('balancedDifferenceTest: exact size ≤ α under BA_A = BA_B', () => {
  it('every class of 10 examples, per-class accuracies on a grid with equal balanced accuracy', () => {
    const n = 10;
    const outcomes = n + 1;
    const p: number[] = [];
    for (let ay = 0; ay <= n; ay++)
      for (let an = 0; an <= n; an++)
        for (let by = 0; by <= n; by++)
          for (let bn = 0; bn <= n; bn++) {
            const counts = (yes: number, no: number) => ({ yes: { correct: yes, total: n }, no: { correct: no, total: n } });
            p.push(balancedDifferenceTest(counts(ay, an), counts(by, bn)).pTwoSided);
          }
    const grid = [0, 0.2, 0.5, 0.7, 0.9, 1];
    let worstRatio = 0;
    for (const ay of grid)
      for (const an of grid)
        for (const by of grid) {
          const bn = ay + an - by;
          if (bn < 0 || bn > 1) continue;
          const rows = [ay, an, by, bn].map((accuracy) => binomialPmfRow(n, accuracy));
          for (const alpha of ALPHAS) {
            let size = 0;
            let index = 0;
            for (let i = 0; i < outcomes; i++)
              for (let j = 0; j < outcomes; j++)
                for (let k = 0; k < outcomes; k++)
                  for (let l = 0; l < outcomes; l++, index++) {
                    if (p[index]! <= alpha) size += rows[0]![i]! * rows[1]![j]! * rows[2]![k]! * rows[3]![l]!;
                  }
            expect(size).toBeLessThanOrEqual(alpha);
            worstRatio = Math.max(worstRatio, size / alpha);
          }
        }
    // Not vacuous, but at 10 examples per class the union bound leaves little: the largest size/α
    // measured here is 3.2e-5 (the test is very conservative on small classes).
    expect(worstRatio).toBeGreaterThan(1e-5);
  });

  it('agrees with the interval and names the argument at fault', () => {
    const a = { yes: { correct: 950, total: 1000 }, no: { correct: 970, total: 1000 } };
    const b = { yes: { correct: 800, total: 1000 }, no: { correct: 850, total: 1000 } };
    const { pTwoSided, pBGreater } = balancedDifferenceTest(a, b);
    expect(pBGreater).toBe(1);
    expect(balancedDifferenceInterval(a, b, pTwoSided * 1.001).lower).toBeGreaterThan(0);
    expect(balancedDifferenceInterval(a, b, pTwoSided * 0.999).lower).toBeLessThanOrEqual(0);
    expect(balancedDifferenceTest(b, a).pBGreater).toBe(pTwoSided);
    expect(() => balancedDifferenceTest(a, { yes: b.yes } as never)).toThrow(/^b\.no must be an object/);
  });
});
