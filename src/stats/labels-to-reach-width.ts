import { labelPlanModel, type LabelPlanAssumptions } from './label-plan-model';
import { planLabels, type LabelPlan } from './plan-labels';

/**
 * How many more ground-truth labels are needed before the exact balanced interval at δ (the
 * union-bound interval of `balancedInterval`) is at most `targetWidth` wide (upper − lower), under
 * the projection of `labelPlanModel` (labels in the given YES:NO proportion, classified at the
 * given or observed per-class accuracies, k = k₀ + round(a·Δ)). Exact: each candidate is checked
 * with the exact bounds. The answer M is the smallest such count — the width at M meets the target,
 * at M − 1 (and every smaller count) it does not; the result carries the projected curve.
 * Always reachable in principle (the width shrinks like 1/√N); 'beyond-limit' past
 * maxAdditionalLabels.
 *
 * Reference: the blog's balanced-accuracy bound; Langford (2005) for the exact per-class bounds.
 * Domain: assumptions as in `labelPlanModel`; targetWidth in (0, 1].
 * Errors: RangeError naming `targetWidth` or the bad assumption, with its value.
 *
 * @example labelsToReachWidth({ yesAccuracy: 0.9, noAccuracy: 0.9, yesShare: 0.5, delta: 0.05 }, 0.1).additional // 400 (200 per class for an interval 10 points wide)
 */
export function labelsToReachWidth(assumptions: LabelPlanAssumptions, targetWidth: number): LabelPlan {
  if (typeof targetWidth !== 'number' || !(targetWidth > 0 && targetWidth <= 1)) {
    throw new RangeError(`targetWidth must be in (0, 1], got ${String(targetWidth)}`);
  }
  return planLabels(labelPlanModel(assumptions), 'width', targetWidth);
}
