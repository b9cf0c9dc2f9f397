import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { balancedDifferenceInterval } from './balanced-difference-interval';
import { balancedInterval } from './balanced-interval';
import type { DetectorCounts } from './comparison-types';
import { differenceInterval } from './difference-interval';
import { worstBalancedDifferenceCoverage, worstDifferenceCoverageOver } from './difference-coverage.test-util';
import { EmptyClassError } from './empty-class-error';
import { exactInterval } from './exact-interval';

describe('differenceInterval: exact coverage ≥ 1 − δ for every (p_A, p_B)', () => {
  it('n_A, n_B ∈ {1, 2, 3, 5, 8, 10, 25, 40}, δ ∈ {0.1, 0.05}: a 41 × 41 grid and both sides of every interval end', () => {
    const sizes = [1, 2, 3, 5, 8, 10, 25, 40];
    const minima: Record<string, number> = {};
    for (const delta of [0.1, 0.05]) {
      const worst = worstDifferenceCoverageOver(sizes, delta, differenceInterval);
      minima[delta] = worst;
      expect(worst).toBeGreaterThanOrEqual(1 - delta);
    }
    // Measured minima over these grids: δ = 0.1 → 0.969095, δ = 0.05 → 0.986499 (union-bound slack).
    expect(minima[0.1]).toBeCloseTo(0.9690945798, 6);
    expect(minima[0.05]).toBeCloseTo(0.9864989370, 6);
  });
});

describe('balancedDifferenceInterval: exact coverage ≥ 1 − δ', () => {
  it('classes of (3, 4) vs (2, 5) and (6, 6) vs (6, 6), δ ∈ {0.1, 0.05}: a 9⁴ (resp. 6⁴) grid and next to interval ends', () => {
    const minima: number[] = [];
    for (const delta of [0.1, 0.05]) {
      const first = worstBalancedDifferenceCoverage([3, 4, 2, 5], delta, 8, balancedDifferenceInterval);
      const second = worstBalancedDifferenceCoverage([6, 6, 6, 6], delta, 5, balancedDifferenceInterval);
      minima.push(first, second);
      expect(Math.min(first, second)).toBeGreaterThanOrEqual(1 - delta);
    }
    // Measured minima: δ = 0.1 → 0.987500 (both size sets), δ = 0.05 → 0.993750: 1 − δ/8, one of
    // the eight bounds failing alone next to an interval end.
    expect(minima[0]).toBeCloseTo(0.9875, 6);
    expect(minima[2]).toBeCloseTo(0.99375, 6);
  });
});

describe('difference intervals: construction and properties', () => {
  const counts = fc.integer({ min: 1, max: 100_000 }).chain((total) => fc.record({ correct: fc.integer({ min: 0, max: total }), total: fc.constant(total) }));
  const detector = fc.record({ yes: counts, no: counts });

  it('differenceInterval is the difference of the two central exact intervals at δ/2', () => {
    fc.assert(
      fc.property(counts, counts, fc.double({ min: 1e-9, max: 0.5, noNaN: true }), (a, b, delta) => {
        const result = differenceInterval(a, b, delta);
        const ia = exactInterval(a.total, a.correct, delta / 2);
        const ib = exactInterval(b.total, b.correct, delta / 2);
        expect(result.lower).toBeCloseTo(ia.lower - ib.upper, 14);
        expect(result.upper).toBeCloseTo(ia.upper - ib.lower, 14);
      }),
    );
  });

  it('balancedDifferenceInterval is the difference of the two balanced intervals at δ/2', () => {
    fc.assert(
      fc.property(detector, detector, (a, b) => {
        const result = balancedDifferenceInterval(a, b, 0.05);
        const ia = balancedInterval(a, 0.025);
        const ib = balancedInterval(b, 0.025);
        expect(result.lower).toBeCloseTo(ia.lower - ib.upper, 14);
        expect(result.upper).toBeCloseTo(ia.upper - ib.lower, 14);
      }),
    );
  });

  it('ordered, inside [−1, 1], contain the estimate; swapping A and B negates them', () => {
    fc.assert(
      fc.property(detector, detector, fc.double({ min: 1e-12, max: 0.9, noNaN: true }), (a, b, delta) => {
        for (const [forward, backward] of [
          [differenceInterval(a.yes, b.yes, delta), differenceInterval(b.yes, a.yes, delta)],
          [balancedDifferenceInterval(a, b, delta), balancedDifferenceInterval(b, a, delta)],
        ] as const) {
          expect(-1 <= forward.lower && forward.lower <= forward.estimate && forward.estimate <= forward.upper && forward.upper <= 1).toBe(true);
          expect(backward.lower).toBeCloseTo(-forward.upper, 14);
          expect(backward.upper).toBeCloseTo(-forward.lower, 14);
          expect(backward.estimate).toBeCloseTo(-forward.estimate, 14);
        }
      }),
    );
  });

  it('names the argument in its errors', () => {
    const ok = { correct: 5, total: 10 };
    expect(() => differenceInterval({ correct: 11, total: 10 }, ok, 0.05)).toThrow('a.correct must be ≤ a.total (10), got 11');
    expect(() => differenceInterval(ok, { correct: 2.5, total: 10 }, 0.05)).toThrow('b.correct must be a whole number, got 2.5');
    expect(() => differenceInterval(ok, { correct: 0, total: 0 }, 0.05)).toThrow(EmptyClassError);
    expect(() => differenceInterval(ok, ok, 0)).toThrow('delta must be in (0, 1), got 0');
    expect(() => balancedDifferenceInterval({ yes: ok, no: ok }, { yes: ok, no: { correct: 11, total: 10 } }, 0.05)).toThrow(
      'b.no.correct must be ≤ b.no.total (10), got 11',
    );
    expect(() => balancedDifferenceInterval({ yes: ok, no: ok }, null as unknown as DetectorCounts, 0.05)).toThrow('b must be an object {yes, no}');
  });
});
