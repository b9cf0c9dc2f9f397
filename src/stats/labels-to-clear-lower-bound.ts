import { labelPlanModel, type LabelPlanAssumptions } from './label-plan-model';
import { planLabels, type LabelPlan } from './plan-labels';

/**
 * How many more ground-truth labels are needed before the exact balanced lower bound at δ (the
 * union-bound interval of `balancedInterval`) reaches `target` — "prove balanced accuracy ≥ 90% at
 * 95% confidence" — assuming future labels arrive in the given YES:NO proportion and are classified
 * at the given (or observed) per-class accuracies, k = k₀ + round(a·Δ) per class (see
 * `labelPlanModel`). Exact: every candidate is checked with the exact bounds, no normal
 * approximation. The answer M is the smallest such count: the bound at M meets the target and at
 * M − 1 it does not (nor at any smaller count — see `planLabels` for how that is guaranteed
 * although the projected bound is a saw-tooth in M).
 *
 * Unreachable when the target is at or above what the assumed accuracies can support: the lower
 * bound stays below the estimate, which tends to (a₊ + a₋)/2. The result also carries the projected
 * curve (estimate, lower, upper against additional labels) for plotting.
 *
 * Reference: the blog's balanced-accuracy bound; Langford (2005) for the exact per-class bounds.
 * Domain: assumptions as in `labelPlanModel`; target in (0, 1).
 * Errors: RangeError naming `target` or the bad assumption, with its value.
 *
 * @example labelsToClearLowerBound({ current: { yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } }, delta: 0.05 }, 0.9)
 * // { status: 'reached', additional: 667, at: { counts, interval }, curve: [...] }
 */
export function labelsToClearLowerBound(assumptions: LabelPlanAssumptions, target: number): LabelPlan {
  if (typeof target !== 'number' || !(target > 0 && target < 1)) throw new RangeError(`target must be in (0, 1), got ${String(target)}`);
  return planLabels(labelPlanModel(assumptions), 'lower-bound', target);
}
