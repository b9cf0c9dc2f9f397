import { assertDelta } from './assert-delta';
import { assertObject } from './assert-object';
import { assertProbability } from './assert-probability';
import { assertWholeNumber } from './assert-whole-number';
import { exactInterval } from './exact-interval';
import { exactLowerBound } from './exact-lower-bound';
import { exactUpperBound } from './exact-upper-bound';
import { gallopingBlockSearch } from './galloping-block-search';
import { planCurveCounts } from './plan-curve-counts';
import type { LabelGoal, PlanAnswer } from './plan-labels';
import type { ClassCounts, Interval } from './types';
import { reasonNumber } from './reason-number';

/** One point of a proportion plan's projected curve: the exact interval after `additional` more trials. */
export interface ProportionPlanPoint extends Interval {
  additional: number;
}

/** The answer of `labelsForProportion` (its limit is `maxAdditional`). */
export interface ProportionPlan extends PlanAnswer<ClassCounts, Interval> {
  /** The accuracy assumed for new trials (the observed one when none was given), δ, and how far the search got. */
  accuracy: number;
  delta: number;
  maxAdditional: number;
  curve: ProportionPlanPoint[];
}

/** The most trials a proportion may have in a plan (current and projected), as the balanced planner's cap per class. */
const MAX_TOTAL = 10_000_000;
/** Block checks at most (each two exact bounds): as `planLabels`' work bound. */
const MAX_SEARCH_STEPS = 10_000;
const CURVE_STEPS = 160;

/**
 * How many more trials (labels of one class, or answers of one kind) before the exact central
 * (1 − δ) Clopper–Pearson interval of one proportion — recall, specificity, or precision/NPV given
 * the answers — has its lower bound at or above `target` (goal 'lower-bound') or is at most
 * `target` wide ('width'). New trials succeed at `accuracy` (default: the observed k₀/n₀): after m
 * more, k = k₀ + round(a·m) of n = n₀ + m, as `labelPlanModel` projects a class.
 *
 * Search, exact: blocks [m₁, m₂] of doubling size (halving after a block that may meet the goal).
 * Successes k and failures e = n − k only grow with m, and the lower bound (the δ/2 quantile of
 * Beta(k, e + 1)) rises with k and falls with e, the upper (1 − δ/2 of Beta(k + 1, e)) likewise, so
 * the bounds at (k(m₂), e(m₁)) and (k(m₁), e(m₂)) are the best any m of the block can do; a block is
 * skipped only when even these miss. A single count is evaluated with `exactInterval` itself. For a
 * lower-bound target the search stops as unreachable once the estimate's ceiling,
 * max((k₀ + ½ + a·m)/(n₀ + m), a), is at or below the target: the exact lower bound stays below the
 * estimate. The search stops ('beyond-limit') where n would pass 10⁷ or after 10,000 block checks.
 *
 * Reference: Clopper & Pearson (1934); the block argument is `planLabels`' for one class.
 * Domain: current whole counts with 0 ≤ correct ≤ total ≤ 10⁷ (total 0 needs `accuracy`); accuracy
 * in [0, 1] or undefined; 1e-300 ≤ δ < 1; goal 'lower-bound' or 'width'; target in (0, 1) for a
 * lower bound, (0, 1] for a width. Errors: RangeError naming `current`, `current.correct`,
 * `current.total`, `accuracy`, `delta`, `goal` or `target`, with the value.
 *
 * @example labelsForProportion({ correct: 38, total: 40 }, undefined, 0.05, 'lower-bound', 0.9).additional
 * // 87: recall 38/40 carried forward (121/127) has a 95% lower bound ≥ 90% after 87 more should-be-YES labels
 */
export function labelsForProportion(current: ClassCounts, accuracy: number | undefined, delta: number, goal: LabelGoal, target: number): ProportionPlan {
  assertObject(current, 'current', '{correct, total}');
  assertWholeNumber(current.correct, 'current.correct');
  assertWholeNumber(current.total, 'current.total');
  if (current.correct > current.total) throw new RangeError(`current.correct must be ≤ current.total (${current.total}), got ${current.correct}`);
  if (current.total > MAX_TOTAL) throw new RangeError(`current.total must be ≤ ${MAX_TOTAL} to plan, got ${current.total}`);
  if (accuracy !== undefined) assertProbability('accuracy', accuracy);
  else if (current.total === 0) throw new RangeError('accuracy is needed: there are no trials yet to take it from');
  assertDelta(delta);
  if (goal !== 'lower-bound' && goal !== 'width') throw new RangeError(`goal must be 'lower-bound' or 'width', got ${String(goal)}`);
  const targetOk = typeof target === 'number' && target > 0 && (goal === 'width' ? target <= 1 : target < 1);
  if (!targetOk) throw new RangeError(`target must be in ${goal === 'width' ? '(0, 1]' : '(0, 1)'}, got ${String(target)}`);

  const rate = accuracy ?? current.correct / current.total;
  const counts = (additional: number): ClassCounts => ({ correct: current.correct + Math.round(rate * additional), total: current.total + additional });
  const limit = MAX_TOTAL - current.total;
  const meets = (interval: Interval) => (goal === 'lower-bound' ? interval.lower >= target : interval.upper - interval.lower <= target);
  const intervalAt = (additional: number): Interval | null => {
    const { correct, total } = counts(additional);
    return total === 0 ? null : exactInterval(total, correct, delta);
  };
  const mayMeet = (first: number, last: number): boolean => {
    const start = counts(first);
    const end = counts(last);
    const lowerTotal = end.correct + (start.total - start.correct);
    const upperTotal = start.correct + (end.total - end.correct);
    const lower = lowerTotal === 0 ? 1 : exactLowerBound(lowerTotal, end.correct, delta / 2);
    const upper = upperTotal === 0 ? 0 : exactUpperBound(upperTotal, start.correct, delta / 2);
    return goal === 'lower-bound' ? lower >= target : upper - lower <= target;
  };
  const noneBeyond = (additional: number): boolean => {
    const total = current.total + additional;
    if (goal !== 'lower-bound' || total === 0) return false;
    return Math.max((current.correct + 0.5 + rate * additional) / total, rate) <= target;
  };

  const { first: answer, stoppedEarly, outOfWork, next } = gallopingBlockSearch(limit, MAX_SEARCH_STEPS, {
    meetsAt: (additional) => {
      const interval = intervalAt(additional);
      return interval !== null && meets(interval);
    },
    mayMeetIn: mayMeet,
    noneBeyond,
  });
  const searched = outOfWork ? Math.max(1, next - 1) : Math.max(1, limit);
  const curveEnd = answer !== null ? Math.min(Math.max(2 * answer, 10), limit) : Math.min(searched, Math.max(1000, 10 * current.total));
  const curve = projectedCurve(curveEnd, answer, intervalAt);
  const base = { goal, target, accuracy: rate, delta, maxAdditional: searched, curve };
  if (answer !== null) return { ...base, status: 'reached', additional: answer, at: { counts: counts(answer), interval: intervalAt(answer)! }, reason: null };
  const unreachable = stoppedEarly || (goal === 'lower-bound' && target >= rate);
  const reason = unreachable
    ? `Unreachable: at the assumed accuracy ${reasonNumber(rate)} the projected proportion tends to ${reasonNumber(rate)}, and an exact lower bound stays below the estimate, so no number of additional trials makes it reach ${reasonNumber(target)}.`
    : outOfWork
      ? `Not reached within ${searched} additional trials; the search stopped there after ${MAX_SEARCH_STEPS} checks (the projected interval hovers at the target, and every count has to be checked in turn).`
      : `Not reached within ${searched} additional trials; more would pass ${MAX_TOTAL} in all, the planner's cap.`;
  return { ...base, status: unreachable ? 'unreachable' : 'beyond-limit', additional: null, at: null, reason };
}

/** The exact interval at each of the curve's counts (see `planCurveCounts`); counts with no trials left out. */
function projectedCurve(end: number, answer: number | null, intervalAt: (additional: number) => Interval | null): ProportionPlanPoint[] {
  return planCurveCounts(end, CURVE_STEPS, answer).flatMap((additional) => {
    const interval = intervalAt(additional);
    return interval === null ? [] : [{ additional, ...interval }];
  });
}
