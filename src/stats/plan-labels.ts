import { balancedInterval } from './balanced-interval';
import { exactLowerBound } from './exact-lower-bound';
import { exactUpperBound } from './exact-upper-bound';
import type { LabelPlanModel, ProjectedCounts } from './label-plan-model';
import type { BalancedInterval, ClassCounts } from './types';

/** What a label plan aims for: the balanced lower bound at or above a target, or the width at or below one. */
export type LabelGoal = 'lower-bound' | 'width';

/** One point of the projected curve (all proportions). */
export interface LabelPlanPoint {
  additional: number;
  additionalYes: number;
  additionalNo: number;
  estimate: number;
  lower: number;
  upper: number;
}

/** The answer of `labelsToClearLowerBound` / `labelsToReachWidth`. */
export interface LabelPlan {
  goal: LabelGoal;
  target: number;
  /** 'reached': `additional` labels meet the target and one fewer does not. */
  status: 'reached' | 'unreachable' | 'beyond-limit';
  /** The smallest number of additional labels (YES + NO) that meets the target; null unless reached. */
  additional: number | null;
  /** The projected counts and exact balanced interval at the answer; null unless reached. */
  at: { counts: ProjectedCounts; interval: BalancedInterval } | null;
  /** Why there is no answer (null when reached). */
  reason: string | null;
  /** The assumptions actually used (defaults filled in). */
  assumptions: { yesAccuracy: number; noAccuracy: number; yesShare: number; delta: number; maxAdditionalLabels: number };
  /** The projected interval against additional labels, for plotting (includes the answer and one fewer). */
  curve: LabelPlanPoint[];
}

const CURVE_STEPS = 160;
const MAX_SEARCH_STEPS = 5_000_000;

/**
 * The smallest M ≥ 0 of additional labels whose projected exact balanced interval meets the goal.
 *
 * The projected bound is not monotone in M (k = k₀ + round(a·Δ) makes it a saw-tooth), so neither
 * bisection nor a plain exponential search is guaranteed to find the first M. Instead the labels
 * are scanned in blocks [M₁, M₂] whose size doubles after each block that is proven not to meet the
 * goal and halves otherwise. Proof for a block: each class's successes k and errors e = N − k only
 * grow with M, and its exact bounds rise with k and fall with e (the lower bound is the δ/4
 * quantile of Beta(k, e + 1), the upper the 1 − δ/4 quantile of Beta(k + 1, e)), so the bounds at
 * (k(M₂), e(M₁)) and (k(M₁), e(M₂)) are the best any M in the block can do. A block is skipped only
 * when even these miss the target; a block of one label count is evaluated exactly.
 * For the lower-bound goal the scan also stops, as unreachable, once even the projected estimate
 * (an upper bound of the lower bound) can no longer reach the target at any larger M.
 *
 * Reference: the blog's balanced-accuracy bound (per-class exact bounds at δ/4, Langford 2005).
 * Domain: a validated `labelPlanModel`; target in (0, 1) (lower bound) or (0, 1] (width).
 * Internal: callers (`labelsToClearLowerBound`, `labelsToReachWidth`) validate the target.
 *
 * @example planLabels(labelPlanModel({ current, delta: 0.05 }), 'lower-bound', 0.9).additional
 */
export function planLabels(model: LabelPlanModel, goal: LabelGoal, target: number): LabelPlan {
  const perBound = model.delta / 4;
  const asymptote = (model.yesAccuracy + model.noAccuracy) / 2;

  /** Does any M in [first, last] possibly meet the goal? Exact when first = last. */
  const mayMeet = (first: number, last: number): boolean => {
    const start = model.counts(first);
    const end = model.counts(last);
    if (end.yes.total === 0 || end.no.total === 0) return false;
    const lower = (highestLower(start.yes, end.yes) + highestLower(start.no, end.no)) / 2;
    if (goal === 'lower-bound') return lower >= target;
    const upper = (lowestUpper(start.yes, end.yes) + lowestUpper(start.no, end.no)) / 2;
    return upper - lower <= target;
  };
  // In a block, successes k and errors e = N − k only grow; both bounds rise with k and fall with
  // e (Beta(k, e + 1) and Beta(k + 1, e) quantiles), so (k₂, e₁) gives the highest lower bound and
  // (k₁, e₂) the lowest upper bound. Consecutive blocks share corners and single steps change
  // one class only, so bounds are remembered.
  const lowerBounds = new Map<string, number>();
  const upperBounds = new Map<string, number>();
  const highestLower = (start: ClassCounts, end: ClassCounts): number => {
    const correct = end.correct;
    const total = correct + (start.total - start.correct);
    if (total === 0) return 1;
    const key = `${total}:${correct}`;
    let bound = lowerBounds.get(key);
    if (bound === undefined) lowerBounds.set(key, (bound = exactLowerBound(total, correct, perBound)));
    return bound;
  };
  const lowestUpper = (start: ClassCounts, end: ClassCounts): number => {
    const correct = start.correct;
    const total = correct + (end.total - end.correct);
    if (total === 0) return 0;
    const key = `${total}:${correct}`;
    let bound = upperBounds.get(key);
    if (bound === undefined) upperBounds.set(key, (bound = exactUpperBound(total, correct, perBound)));
    return bound;
  };

  /** True when no M′ ≥ M can clear a lower-bound target: the estimate there is already too low. */
  const noneBeyond = (additional: number): boolean => {
    if (goal !== 'lower-bound') return false;
    const counts = model.counts(additional);
    if (counts.yes.total === 0 || counts.no.total === 0) return false;
    // k ≤ k₀ + a·Δ + ½, and (k₀ + ½ + a·Δ′)/(n₀ + Δ′) moves monotonically towards a as Δ′ grows.
    const ceiling = (current: { correct: number; total: number }, added: number, accuracy: number) =>
      Math.max((current.correct + accuracy * added + 0.5) / (current.total + added), accuracy);
    const estimateCeiling =
      (ceiling(model.current.yes, counts.additionalYes, model.yesAccuracy) + ceiling(model.current.no, counts.additionalNo, model.noAccuracy)) / 2;
    return estimateCeiling <= target;
  };

  let answer: number | null = null;
  let stoppedEarly = false;
  let additional = 0;
  let blockSize = 1;
  for (let step = 0; step < MAX_SEARCH_STEPS && additional <= model.limit; step++) {
    if (noneBeyond(additional)) {
      stoppedEarly = true;
      break;
    }
    const last = Math.min(model.limit, additional + blockSize - 1);
    if (!mayMeet(additional, last)) {
      additional = last + 1;
      blockSize *= 2;
    } else if (blockSize > 1) {
      blockSize = Math.max(1, Math.floor(blockSize / 2));
    } else {
      answer = additional;
      break;
    }
  }

  const assumptions = {
    yesAccuracy: model.yesAccuracy,
    noAccuracy: model.noAccuracy,
    yesShare: model.yesShare,
    delta: model.delta,
    maxAdditionalLabels: model.limit,
  };
  const curveEnd = answer !== null ? Math.max(2 * answer, 10) : Math.min(model.limit, Math.max(1000, 10 * (model.current.yes.total + model.current.no.total)));
  const curve = projectedCurve(model, curveEnd, answer);
  if (answer !== null) {
    const counts = model.counts(answer);
    return { goal, target, status: 'reached', additional: answer, at: { counts, interval: balancedInterval(counts, model.delta) }, reason: null, assumptions, curve };
  }
  const unreachable = goal === 'lower-bound' && (stoppedEarly || target >= asymptote);
  const reason = unreachable
    ? `Unreachable: at the assumed accuracies (YES ${model.yesAccuracy}, NO ${model.noAccuracy}) the projected balanced accuracy tends to ${asymptote}, ` +
      `and an exact lower bound always stays below the estimate, so no number of additional labels makes it reach ${target}.`
    : `Not reached within ${model.limit} additional labels.`;
  return { goal, target, status: unreachable ? 'unreachable' : 'beyond-limit', additional: null, at: null, reason, assumptions, curve };
}

/** About CURVE_STEPS evenly spaced label counts from 0 to `end`, plus the answer and one fewer. */
function projectedCurve(model: LabelPlanModel, end: number, answer: number | null): LabelPlanPoint[] {
  const points = new Set<number>();
  for (let step = 0; step <= CURVE_STEPS; step++) points.add(Math.round((end * step) / CURVE_STEPS));
  if (answer !== null) {
    points.add(answer);
    if (answer > 0) points.add(answer - 1);
  }
  return [...points]
    .sort((a, b) => a - b)
    .map((additional) => model.counts(additional))
    .filter((counts) => counts.yes.total > 0 && counts.no.total > 0)
    .map((counts) => {
      const interval = balancedInterval(counts, model.delta);
      return {
        additional: counts.additional,
        additionalYes: counts.additionalYes,
        additionalNo: counts.additionalNo,
        estimate: interval.estimate,
        lower: interval.lower,
        upper: interval.upper,
      };
    });
}
