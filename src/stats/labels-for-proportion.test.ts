import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { exactInterval } from './exact-interval';
import { labelsForProportion } from './labels-for-proportion';

/**
 * Provenance: /tmp/plan_ref.py (python3, scipy 1.17.1) scanned m = 0, 1, 2, … with k = k₀ + ⌊a·m + ½⌋,
 * n = n₀ + m and took the first m whose `binomtest(k, n).proportion_ci(1 − δ, 'exact')` meets the goal:
 * [k₀, n₀, accuracy (null: observed), δ, goal, target] → [m, k, n, lower, upper].
 */
const REFERENCE = [
  [[38, 40, null, 0.05, 'lower-bound', 0.9], [87, 121, 127, 0.9000054860408794, 0.9824674303767866]],
  [[55, 60, null, 0.05, 'lower-bound', 0.85], [42, 94, 102, 0.8512981111115011, 0.9655306588949158]],
  [[38, 81, null, 0.05, 'lower-bound', 0.4], [123, 96, 204, 0.4005157634182974, 0.5415278535367808]],
  [[38, 40, null, 0.05, 'width', 0.1], [48, 84, 88, 0.8876907508160838, 0.9874781768786834]],
  [[0, 0, 0.9, 0.05, 'lower-bound', 0.8], [55, 50, 55, 0.8004603842294471, 0.969819132154196]],
  [[55, 60, null, 0.01, 'width', 0.05], [786, 776, 846, 0.8898486841079095, 0.939835279952434]],
] as const;

describe('labelsForProportion', () => {
  it.each(REFERENCE)('%j matches the scipy scan %j', ([correct, total, accuracy, delta, goal, target], [additional, k, n, lower, upper]) => {
    const plan = labelsForProportion({ correct, total }, accuracy ?? undefined, delta, goal, target);
    expect(plan.status).toBe('reached');
    expect(plan.additional).toBe(additional);
    expect(plan.at!.counts).toEqual({ correct: k, total: n });
    expect(plan.at!.interval.lower).toBeCloseTo(lower, 9);
    expect(plan.at!.interval.upper).toBeCloseTo(upper, 9);
    // The curve holds the answer and one fewer, which misses.
    const before = plan.curve.find((point) => point.additional === additional - 1)!;
    expect(goal === 'lower-bound' ? before.lower < target : before.upper - before.lower > target).toBe(true);
  });

  it('is the first count that meets the goal, every smaller count checked (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom('lower-bound', 'width') as fc.Arbitrary<'lower-bound' | 'width'>, fc.double({ min: 0.3, max: 0.95, noNaN: true }), fc.double({ min: 0.05, max: 0.4, noNaN: true }), (total, share, goal, lowerTarget, widthTarget) => {
        const correct = Math.round(total * share);
        const target = goal === 'lower-bound' ? lowerTarget : widthTarget;
        const plan = labelsForProportion({ correct, total }, undefined, 0.05, goal, target);
        const rate = correct / total;
        const meets = (m: number) => {
          const interval = exactInterval(total + m, correct + Math.round(rate * m), 0.05);
          return goal === 'lower-bound' ? interval.lower >= target : interval.upper - interval.lower <= target;
        };
        const scanTo = plan.additional ?? 3000;
        let first: number | null = null;
        for (let m = 0; m <= scanTo && first === null; m++) if (meets(m)) first = m;
        expect(first).toBe(plan.additional);
      }),
      { seed: 20_261_127, numRuns: 60 },
    );
  });

  it('says when the target is out of reach, and names bad arguments', () => {
    const plan = labelsForProportion({ correct: 80, total: 100 }, undefined, 0.05, 'lower-bound', 0.85);
    expect(plan.status).toBe('unreachable');
    expect(plan.reason).toMatch(/^Unreachable: at the assumed accuracy 0.8/);
    expect(() => labelsForProportion({ correct: 0, total: 0 }, undefined, 0.05, 'lower-bound', 0.9)).toThrow(/^accuracy is needed/);
    expect(() => labelsForProportion({ correct: 5, total: 4 }, undefined, 0.05, 'lower-bound', 0.9)).toThrow(/^current.correct must be ≤/);
    expect(() => labelsForProportion({ correct: 5, total: 10 }, 1.5, 0.05, 'lower-bound', 0.9)).toThrow(/^accuracy/);
    expect(() => labelsForProportion({ correct: 5, total: 10 }, undefined, 0.05, 'lower-bound', 1)).toThrow(/^target must be in \(0, 1\)/);
    expect(() => labelsForProportion({ correct: 5, total: 10 }, undefined, 0.05, 'width' , 1.2)).toThrow(/^target must be in \(0, 1\]/);
  });
});
