import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wholeIn } from './arbitraries.test-util';
import { balancedBuehlerInterval } from './balanced-buehler-interval';
import { balancedInterval } from './balanced-interval';
import { binomialPmfRow } from './binomial-pmf-row';
import { differenceBuehlerInterval } from './difference-buehler-interval';
import { worstDifferenceCoverageOver } from './difference-coverage.test-util';
import { differenceInterval } from './difference-interval';
import { differenceTest } from './difference-test';
import { EmptyClassError } from './empty-class-error';
import { exactLowerBound } from './exact-lower-bound';
import { exactUpperBound } from './exact-upper-bound';

const counts = (correct: number, total: number) => ({ correct, total });
/** Counts of up to `max` examples, k anywhere in 0..n. */
const classCounts = (max: number) => wholeIn(1, max).chain((total) => fc.record({ correct: wholeIn(0, total), total: fc.constant(total) }));

describe('differenceBuehlerInterval: the balanced transform', () => {
  it('the union-bound balanced interval of (A, B’s failures), mapped by 2θ − 1, is differenceInterval (to 1e-12)', () => {
    fc.assert(
      fc.property(classCounts(100_000), classCounts(100_000), fc.double({ min: 1e-9, max: 0.5, noNaN: true }), (a, b, delta) => {
        const theta = balancedInterval({ yes: a, no: counts(b.total - b.correct, b.total) }, delta);
        const union = differenceInterval(a, b, delta);
        expect(Math.abs(2 * theta.lower - 1 - union.lower)).toBeLessThan(1e-12);
        expect(Math.abs(2 * theta.upper - 1 - union.upper)).toBeLessThan(1e-12);
        expect(Math.abs(2 * theta.estimate - 1 - union.estimate)).toBeLessThan(1e-12);
      }),
      { numRuns: 300 },
    );
  });
});

describe('differenceBuehlerInterval: against an independent brute-force inversion in the difference itself', () => {
  /**
   * Buehler's lower bound written directly for Δ = p_A − p_B, without the balanced transform:
   * ordering W(x) = L_A(k_A) − Ū_B(k_B), each exact bound at δ/4;
   * φ(Δ) = sup over p_A − p_B = Δ of P[W(X) ≥ W(x)] (every outcome summed; a 400-point scan of the
   * line refined by golden section); lower = max(inf{Δ : φ(Δ) > δ/2} by bisection, the union bound's).
   * A scan can only miss a peak, so this is never below the exact bound.
   */
  function bruteForceLower(a: { correct: number; total: number }, b: { correct: number; total: number }, delta: number): number {
    const lowA = Array.from({ length: a.total + 1 }, (_, k) => exactLowerBound(a.total, k, delta / 4));
    const highB = Array.from({ length: b.total + 1 }, (_, k) => exactUpperBound(b.total, k, delta / 4));
    const observed = lowA[a.correct]! - highB[b.correct]!;
    const tailAt = (pB: number, difference: number) => {
      const rowA = binomialPmfRow(a.total, Math.min(1, Math.max(0, pB + difference)));
      const rowB = binomialPmfRow(b.total, pB);
      let total = 0;
      for (let i = 0; i <= a.total; i++) for (let j = 0; j <= b.total; j++) if (lowA[i]! - highB[j]! >= observed - 1e-12) total += rowA[i]! * rowB[j]!;
      return total;
    };
    const phi = (difference: number) => {
      const [from, to] = [Math.max(0, -difference), Math.min(1, 1 - difference)];
      const steps = 400;
      let [best, bestAt] = [0, from];
      for (let index = 0; index <= steps; index++) {
        const pB = from + ((to - from) * index) / steps;
        const value = tailAt(pB, difference);
        if (value > best) [best, bestAt] = [value, pB];
      }
      let [lo, hi] = [Math.max(from, bestAt - (to - from) / steps), Math.min(to, bestAt + (to - from) / steps)];
      for (let iteration = 0; iteration < 60; iteration++) {
        const left = lo + (hi - lo) * 0.382;
        const right = lo + (hi - lo) * 0.618;
        if (tailAt(left, difference) > tailAt(right, difference)) hi = right;
        else lo = left;
      }
      return Math.max(best, tailAt((lo + hi) / 2, difference));
    };
    let [lo, hi] = [-1, a.correct / a.total - b.correct / b.total];
    for (let iteration = 0; iteration < 34; iteration++) {
      const mid = (lo + hi) / 2;
      if (phi(mid) > delta / 2) hi = mid;
      else lo = mid;
    }
    return Math.max(hi, differenceInterval(a, b, delta).lower);
  }

  it.each([
    // [k_A, n_A, k_B, n_B, δ]: tiny, one-sided at the edges, unequal and larger samples
    [1, 1, 0, 2, 0.05],
    [3, 4, 1, 5, 0.05],
    [9, 10, 4, 10, 0.1],
    [18, 20, 12, 20, 0.05],
    [2, 3, 25, 30, 0.05],
    [14, 15, 1, 12, 0.01],
  ])('%i/%i − %i/%i at δ = %f: both ends within the search’s certified gap, never inside the exact interval', (kA, nA, kB, nB, delta) => {
    const [a, b] = [counts(kA, nA), counts(kB, nB)];
    const result = differenceBuehlerInterval(a, b, delta);
    // The upper end of A − B is minus the lower end of B − A.
    const exact = { lower: bruteForceLower(a, b, delta), upper: -bruteForceLower(b, a, delta) };
    // The balanced search stops within 10⁻³ standard errors of θ (≤ 10⁻³·½√(1/n_A + 1/n_B)/2); Δ = 2θ − 1 doubles it.
    const gap = 1e-3 * 0.5 * Math.sqrt(1 / nA + 1 / nB) + 1e-9;
    expect(result.lower).toBeLessThanOrEqual(exact.lower + 1e-9);
    expect(exact.lower - result.lower).toBeLessThanOrEqual(gap);
    expect(result.upper).toBeGreaterThanOrEqual(exact.upper - 1e-9);
    expect(result.upper - exact.upper).toBeLessThanOrEqual(gap);
  }, 60_000);

  it('the reference values: 90/100 − 80/100 and 18/20 − 12/20 at δ = 0.05 (from the brute force above, to 1e-3)', () => {
    const first = differenceBuehlerInterval(counts(90, 100), counts(80, 100), 0.05);
    expect(first.lower).toBeCloseTo(-0.05453, 3);
    expect(first.upper).toBeCloseTo(0.24686, 3);
    const second = differenceBuehlerInterval(counts(18, 20), counts(12, 20), 0.05);
    expect(second.lower).toBeCloseTo(-0.02479, 3);
    expect(second.upper).toBeCloseTo(0.59234, 3);
    expect(second.construction).toBe('buehler');
  });
});

describe('differenceBuehlerInterval: exact coverage ≥ 1 − δ for every (p_A, p_B)', () => {
  it('n_A, n_B ∈ {1, 2, 3, 5, 8}, δ ∈ {0.1, 0.05}: a 41 × 41 grid and both sides of every interval end', () => {
    const sizes = [1, 2, 3, 5, 8];
    const minima: Record<string, number> = {};
    for (const delta of [0.1, 0.05]) {
      const worst = worstDifferenceCoverageOver(sizes, delta, differenceBuehlerInterval);
      minima[delta] = worst;
      expect(worst).toBeGreaterThanOrEqual(1 - delta);
    }
    // Measured minima: δ = 0.1 → 0.911236, δ = 0.05 → 0.951354 (the union bound's over the same
    // sizes and points: 0.975000 and 0.987500, its slack).
    expect(minima[0.1]).toBeCloseTo(0.9112358362, 6);
    expect(minima[0.05]).toBeCloseTo(0.9513543472, 6);
  }, 120_000);
});

describe('differenceBuehlerInterval: properties', () => {
  it('Buehler’s balanced interval of (A, B’s failures), mapped by 2θ − 1 before any clamping, is never wider than differenceInterval (to 1e-12)', () => {
    fc.assert(
      fc.property(classCounts(300), classCounts(300), fc.constantFrom(0.2, 0.1, 0.05, 0.01, 0.001), (a, b, delta) => {
        const theta = balancedBuehlerInterval({ yes: a, no: counts(b.total - b.correct, b.total) }, delta);
        const union = differenceInterval(a, b, delta);
        expect(2 * theta.lower - 1).toBeGreaterThanOrEqual(union.lower - 1e-12);
        expect(2 * theta.upper - 1).toBeLessThanOrEqual(union.upper + 1e-12);
      }),
      { numRuns: 300 },
    );
  }, 120_000);

  it('ordered, inside [−1, 1], never wider than differenceInterval; swapping A and B negates it', () => {
    fc.assert(
      fc.property(classCounts(300), classCounts(300), fc.constantFrom(0.2, 0.05, 0.001), (a, b, delta) => {
        const result = differenceBuehlerInterval(a, b, delta);
        const union = differenceInterval(a, b, delta);
        expect(union.lower <= result.lower && result.upper <= union.upper).toBe(true);
        expect(-1 <= result.lower && result.lower <= result.estimate && result.estimate <= result.upper && result.upper <= 1).toBe(true);
        const swapped = differenceBuehlerInterval(b, a, delta);
        expect(swapped.lower).toBeCloseTo(-result.upper, 12);
        expect(swapped.upper).toBeCloseTo(-result.lower, 12);
      }),
      { numRuns: 100 },
    );
  }, 120_000);

  it('the union-bound test’s p never understates the smallest δ at which this interval excludes 0', () => {
    fc.assert(
      fc.property(classCounts(200), classCounts(200), (a, b) => {
        const { pTwoSided } = differenceTest(a, b);
        fc.pre(pTwoSided < 0.5);
        const just = differenceBuehlerInterval(a, b, Math.min(0.999, pTwoSided * (1 + 1e-6)));
        expect(just.lower > 0 || just.upper < 0).toBe(true);
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  it('past 20,000 labels in all it is the union bound, named so; bad counts are named', () => {
    const large = differenceBuehlerInterval(counts(9_000, 10_000), counts(8_900, 10_001), 0.05);
    expect(large).toEqual({ ...differenceInterval(counts(9_000, 10_000), counts(8_900, 10_001), 0.05), construction: 'union-bound' });
    expect(differenceBuehlerInterval(counts(9_000, 10_000), counts(8_900, 10_000), 0.05).construction).toBe('buehler');
    expect(() => differenceBuehlerInterval(counts(11, 10), counts(1, 2), 0.05)).toThrow('a.correct must be ≤ a.total (10), got 11');
    expect(() => differenceBuehlerInterval(counts(1, 2), null as never, 0.05)).toThrow('b must be an object {correct, total}');
    expect(() => differenceBuehlerInterval(counts(1, 2), counts(1, 2), 1)).toThrow(/^delta/);
    expect(() => differenceBuehlerInterval(counts(0, 0), counts(1, 2), 0.05)).toThrow(EmptyClassError);
  });
});
