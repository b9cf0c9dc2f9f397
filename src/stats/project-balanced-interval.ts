import { balancedInterval } from './balanced-interval';
import { labelPlanModel, type LabelPlanAssumptions, type ProjectedCounts } from './label-plan-model';
import type { BalancedInterval } from './types';

/** The counts a plan projects after some more labels, and the exact balanced interval they give. */
export interface BalancedProjection {
  counts: ProjectedCounts;
  /** `balancedInterval(counts, δ)`; null while a class still has no labels (no interval exists). */
  interval: BalancedInterval | null;
}

/**
 * The exact balanced interval (union bound, each class's exact bounds at δ/4) that the plan's
 * assumptions project after `additionalLabels` more labels: ΔYES = round(M·s), ΔNO = M − ΔYES and
 * per class k = k₀ + round(a·Δ) (see `labelPlanModel` for the assumption), then `balancedInterval`.
 *
 * Reference: the blog's balanced-accuracy bound (Langford 2005 for the per-class exact bounds).
 * Domain: the assumptions of `labelPlanModel`; additionalLabels a whole number ≥ 0.
 * Errors: RangeError naming the bad argument and value.
 *
 * @example projectBalancedInterval({ current: { yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } }, delta: 0.05 }, 0).interval
 * // = balancedInterval({ yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } }, 0.05)
 */
export function projectBalancedInterval(assumptions: LabelPlanAssumptions, additionalLabels: number): BalancedProjection {
  if (!Number.isSafeInteger(additionalLabels) || additionalLabels < 0) {
    throw new RangeError(`additionalLabels must be a whole number ≥ 0, got ${String(additionalLabels)}`);
  }
  const model = labelPlanModel(assumptions);
  const counts = model.counts(additionalLabels);
  const interval = counts.yes.total > 0 && counts.no.total > 0 ? balancedInterval({ yes: counts.yes, no: counts.no }, model.delta) : null;
  return { counts, interval };
}
