import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { balancedOneSidedLowerBound } from './balanced-one-sided-lower-bound';
import { binomialPmfRow } from './binomial-pmf-row';
import type { DetectorCounts } from './comparison-types';
import { holmAdjust } from './holm-adjust';
import { pairedBalancedDifferenceInterval } from './paired-balanced-difference-interval';
import { pairedBalancedDifferenceTest } from './paired-balanced-difference-test';
import { rankAgainstReference } from './rank-against-reference';
import { simultaneousAboveTarget } from './simultaneous-above-target';

describe('holmAdjust', () => {
  it('known values (R: p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm") = 0.03 0.06 0.06 0.02)', () => {
    const adjusted = holmAdjust([0.01, 0.04, 0.03, 0.005]);
    [0.03, 0.06, 0.06, 0.02].forEach((value, index) => expect(adjusted[index]).toBeCloseTo(value, 15));
    expect(holmAdjust([0.2, 0.01, 0.5])).toEqual([0.4, 0.03, 0.5]);
    expect(holmAdjust([])).toEqual([]);
    expect(holmAdjust([0.3])).toEqual([0.3]);
  });

  const pValues = fc.array(fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(0, 1e-300, 0.05, 1)), { maxLength: 40 });

  it('adjusted ≥ raw, ≤ 1, in the order of the raw p-values, equal for ties, and covers Bonferroni', () => {
    fc.assert(
      fc.property(pValues, (raw) => {
        const adjusted = holmAdjust(raw);
        const m = raw.length;
        raw.forEach((p, i) => {
          expect(adjusted[i]!).toBeGreaterThanOrEqual(p);
          expect(adjusted[i]!).toBeLessThanOrEqual(1);
          if (m * p <= 0.05) expect(adjusted[i]!).toBeLessThanOrEqual(0.05);
          expect(adjusted[i]!).toBeLessThanOrEqual(Math.min(1, m * p));
          raw.forEach((q, j) => {
            if (p <= q) expect(adjusted[i]!).toBeLessThanOrEqual(adjusted[j]!);
          });
        });
      }),
    );
  });

  it('permuting the input permutes the output', () => {
    fc.assert(
      fc.property(pValues, fc.nat(), (raw, seed) => {
        const order = raw.map((_, index) => index).sort((i, j) => ((i * 7919 + seed) % 101) - ((j * 7919 + seed) % 101) || i - j);
        const permuted = holmAdjust(order.map((index) => raw[index]!));
        const direct = holmAdjust(raw);
        order.forEach((index, position) => expect(permuted[position]).toBe(direct[index]));
      }),
    );
  });

  it('names the entry in its errors', () => {
    expect(() => holmAdjust([0.1, 1.5])).toThrow('pValues[1] must be in [0, 1], got 1.5');
    expect(() => holmAdjust([Number.NaN])).toThrow('pValues[0] must be in [0, 1], got NaN');
    expect(() => holmAdjust('0.1' as unknown as number[])).toThrow('pValues must be an array, got 0.1');
  });
});

describe('simultaneousAboveTarget: family-wise error by exact enumeration', () => {
  /** The distribution of one detector's p-value for "BA > target": a map p → probability. */
  function pValueLaw(sizes: [number, number], accuracies: [number, number], target: number): Map<number, number> {
    const law = new Map<number, number>();
    const yes = binomialPmfRow(sizes[0], accuracies[0]);
    const no = binomialPmfRow(sizes[1], accuracies[1]);
    for (let i = 0; i <= sizes[0]; i++) {
      for (let j = 0; j <= sizes[1]; j++) {
        const detector = { yes: { correct: i, total: sizes[0] }, no: { correct: j, total: sizes[1] } };
        const { pValue } = simultaneousAboveTarget([detector], target, 0.5)[0]!;
        law.set(pValue, (law.get(pValue) ?? 0) + yes[i]! * no[j]!);
      }
    }
    return law;
  }

  /** P[Holm at δ rejects some true null] for three independent detectors. */
  function familyWiseError(laws: Array<Map<number, number>>, isNull: boolean[], delta: number): number {
    const [first, second, third] = laws.map((law) => [...law.entries()]) as [[number, number][], [number, number][], [number, number][]];
    let error = 0;
    for (const [p1, w1] of first) for (const [p2, w2] of second) for (const [p3, w3] of third) {
      const adjusted = holmAdjust([p1, p2, p3]);
      if (adjusted.some((value, index) => isNull[index] && value <= delta)) error += w1 * w2 * w3;
    }
    return error;
  }

  it('three detectors (classes of 12–15), target 0.5, δ ∈ {0.1, 0.05}: FWER ≤ δ when all or some nulls are true', () => {
    const sizes: Array<[number, number]> = [[12, 15], [15, 12], [14, 14]];
    const target = 0.5;
    const nullAccuracies: Array<[number, number]> = [[0.5, 0.5], [0.2, 0.8], [0.95, 0.05], [1, 0], [0.4, 0.5]];
    let worst = 0;
    for (const delta of [0.1, 0.05]) {
      for (const a of nullAccuracies) {
        for (const b of nullAccuracies.slice(0, 3)) {
          const laws = [pValueLaw(sizes[0]!, a, target), pValueLaw(sizes[1]!, b, target), pValueLaw(sizes[2]!, [0.5, 0.5], target)];
          const error = familyWiseError(laws, [true, true, true], delta);
          expect(error).toBeLessThanOrEqual(delta);
          worst = Math.max(worst, error / delta);
        }
        // One detector truly above the target (BA = 0.95): the other two nulls still protected.
        const laws = [pValueLaw(sizes[0]!, [0.95, 0.95], target), pValueLaw(sizes[1]!, a, target), pValueLaw(sizes[2]!, [0.5, 0.5], target)];
        const error = familyWiseError(laws, [false, true, true], delta);
        expect(error).toBeLessThanOrEqual(delta);
        worst = Math.max(worst, error / delta);
      }
    }
    // Measured: the largest FWER/δ on these points is 0.0152 — valid, and conservative at these sizes.
    expect(worst).toBeCloseTo(0.015232024, 6);
  }, 180_000);
});

describe('simultaneousAboveTarget and rankAgainstReference: consistency', () => {
  const counts = fc.integer({ min: 1, max: 2000 }).chain((total) => fc.record({ correct: fc.integer({ min: Math.floor(total / 2), max: total }), total: fc.constant(total) }));
  const detector = fc.record({ yes: counts, no: counts });

  it('the p-value is where the one-sided bound crosses the target; Bonferroni bounds ⇒ Holm verdicts', () => {
    fc.assert(
      fc.property(fc.array(detector, { minLength: 1, maxLength: 12 }), fc.double({ min: 0.5, max: 0.99, noNaN: true }), (detectors, target) => {
        const results = simultaneousAboveTarget(detectors, target, 0.05);
        results.forEach((result, index) => {
          const counts = detectors[index]!;
          expect(result.lower).toBeCloseTo(balancedOneSidedLowerBound(counts, 0.05 / detectors.length), 15);
          if (result.pValue < 1 && result.pValue > 1e-300) {
            expect(balancedOneSidedLowerBound(counts, result.pValue)).toBeGreaterThan(target);
            expect(balancedOneSidedLowerBound(counts, result.pValue * (1 - 1e-6))).toBeLessThanOrEqual(target);
          }
          if (result.lower > target + 1e-9) expect(result.provenAbove).toBe(true);
          expect(result.adjustedPValue).toBeGreaterThanOrEqual(result.pValue);
        });
      }),
      { numRuns: 60 },
    );
  });

  const paired = fc.integer({ min: 1, max: 3000 }).chain((n) =>
    fc.integer({ min: 0, max: n }).chain((b) => fc.record({ b: fc.constant(b), c: fc.integer({ min: 0, max: n - b }), n: fc.constant(n) })),
  );

  it('rankAgainstReference: Bonferroni intervals at δ/m, p-values from pairedBalancedDifferenceTest, Holm verdicts', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ yes: paired, no: paired }), { minLength: 1, maxLength: 6 }), (comparisons) => {
        const results = rankAgainstReference(comparisons, 0.05);
        const adjusted = holmAdjust(results.map((result) => result.pValue));
        results.forEach((result, index) => {
          const interval = pairedBalancedDifferenceInterval(comparisons[index]!, 0.05 / comparisons.length);
          expect(result.lower).toBe(interval.lower);
          expect(result.upper).toBe(interval.upper);
          expect(result.pValue).toBe(pairedBalancedDifferenceTest(comparisons[index]!).pAGreater);
          expect(result.adjustedPValue).toBe(adjusted[index]);
          expect(result.provenBetter).toBe(adjusted[index]! <= 0.05);
          if (result.lower > 1e-9) expect(result.provenBetter).toBe(true);
        });
      }),
      { numRuns: 25 },
    );
  });

  it('empty families and errors naming the entry', () => {
    expect(simultaneousAboveTarget([], 0.9, 0.05)).toEqual([]);
    expect(rankAgainstReference([], 0.05)).toEqual([]);
    const good: DetectorCounts = { yes: { correct: 9, total: 10 }, no: { correct: 9, total: 10 } };
    expect(() => simultaneousAboveTarget([good, { yes: { correct: 11, total: 10 }, no: good.no }], 0.9, 0.05)).toThrow(
      'detectors[1].yes.correct must be ≤ detectors[1].yes.total (10), got 11',
    );
    expect(() => simultaneousAboveTarget([good], 1.2, 0.05)).toThrow('target must be in [0, 1], got 1.2');
    expect(() => rankAgainstReference([{ yes: { b: 1, c: 1, n: 5 }, no: { b: 30, c: 21, n: 50 } }], 0.05)).toThrow(
      'comparisons[0].no.b + comparisons[0].no.c must be ≤ comparisons[0].no.n (50), got 51',
    );
  });
});
