import { describe, expect, it } from 'vitest';
import { wholeIn, realIn } from './arbitraries.test-util';
import fc from 'fast-check';
import { balancedInterval } from './balanced-interval';
import { labelPlanModel, type LabelPlanAssumptions } from './label-plan-model';
import { labelsToClearLowerBound } from './labels-to-clear-lower-bound';
import { labelsToReachWidth } from './labels-to-reach-width';
import { projectBalancedInterval } from './project-balanced-interval';
import type { ClassCounts } from './types';

const DETECTOR = { yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } };

/** The projection written out independently: ΔYES = round(M·s), k = k₀ + round(a·Δ). */
function projected(current: { yes: ClassCounts; no: ClassCounts }, yesAccuracy: number, noAccuracy: number, yesShare: number, additional: number) {
  const additionalYes = Math.round(additional * yesShare);
  const additionalNo = additional - additionalYes;
  return {
    yes: { correct: current.yes.correct + Math.round(yesAccuracy * additionalYes), total: current.yes.total + additionalYes },
    no: { correct: current.no.correct + Math.round(noAccuracy * additionalNo), total: current.no.total + additionalNo },
  };
}

/** The first M (scanning every count from 0) whose exact balanced interval meets the goal, or null. */
function firstByBruteForce(
  current: { yes: ClassCounts; no: ClassCounts },
  accuracies: [number, number, number],
  delta: number,
  meets: (interval: { lower: number; upper: number }) => boolean,
  limit: number,
): number | null {
  for (let additional = 0; additional <= limit; additional++) {
    const counts = projected(current, ...accuracies, additional);
    if (counts.yes.total === 0 || counts.no.total === 0) continue;
    if (meets(balancedInterval(counts, delta))) return additional;
  }
  return null;
}

describe('labelsToClearLowerBound', () => {
  it('38/40 YES, 55/60 NO, δ = 0.05, target 0.9: the bound meets 0.9 at the answer and not one label earlier', () => {
    const plan = labelsToClearLowerBound({ current: DETECTOR, delta: 0.05 }, 0.9);
    expect(plan.status).toBe('reached');
    const answer = plan.additional!;
    expect(answer).toBeGreaterThan(0);
    const at = balancedInterval(projected(DETECTOR, 0.95, 55 / 60, 0.4, answer), 0.05);
    const before = balancedInterval(projected(DETECTOR, 0.95, 55 / 60, 0.4, answer - 1), 0.05);
    expect(at.lower).toBeGreaterThanOrEqual(0.9);
    expect(before.lower).toBeLessThan(0.9);
    expect(plan.at!.interval).toEqual(at);
    expect(plan.at!.counts.yes.total + plan.at!.counts.no.total).toBe(100 + answer);
    // And no smaller count meets it either (the projected bound is a saw-tooth, not monotone).
    expect(firstByBruteForce(DETECTOR, [0.95, 55 / 60, 0.4], 0.05, (interval) => interval.lower >= 0.9, answer)).toBe(answer);
  });

  it('finds the first count on random detectors, equal to a scan of every count (fast-check)', () => {
    fc.assert(
      fc.property(wholeIn(1, 60), wholeIn(1, 60), realIn(0.75, 1), realIn(0.75, 1), realIn(0.6, 0.95), fc.constantFrom(0.05, 0.1, 0.01), (yesTotal, noTotal, yesRate, noRate, target, delta) => {
          const current = {
            yes: { correct: Math.round(yesRate * yesTotal), total: yesTotal },
            no: { correct: Math.round(noRate * noTotal), total: noTotal },
          };
          const plan = labelsToClearLowerBound({ current, delta, maxAdditionalLabels: 3000 }, target);
          const accuracies: [number, number, number] = [
            current.yes.correct / yesTotal,
            current.no.correct / noTotal,
            yesTotal / (yesTotal + noTotal),
          ];
          const first = firstByBruteForce(current, accuracies, delta, (interval) => interval.lower >= target, 3000);
          expect(plan.additional).toBe(first);
          if (first === null) expect(plan.status).not.toBe('reached');
        },
      ),
      { seed: 5, numRuns: 150 },
    );
  });

  it('says the target is unreachable when the assumed accuracies cannot support it', () => {
    const plan = labelsToClearLowerBound({ current: DETECTOR, delta: 0.05 }, 0.94);
    expect(plan.status).toBe('unreachable');
    expect(plan.additional).toBeNull();
    // Six significant digits in the sentence (the exact values are in `assumptions`), not 0.9166666666666666.
    expect(plan.reason).toMatch(/^Unreachable: at the assumed accuracies \(YES 0\.95, NO 0\.916667\) the projected balanced accuracy tends to 0\.933333, .*no number of additional labels makes it reach 0\.94\.$/);
    expect(plan.curve.length).toBeGreaterThan(100);
    expect(Math.max(...plan.curve.map((point) => point.lower))).toBeLessThan(0.94);
  });

  it('counts labels already in hand: strong current evidence can meet a target the future rate could not', () => {
    const strong = { yes: { correct: 2000, total: 2000 }, no: { correct: 2000, total: 2000 } };
    const plan = labelsToClearLowerBound({ current: strong, yesAccuracy: 0.8, noAccuracy: 0.8, delta: 0.05 }, 0.95);
    expect(plan.status).toBe('reached');
    expect(plan.additional).toBe(0);
  });

  it('plans from assumed accuracies and a YES share with no labels yet', () => {
    const assumptions: LabelPlanAssumptions = { yesAccuracy: 0.95, noAccuracy: 0.9, yesShare: 0.25, delta: 0.05 };
    const plan = labelsToClearLowerBound(assumptions, 0.85);
    const answer = plan.additional!;
    const none = { yes: { correct: 0, total: 0 }, no: { correct: 0, total: 0 } };
    expect(balancedInterval(projected(none, 0.95, 0.9, 0.25, answer), 0.05).lower).toBeGreaterThanOrEqual(0.85);
    expect(firstByBruteForce(none, [0.95, 0.9, 0.25], 0.05, (interval) => interval.lower >= 0.85, answer)).toBe(answer);
    expect(plan.assumptions).toEqual({ yesAccuracy: 0.95, noAccuracy: 0.9, yesShare: 0.25, delta: 0.05, maxAdditionalLabels: 1e9 });
  });

  it('reports beyond-limit, not unreachable, when the target is reachable but past maxAdditionalLabels', () => {
    const plan = labelsToClearLowerBound({ current: DETECTOR, delta: 0.05, maxAdditionalLabels: 100 }, 0.92);
    expect(plan.status).toBe('beyond-limit');
    expect(plan.reason).toBe('Not reached within 100 additional labels.');
  });

  it('returns a curve for plotting that contains the answer and one fewer, matching projectBalancedInterval', () => {
    const assumptions = { current: DETECTOR, delta: 0.05 };
    const plan = labelsToClearLowerBound(assumptions, 0.9);
    const answer = plan.additional!;
    const atAnswer = plan.curve.find((point) => point.additional === answer)!;
    const before = plan.curve.find((point) => point.additional === answer - 1)!;
    expect(atAnswer.lower).toBeGreaterThanOrEqual(0.9);
    expect(before.lower).toBeLessThan(0.9);
    expect(plan.curve.at(-1)!.additional).toBe(2 * answer);
    for (const point of plan.curve.filter((_, index) => index % 20 === 0)) {
      const projection = projectBalancedInterval(assumptions, point.additional);
      expect(point.lower).toBe(projection.interval!.lower);
      expect(point.upper).toBe(projection.interval!.upper);
      expect(point.additionalYes).toBe(projection.counts.additionalYes);
    }
  });
});

describe('labelsToReachWidth', () => {
  it.each([0.2, 0.1, 0.05])('width %d: met at the answer, not one label earlier nor at any smaller count', (width) => {
    const plan = labelsToReachWidth({ current: DETECTOR, delta: 0.05 }, width);
    const answer = plan.additional!;
    const widthAt = (additional: number) => {
      const interval = balancedInterval(projected(DETECTOR, 0.95, 55 / 60, 0.4, additional), 0.05);
      return interval.upper - interval.lower;
    };
    expect(widthAt(answer)).toBeLessThanOrEqual(width);
    if (answer > 0) expect(widthAt(answer - 1)).toBeGreaterThan(width);
    expect(firstByBruteForce(DETECTOR, [0.95, 55 / 60, 0.4], 0.05, (interval) => interval.upper - interval.lower <= width, answer)).toBe(answer);
  });

  it('reaches a very narrow target (millions of labels) with the first count that meets it', () => {
    const plan = labelsToReachWidth({ current: DETECTOR, delta: 0.05 }, 0.001);
    expect(plan.status).toBe('reached');
    expect(plan.additional).toBeGreaterThan(2e6);
    const widthAt = (additional: number) => {
      const interval = projectBalancedInterval({ current: DETECTOR, delta: 0.05 }, additional).interval!;
      return interval.upper - interval.lower;
    };
    expect(widthAt(plan.additional!)).toBeLessThanOrEqual(0.001);
    expect(widthAt(plan.additional! - 1)).toBeGreaterThan(0.001);
  });
});

describe('validation', () => {
  it('names the bad argument and its value', () => {
    expect(() => labelsToClearLowerBound({ current: DETECTOR, delta: 0.05 }, 1)).toThrow(/^target must be in \(0, 1\), got 1$/);
    expect(() => labelsToReachWidth({ current: DETECTOR, delta: 0.05 }, 0)).toThrow(/^targetWidth must be in \(0, 1\], got 0$/);
    expect(() => labelsToClearLowerBound({ current: DETECTOR, delta: 0 }, 0.9)).toThrow(/^delta must be in \(0, 1\), got 0$/);
    expect(() => labelPlanModel({ current: { yes: { correct: 5, total: 4 }, no: DETECTOR.no }, delta: 0.05 })).toThrow(
      /^current\.yes\.correct must be ≤ current\.yes\.total \(4\), got 5$/,
    );
    expect(() => labelPlanModel({ current: { yes: { correct: 0, total: 0 }, no: DETECTOR.no }, delta: 0.05 })).toThrow(
      /^yesAccuracy is needed: there are no YES labels to take it from$/,
    );
    expect(() => labelPlanModel({ yesAccuracy: 0.9, noAccuracy: 0.9, delta: 0.05 })).toThrow(/^yesShare is needed when there are no labels yet/);
    expect(() => labelPlanModel({ yesAccuracy: 0.9, noAccuracy: 0.9, yesShare: 0, delta: 0.05 })).toThrow(
      /^yesShare must be > 0 when there are no YES labels yet, got 0$/,
    );
    expect(() => labelPlanModel({ yesAccuracy: 1.2, noAccuracy: 0.9, yesShare: 0.5, delta: 0.05 })).toThrow(/^yesAccuracy must be in \[0, 1\], got 1\.2$/);
    expect(() => labelPlanModel({ current: DETECTOR, delta: 0.05, maxAdditionalLabels: 0 })).toThrow(/^maxAdditionalLabels must be a whole number ≥ 1, got 0$/);
    expect(() => projectBalancedInterval({ current: DETECTOR, delta: 0.05 }, -1)).toThrow(/^additionalLabels must be a whole number ≥ 0, got -1$/);
  });

  it('projects the documented way: observed accuracy carried forward equals k = round(a·N)', () => {
    const model = labelPlanModel({ current: DETECTOR, delta: 0.05 });
    for (const additional of [0, 1, 7, 100, 12345]) {
      const counts = model.counts(additional);
      expect(counts.yes.correct).toBe(Math.round(0.95 * counts.yes.total));
      expect(counts.no.correct).toBe(Math.round((55 / 60) * counts.no.total));
    }
    const fromNoYesLabels = { current: { yes: { correct: 0, total: 0 }, no: DETECTOR.no }, yesAccuracy: 0.9, yesShare: 0.5, delta: 0.05 };
    expect(projectBalancedInterval(fromNoYesLabels, 0).interval).toBeNull();
    expect(projectBalancedInterval(fromNoYesLabels, 2).counts.yes).toEqual({ correct: 1, total: 1 });
  });
});
