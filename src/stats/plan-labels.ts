import { balancedInterval } from './balanced-interval';
import { exactLowerBound } from './exact-lower-bound';
import { exactUpperBound } from './exact-upper-bound';
import { gallopingBlockSearch } from './galloping-block-search';
import type { LabelPlanModel, ProjectedCounts } from './label-plan-model';
import { planCurveCounts } from './plan-curve-counts';
import type { BalancedInterval, ClassCounts } from './types';
import { reasonNumber } from './reason-number';

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

/**
 * What every label plan answers (balanced or one proportion): the goal, whether and where it is met,
 * and why not. `Counts` and `Found` are the plan's projected counts and interval kinds.
 */
export interface PlanAnswer<Counts, Found> {
  goal: LabelGoal;
  target: number;
  /**
   * 'reached': `additional` labels meet the target and one fewer does not. 'beyond-limit': no count
   * up to the search's limit meets it (that limit, or where the work bound stopped the search;
   * `reason` says which).
   */
  status: 'reached' | 'unreachable' | 'beyond-limit';
  /** The smallest number of additional labels (or trials) that meets the target; null unless reached. */
  additional: number | null;
  /** The projected counts and exact interval at the answer; null unless reached. */
  at: { counts: Counts; interval: Found } | null;
  /** Why there is no answer (null when reached). */
  reason: string | null;
}

/** The answer of `labelsToClearLowerBound` / `labelsToReachWidth` (its limit is `assumptions.maxAdditionalLabels`). */
export interface LabelPlan extends PlanAnswer<ProjectedCounts, BalancedInterval> {
  /**
   * The assumptions actually used (defaults filled in). `maxAdditionalLabels` is how far the search
   * got: the caller's limit, or less when the limit would pass 2^53 − 1 per class or the work bound
   * (MAX_SEARCH_STEPS block checks) ran out first.
   */
  assumptions: { yesAccuracy: number; noAccuracy: number; yesShare: number; delta: number; maxAdditionalLabels: number };
  /** The projected interval against additional labels, for plotting (includes the answer and one fewer). */
  curve: LabelPlanPoint[];
}

const CURVE_STEPS = 160;
/**
 * The work bound: at most this many block checks (each up to four exact bounds, ~20 µs). It matters
 * only where the projected bound hovers at the target over thousands of counts (a saw-tooth at
 * millions of labels: width 1e-4, or δ near 1), where every count has to be checked in turn; the
 * search then stops with 'beyond-limit' at the count it has proven. About 0.3 s at most.
 */
const MAX_SEARCH_STEPS = 10_000;

/**
 * The most labels a class may have in a plan (current and projected): 10⁷. Exact bounds cost more as
 * counts grow, and the curve needs ~640 of them; 10⁷ per class keeps a plan under a second.
 */
const MAX_CLASS_TOTAL = 10_000_000;

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
 * Work: at most MAX_SEARCH_STEPS (10,000) block checks plus ~160 curve points, each a few exact
 * bounds, with every class total at most MAX_CLASS_TOTAL (10⁷) — under a second. Current totals
 * above 10⁷ are a RangeError naming `current.yes.total` / `current.no.total`; the search stops
 * ('beyond-limit') where a class would pass 10⁷. If the checks run out first (a saw-tooth hovering at the target over
 * thousands of counts), the answer is 'beyond-limit' with `maxAdditionalLabels` the count proven.
 *
 * Reference: the blog's balanced-accuracy bound (per-class exact bounds at δ/4, Langford 2005).
 * Domain: a validated `labelPlanModel`; target in (0, 1) (lower bound) or (0, 1] (width).
 * Internal: callers (`labelsToClearLowerBound`, `labelsToReachWidth`) validate the target.
 *
 * @example planLabels(labelPlanModel({ current, delta: 0.05 }), 'lower-bound', 0.9).additional
 */
export function planLabels(model: LabelPlanModel, goal: LabelGoal, target: number): LabelPlan {
  for (const side of ['yes', 'no'] as const) {
    const total = model.current[side].total;
    if (total > MAX_CLASS_TOTAL) throw new RangeError(`current.${side}.total must be ≤ ${MAX_CLASS_TOTAL} to plan labels, got ${total}`);
  }
  // The largest M whose projected class totals stay ≤ MAX_CLASS_TOTAL (totals never fall as M grows).
  const withinCap = (additional: number) => {
    const counts = model.counts(additional);
    return counts.yes.total <= MAX_CLASS_TOTAL && counts.no.total <= MAX_CLASS_TOTAL;
  };
  let capped = Math.min(model.limit, 2 * MAX_CLASS_TOTAL);
  if (!withinCap(capped)) {
    let low = 0;
    while (low < capped) {
      const middle = low + Math.ceil((capped - low) / 2);
      if (withinCap(middle)) low = middle;
      else capped = middle - 1;
    }
  }
  const limit = capped;
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
  const remembered = (bound: (total: number, correct: number, delta: number) => number) => {
    const known = new Map<string, number>();
    return (total: number, correct: number): number => {
      const key = `${total}:${correct}`;
      let value = known.get(key);
      if (value === undefined) known.set(key, (value = bound(total, correct, perBound)));
      return value;
    };
  };
  const lowerAt = remembered(exactLowerBound);
  const upperAt = remembered(exactUpperBound);
  const highestLower = (start: ClassCounts, end: ClassCounts): number => {
    const total = end.correct + (start.total - start.correct);
    return total === 0 ? 1 : lowerAt(total, end.correct);
  };
  const lowestUpper = (start: ClassCounts, end: ClassCounts): number => {
    const total = start.correct + (end.total - end.correct);
    return total === 0 ? 0 : upperAt(total, start.correct);
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

  // A single count's mayMeet is exact, so it also serves as the one-count check.
  const { first: answer, stoppedEarly, outOfWork, next } = gallopingBlockSearch(limit, MAX_SEARCH_STEPS, {
    meetsAt: (additional) => mayMeet(additional, additional),
    mayMeetIn: mayMeet,
    noneBeyond,
  });
  // Out of checks before the limit: every count below `next` is proven to miss the target.
  const searched = outOfWork ? Math.max(1, next - 1) : answer === null ? Math.max(1, limit) : model.limit;
  const assumptions = {
    yesAccuracy: model.yesAccuracy,
    noAccuracy: model.noAccuracy,
    yesShare: model.yesShare,
    delta: model.delta,
    maxAdditionalLabels: searched,
  };
  const curveEnd = answer !== null ? Math.min(Math.max(2 * answer, 10), model.capacity) : Math.min(searched, Math.max(1000, 10 * (model.current.yes.total + model.current.no.total)));
  const curve = projectedCurve(model, curveEnd, answer);
  if (answer !== null) {
    const counts = model.counts(answer);
    return { goal, target, status: 'reached', additional: answer, at: { counts, interval: balancedInterval(counts, model.delta) }, reason: null, assumptions, curve };
  }
  const unreachable = goal === 'lower-bound' && (stoppedEarly || target >= asymptote);
  const reason = unreachable
    ? `Unreachable: at the assumed accuracies (YES ${reasonNumber(model.yesAccuracy)}, NO ${reasonNumber(model.noAccuracy)}) the projected balanced accuracy tends to ${reasonNumber(asymptote)}, ` +
      `and an exact lower bound always stays below the estimate, so no number of additional labels makes it reach ${reasonNumber(target)}.`
    : outOfWork
      ? `Not reached within ${searched} additional labels; the search stopped there after ${MAX_SEARCH_STEPS} checks, because near that count the projected interval hovers at the target and every count has to be checked in turn.`
      : limit < model.limit
        ? `Not reached within ${searched} additional labels; more would take a class past ${MAX_CLASS_TOTAL} labels, the planner's cap.`
        : `Not reached within ${model.limit} additional labels.`;
  return { goal, target, status: unreachable ? 'unreachable' : 'beyond-limit', additional: null, at: null, reason, assumptions, curve };
}

/** The exact balanced interval at each of the curve's counts (see `planCurveCounts`) where both classes have labels. */
function projectedCurve(model: LabelPlanModel, end: number, answer: number | null): LabelPlanPoint[] {
  return planCurveCounts(end, CURVE_STEPS, answer)
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
