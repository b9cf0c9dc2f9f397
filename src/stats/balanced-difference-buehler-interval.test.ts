import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wholeIn } from './arbitraries.test-util';
import { balancedBuehlerInterval } from './balanced-buehler-interval';
import { balancedDifferenceBuehlerInterval } from './balanced-difference-buehler-interval';
import { balancedDifferenceInterval } from './balanced-difference-interval';
import type { DetectorCounts } from './comparison-types';
import { worstBalancedDifferenceCoverage } from './difference-coverage.test-util';
import { EmptyClassError } from './empty-class-error';

const detector = (yes: number, yesTotal: number, no: number, noTotal: number): DetectorCounts => ({ yes: { correct: yes, total: yesTotal }, no: { correct: no, total: noTotal } });
const classCounts = (max: number) => wholeIn(1, max).chain((total) => fc.record({ correct: wholeIn(0, total), total: fc.constant(total) }));
const detectors = (max: number) => fc.record({ yes: classCounts(max), no: classCounts(max) });

/** Measured once by these tests' own sums (2026-11-28): δ = 0.1 → (3,4 vs 2,5) 0.9750241251, (6,6 vs 6,6) 0.9750240761; δ = 0.05 → 0.9875120439, 0.9875121100. */
const MEASURED_MINIMA = [0.9750241251, 0.9750240761, 0.9875120439, 0.98751211];
/** Measured once (2026-11-28): mean width over the 2,401 outcome pairs at 6 + 6 examples, δ = 0.05, 21.04% below the union bound's; every pair narrower. */
const MEASURED_SHARE_NARROWER = 0.210417;
const MEASURED_NARROWER_PAIRS = 2401;

describe('balancedDifferenceBuehlerInterval: construction', () => {
  it('is each detector’s Buehler interval at δ/2, differenced (to 1e-15), never wider than the union bound at either end, and negated when A and B swap', () => {
    fc.assert(
      fc.property(detectors(300), detectors(300), fc.double({ min: 1e-6, max: 0.5, noNaN: true }), (a, b, delta) => {
        const result = balancedDifferenceBuehlerInterval(a, b, delta);
        const union = balancedDifferenceInterval(a, b, delta);
        const [intervalA, intervalB] = [balancedBuehlerInterval(a, delta / 2), balancedBuehlerInterval(b, delta / 2)];
        expect(result.construction).toBe('buehler');
        expect(Math.abs(result.lower - Math.min(intervalA.lower - intervalB.upper, result.estimate))).toBeLessThan(1e-15);
        expect(Math.abs(result.upper - Math.max(intervalA.upper - intervalB.lower, result.estimate))).toBeLessThan(1e-15);
        expect(result.lower).toBeGreaterThanOrEqual(union.lower);
        expect(result.upper).toBeLessThanOrEqual(union.upper);
        expect(result.estimate).toBe(union.estimate);
        const swapped = balancedDifferenceBuehlerInterval(b, a, delta);
        expect(swapped.lower).toBeCloseTo(-result.upper, 14);
        expect(swapped.upper).toBeCloseTo(-result.lower, 14);
      }),
      { numRuns: 60 },
    );
  });

  it('past 20,000 labels in both detectors it is the union bound, bit for bit, and says so', () => {
    const [a, b] = [detector(9_000, 10_000, 9_500, 10_001), detector(8_000, 10_000, 9_000, 10_001)];
    expect(balancedDifferenceBuehlerInterval(a, b, 0.05)).toEqual({ ...balancedDifferenceInterval(a, b, 0.05), construction: 'union-bound' });
    // One detector within the limit: its Buehler interval, the other's union bound (at δ/2 each).
    const small = detector(90, 100, 95, 100);
    const mixed = balancedDifferenceBuehlerInterval(small, b, 0.05);
    expect(mixed.construction).toBe('buehler');
    expect(mixed.upper - mixed.lower).toBeLessThan(balancedDifferenceInterval(small, b, 0.05).upper - balancedDifferenceInterval(small, b, 0.05).lower);
  });

  it('the documented example: 90/100, 95/100 vs 80/100, 90/100 at δ = 0.05', () => {
    const result = balancedDifferenceBuehlerInterval(detector(90, 100, 95, 100), detector(80, 100, 90, 100), 0.05);
    expect(result.estimate).toBeCloseTo(0.075, 12);
    expect(result.lower).toBeCloseTo(-0.0505032, 6);
    expect(result.upper).toBeCloseTo(0.1938825, 6);
  });

  it('names the bad argument, and an empty class', () => {
    const ok = { correct: 5, total: 10 };
    expect(() => balancedDifferenceBuehlerInterval({ yes: ok, no: ok }, { yes: ok, no: { correct: 11, total: 10 } }, 0.05)).toThrow('b.no.correct');
    expect(() => balancedDifferenceBuehlerInterval({ yes: ok, no: ok }, null as unknown as DetectorCounts, 0.05)).toThrow('b must be an object {yes, no}');
    expect(() => balancedDifferenceBuehlerInterval({ yes: ok, no: ok }, { yes: ok, no: ok }, 1)).toThrow('delta');
    expect(() => balancedDifferenceBuehlerInterval({ yes: { correct: 0, total: 0 }, no: ok }, { yes: ok, no: ok }, 0.05)).toThrow(EmptyClassError);
  });
});

describe('balancedDifferenceBuehlerInterval: exact coverage ≥ 1 − δ', () => {
  it('classes of (3, 4) vs (2, 5) and (6, 6) vs (6, 6), δ ∈ {0.1, 0.05}: a 9⁴ (resp. 6⁴) grid and next to interval ends', () => {
    // Each detector's interval is computed once per outcome (the grid sums thousands of pairs).
    const known = new Map<string, ReturnType<typeof balancedDifferenceBuehlerInterval>>();
    const intervalAt = (a: DetectorCounts, b: DetectorCounts, delta: number) => {
      const key = JSON.stringify([a, b, delta]);
      if (!known.has(key)) known.set(key, balancedDifferenceBuehlerInterval(a, b, delta));
      return known.get(key)!;
    };
    const minima: number[] = [];
    for (const delta of [0.1, 0.05]) {
      const first = worstBalancedDifferenceCoverage([3, 4, 2, 5], delta, 8, intervalAt);
      const second = worstBalancedDifferenceCoverage([6, 6, 6, 6], delta, 5, intervalAt);
      minima.push(first, second);
      expect(Math.min(first, second)).toBeGreaterThanOrEqual(1 - delta);
    }
    // Measured minima (the union bound's: 0.9875 and 0.99375, 1 − δ/8): closer to 1 − δ.
    expect(minima).toEqual(MEASURED_MINIMA.map((value) => expect.closeTo(value, 6)));
  }, 120_000);
});

describe('balancedDifferenceBuehlerInterval: narrower than the union bound', () => {
  it('at 6 + 6 examples a detector, every outcome pair, δ = 0.05: never wider, and narrower on average by the measured share', () => {
    const outcomes: DetectorCounts[] = [];
    for (let yes = 0; yes <= 6; yes++) for (let no = 0; no <= 6; no++) outcomes.push(detector(yes, 6, no, 6));
    let [buehlerWidth, unionWidth, narrower] = [0, 0, 0];
    for (const a of outcomes) {
      for (const b of outcomes) {
        const result = balancedDifferenceBuehlerInterval(a, b, 0.05);
        const union = balancedDifferenceInterval(a, b, 0.05);
        expect(result.upper - result.lower).toBeLessThanOrEqual(union.upper - union.lower);
        buehlerWidth += result.upper - result.lower;
        unionWidth += union.upper - union.lower;
        if (result.upper - result.lower < union.upper - union.lower - 1e-12) narrower++;
      }
    }
    expect(1 - buehlerWidth / unionWidth).toBeCloseTo(MEASURED_SHARE_NARROWER, 4);
    expect(narrower).toBe(MEASURED_NARROWER_PAIRS);
  }, 60_000);
});
