import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wholeIn, realIn } from './arbitraries.test-util';
import { binomialPmfRow } from './binomial-pmf-row';
import { exactLowerBound } from './exact-lower-bound';
import { exactLowerBoundNear } from './exact-lower-bound-near';
import { LowerBoundTable } from './lower-bound-table';
import { UnionOrderedTailProbability } from './union-ordered-tail-probability';

describe('exactLowerBoundNear (Newton on the tail sum)', () => {
  it('equals exactLowerBound to 10⁻¹³ relative from a neighbour’s bound (fast-check, n up to 10⁶, levels 10⁻¹²..0.05)', () => {
    fc.assert(
      fc.property(wholeIn(2, 1_000_000), realIn(), fc.constantFrom(0.05, 0.025, 0.0125, 0.0025, 1e-6, 1e-12), (n, where, level) => {
          const k = 1 + Math.min(n - 1, Math.floor(where * n));
          const expected = exactLowerBound(n, k, level);
          const neighbour = exactLowerBound(n, k - 1 || 1, level);
          const found = exactLowerBoundNear(n, k, level, k > 1 ? neighbour + 1 / n : 0.5 * expected);
          expect(Math.abs(found - expected)).toBeLessThanOrEqual(1e-13 * expected);
        },
      ),
      { numRuns: 500, seed: 26 },
    );
    expect(exactLowerBoundNear(100, 80, 0.025, 0.7)).toBeCloseTo(0.708157, 6);
    expect(exactLowerBoundNear(10, 10, 0.025, 0.5)).toBeCloseTo(0.025 ** 0.1, 14);
  });
});

describe('LowerBoundTable', () => {
  it('holds exactLowerBound to 10⁻¹³ relative, whatever order the counts are asked in (each block a function of (n, level) alone)', () => {
    for (const [n, level] of [[1, 0.025], [63, 0.0125], [200, 0.0125], [5000, 1e-6]] as const) {
      const forward = LowerBoundTable.of(n, level);
      const ascending = Array.from({ length: n + 1 }, (_, k) => forward.get(k));
      // Another level shares nothing with it; asked from the top down, the values are the same bits.
      const other = LowerBoundTable.of(n, level * (1 + 1e-15));
      for (let k: number = n; k >= 0; k--) {
        expect(other.get(k)).toBeCloseTo(ascending[k]!, 12);
        const expected = k === 0 ? 0 : exactLowerBound(n, k, level);
        expect(Math.abs(ascending[k]! - expected)).toBeLessThanOrEqual(1e-13 * expected);
      }
      expect(LowerBoundTable.of(n, level)).toBe(forward);
    }
  });
});

describe('UnionOrderedTailProbability', () => {
  /** P[L₊(X₊) + L₋(X₋) ≥ observed] by summing every outcome. */
  function bruteForce(nA: number, kA: number, nB: number, kB: number, level: number, a: number, b: number): number {
    const boundsA = Array.from({ length: nA + 1 }, (_, k) => (k === 0 ? 0 : exactLowerBound(nA, k, level)));
    const boundsB = Array.from({ length: nB + 1 }, (_, k) => (k === 0 ? 0 : exactLowerBound(nB, k, level)));
    const observed = boundsA[kA]! + boundsB[kB]!;
    const rowA = binomialPmfRow(nA, a);
    const rowB = binomialPmfRow(nB, b);
    let total = 0;
    for (let i = 0; i <= nA; i++) for (let j = 0; j <= nB; j++) if (boundsA[i]! + boundsB[j]! >= observed - 1e-10) total += rowA[i]! * rowB[j]!;
    return total;
  }

  it('encloses the exact probability of the union ordering’s tail set (fast-check against a sum over every outcome)', () => {
    fc.assert(
      fc.property(wholeIn(1, 60), wholeIn(1, 60), realIn(), realIn(), realIn(), realIn(), (nA, nB, u, v, a, b) => {
          const kA = Math.round(u * nA);
          const kB = Math.round(v * nB);
          const tail = new UnionOrderedTailProbability(nA, kA, nB, kB, 0.0125, 1e-12);
          const value = tail.evaluate(a, b);
          const exact = bruteForce(nA, kA, nB, kB, 0.0125, a, b);
          expect(exact).toBeGreaterThanOrEqual(value * (1 - 1e-9) - 1e-15);
          expect(exact).toBeLessThanOrEqual(value * (1 + 1e-9) + tail.dropped + 1e-15);
        },
      ),
      { numRuns: 300, seed: 2025 },
    );
  });

  it('stops with WorkExhausted past its work limit', () => {
    const tail = new UnionOrderedTailProbability(5000, 4500, 5000, 4700, 0.0125, 1e-12, 1000);
    expect(() => {
      for (let step = 0; step < 100; step++) tail.evaluate(0.9 - step * 1e-3, 0.94);
    }).toThrow(/work limit/);
  });
});
