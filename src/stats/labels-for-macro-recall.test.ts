import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EmptyClassError } from './empty-class-error';
import { labelsForMacroRecall } from './labels-for-macro-recall';
import { macroRecallInterval } from './macro-recall-interval';

/**
 * An independent scan: step m gives class i ⌊m·nᵢ/N⌋ more labels, kᵢ + round(rᵢ·Δᵢ) right (the
 * documented projection); the projected matrix (right answers on the diagonal, the rest in the next
 * column) goes through `macroRecallInterval`, and the first step whose lower bound meets the target
 * is the answer.
 */
function scan(matrix: number[][], delta: number, target: number, steps: number) {
  const totals = matrix.map((row) => row.reduce((a, b) => a + b, 0));
  const all = totals.reduce((a, b) => a + b, 0);
  for (let step = 0; step <= steps; step++) {
    const added = totals.map((total) => Math.floor((step * total) / all));
    const projected = matrix.map((row, i) => {
      const correct = row[i]! + Math.round((row[i]! / totals[i]!) * added[i]!);
      const cells = row.map(() => 0);
      cells[i] = correct;
      cells[(i + 1) % row.length] = totals[i]! + added[i]! - correct;
      return cells;
    });
    const interval = macroRecallInterval(projected, delta);
    if (interval.lower >= target) return { added, interval };
  }
  return null;
}

describe('labelsForMacroRecall', () => {
  it('plans the issue’s 3-class detector (cat/dog/bird) to 85%: 166 more labels in today’s mix', () => {
    const plan = labelsForMacroRecall([[50, 2, 1], [3, 40, 2], [0, 1, 30]], 0.05, 0.85);
    expect(plan).toMatchObject({ status: 'reached', additional: 166, perClass: [68, 58, 40], reason: null });
    expect(plan.interval!.lower).toBeGreaterThanOrEqual(0.85);
    expect(plan.interval!.lower).toBeCloseTo(0.8511178036494279, 12);
    // At or above the mean recall (0.9333…) no number of labels proves it.
    expect(labelsForMacroRecall([[50, 2, 1], [3, 40, 2], [0, 1, 30]], 0.05, 0.95)).toMatchObject({ status: 'unreachable', additional: null, perClass: null });
  });

  it('finds the first step an independent scan finds (the saw-tooth is never stepped over), or none where the scan finds none', () => {
    const matrixArb = fc.integer({ min: 2, max: 4 }).chain((size) =>
      fc.array(fc.array(fc.integer({ min: 0, max: 12 }), { minLength: size, maxLength: size }), { minLength: size, maxLength: size }).map((rows) => rows.map((row, i) => row.map((cell, j) => (i === j ? cell + 1 : cell)))),
    );
    fc.assert(
      fc.property(matrixArb, fc.constantFrom(0.05, 0.1, 0.01), fc.double({ min: 0.2, max: 0.95, noNaN: true }), (matrix, delta, target) => {
        const plan = labelsForMacroRecall(matrix, delta, target);
        const found = scan(matrix, delta, target, 1500);
        if (plan.status === 'reached' && found !== null) {
          expect(plan.perClass).toEqual(found.added);
          expect(plan.interval!.lower).toBeCloseTo(found.interval.lower, 12);
        } else if (plan.status === 'reached') {
          // Beyond the scan: the plan's own answer meets the target.
          expect(plan.interval!.lower).toBeGreaterThanOrEqual(target);
          expect(plan.additional!).toBeGreaterThan(1000);
        } else {
          expect(found).toBeNull();
        }
      }),
      { numRuns: 40 },
    );
  });

  it('names what is wrong: the target, a cell, δ, an empty class', () => {
    for (const target of [0, 1, Number.NaN, -0.5, '0.9'] as unknown[]) expect(() => labelsForMacroRecall([[1, 0], [0, 1]], 0.05, target as number)).toThrow(/^target must be in \(0, 1\)/);
    expect(() => labelsForMacroRecall([[1, 0.5], [0, 1]], 0.05, 0.5)).toThrow(/^matrix\[0\]\[1\] must be a whole number/);
    expect(() => labelsForMacroRecall([[1, 0], [0, 1]], 0, 0.5)).toThrow(/^delta/);
    expect(() => labelsForMacroRecall([[1, 0], [0, 0]], 0.05, 0.5)).toThrow(EmptyClassError);
    expect(() => labelsForMacroRecall([[2e7, 0], [0, 1]], 0.05, 0.5)).toThrow(/^matrix\[0\] total must be ≤ 10000000/);
  });
});
