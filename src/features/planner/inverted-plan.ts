import { balancedIntervalBy, type BalancedMethod } from '../../data/methods';
import { planCurveCounts, projectBalancedInterval, type Interval, type LabelPlan, type LabelPlanAssumptions, type LabelPlanPoint, type ProjectedCounts } from '../../stats';
import { formatWholeCount } from '../../data/format';

/** The exact balanced intervals computed by a search, planned here (the union bound has its own planner in stats). */
export type SearchedMethod = Exclude<BalancedMethod, 'union'>;

/** How the planner's sentences name each searched interval. */
export const SEARCHED_NAMES: Record<SearchedMethod, string> = {
  buehler: 'the Buehler interval',
  inversion: 'the estimate-ordered test inversion',
};

/** A plan whose intervals may be any exact balanced interval (the union bound's plans are one kind). */
export type BalancedPlan = Omit<LabelPlan, 'at'> & {
  at: { counts: ProjectedCounts; interval: Interval } | null;
  /** The searched interval's answer: every count from here up to it was checked (0: it is the smallest there is). */
  checkedFrom?: number;
  /** The first count past the answer, among those checked, that misses the goal again (whole counts zig-zag). */
  relapseAt?: number;
};

/**
 * The searched intervals are planned up to this many labels per class: the plan evaluates the
 * interval ~50 times, each up to ~0.02 s near 10⁵ labels per class at δ = 0.05, ~0.05 s at 0.01
 * (the estimate-ordered inversion; Buehler's aims at ≤ 0.02 s median there; `npm run bench`).
 */
export const INVERTED_PLAN_MAX_CLASS = 100_000;
/** Points of the projected curve (each one inverted interval). */
const CURVE_POINTS = 40;
/**
 * Counts checked one by one below the bisection's answer: whole counts make the projected bound
 * zig-zag, so a smaller count can meet the goal (38/40, 55/60 to a 90% lower bound: bisection found
 * 206, and 168 meets it). Each check is one inverted interval, ~1 ms at hundreds of labels per class
 * and tens of ms near 10⁵: SCAN_WORK / (labels in the larger class) checks, at most SCAN_CHECKS.
 */
const SCAN_CHECKS = 400;
const SCAN_WORK = 2_000_000;

/**
 * The label plan for an exact balanced interval computed by a search (`method`: Buehler's or the
 * estimate-ordered test inversion), beside the union bound's `unionPlan` for the same assumptions and
 * goal: the smallest number of additional labels M whose projected interval meets the goal.
 * Doubling from 0 and bisecting finds a crossing (M meets it, M − 1 does not); whole counts make the
 * projected bound zig-zag, so up to SCAN_CHECKS counts below the crossing (all of them, for a plan of
 * a few hundred labels) are checked one by one and the first that meets the goal is the answer
 * (`checkedFrom` says from where every count was checked), with the first miss after it as a relapse.
 * Buehler's interval lies inside the union bound's at every count, so the union bound's answer meets
 * its goal too: the doubling stops there, and its answer is never more labels than the union bound's.
 */
export function invertedPlan(
  assumptions: LabelPlanAssumptions,
  goal: LabelPlan['goal'],
  target: number,
  unionPlan: LabelPlan,
  method: SearchedMethod = 'inversion',
): BalancedPlan {
  const delta = unionPlan.assumptions.delta;
  const cache = new Map<number, { counts: ProjectedCounts; interval: Interval | null }>();
  const at = (additional: number) => {
    let found = cache.get(additional);
    if (!found) {
      const { counts } = projectBalancedInterval(assumptions, additional);
      const interval = counts.yes.total > 0 && counts.no.total > 0 ? balancedIntervalBy(method, counts.yes, counts.no, delta) : null;
      cache.set(additional, (found = { counts, interval }));
    }
    return found;
  };
  const meets = (additional: number) => {
    const { interval } = at(additional);
    if (!interval) return false;
    return goal === 'lower-bound' ? interval.lower >= target : interval.upper - interval.lower <= target;
  };
  const withinCap = (additional: number) => {
    const { counts } = projectBalancedInterval(assumptions, additional);
    return Math.max(counts.yes.total, counts.no.total) <= INVERTED_PLAN_MAX_CLASS;
  };
  const base = { goal, target, assumptions: unionPlan.assumptions };
  if (unionPlan.status === 'unreachable') return { ...base, status: 'unreachable', additional: null, at: null, reason: unionPlan.reason, curve: [] };

  const limit = unionPlan.assumptions.maxAdditionalLabels;
  if (!withinCap(0)) {
    // Already past the cap: the counts in hand are still checked (one interval), more are not.
    if (meets(0)) {
      const answer = at(0);
      return { ...base, status: 'reached', additional: 0, at: { counts: answer.counts, interval: answer.interval! }, reason: null, curve: curve(at, () => true, 0, 0) };
    }
    const reason = `A class already has more than ${formatWholeCount(INVERTED_PLAN_MAX_CLASS)} labels, where planning with ${SEARCHED_NAMES[method]} stops (each check is an exact search): the union bound's plan is the one to follow.`;
    return { ...base, status: 'beyond-limit', additional: null, at: null, reason, curve: [] };
  }
  let miss = -1;
  let found: number | null = null;
  // A count known to meet the goal (Buehler's: the union bound's answer) caps the doubling; should
  // it miss after all (a certified bound a hair inside the exact one), the doubling goes on past it.
  let cap = method === 'buehler' && unionPlan.status === 'reached' && unionPlan.additional !== null ? unionPlan.additional : Infinity;
  for (let additional = 0; ; additional = additional === 0 ? 1 : additional * 2) {
    let probe = Math.min(additional, limit, cap);
    if (!withinCap(probe)) {
      // The last count within the cap is checked too, not only the doublings before it.
      const [inside] = bisect(miss, probe, (additional) => !withinCap(additional));
      if (inside <= miss) break;
      probe = inside;
      if (meets(probe)) found = probe;
      else miss = probe;
      break;
    }
    if (meets(probe)) {
      found = probe;
      break;
    }
    miss = probe;
    if (probe === cap) {
      cap = Infinity;
      additional = Math.max(additional, probe);
    }
    if (probe === limit) break;
  }
  if (found === null) {
    const reason =
      miss >= limit
        ? `Not reached within ${limit} additional labels.`
        : `Not reached before a class passes ${formatWholeCount(INVERTED_PLAN_MAX_CLASS)} labels, where planning with ${SEARCHED_NAMES[method]} stops (each check is an exact search).`;
    return { ...base, status: 'beyond-limit', additional: null, at: null, reason, curve: curve(at, withinCap, Math.max(miss, 1), null) };
  }
  const [, crossing] = bisect(miss, found, meets);
  // Every count below the crossing, as far as the budget goes (all of them from 0 for a few hundred),
  // from the lowest up: the first that meets the goal is the answer, and the first miss after it a relapse.
  const { counts: atCrossing } = at(crossing);
  const checks = Math.min(SCAN_CHECKS, Math.floor(SCAN_WORK / Math.max(atCrossing.yes.total, atCrossing.no.total, 1)));
  const checkedFrom = Math.max(0, crossing - checks);
  let hit = crossing;
  for (let additional = checkedFrom; additional < crossing; additional++) {
    if (meets(additional)) {
      hit = additional;
      break;
    }
  }
  let relapseAt: number | undefined;
  for (let additional = hit + 1; additional <= crossing; additional++) {
    if (!meets(additional)) {
      relapseAt = additional;
      break;
    }
  }
  const answer = at(hit);
  return {
    ...base,
    status: 'reached',
    additional: hit,
    at: { counts: answer.counts, interval: answer.interval! },
    reason: null,
    curve: curve(at, withinCap, Math.max(2 * crossing, 10), hit),
    checkedFrom,
    relapseAt,
  };
}

/** Narrows low < high, where `atHigh` holds at high and not at low, to neighbours: [the last where it fails, the first where it holds]. */
function bisect(low: number, high: number, atHigh: (additional: number) => boolean): [number, number] {
  while (high - low > 1) {
    const middle = low + Math.floor((high - low) / 2);
    if (atHigh(middle)) high = middle;
    else low = middle;
  }
  return [low, high];
}

/** The interval at each of the curve's counts (`planCurveCounts`) within the cap. */
function curve(
  at: (additional: number) => { counts: ProjectedCounts; interval: Interval | null },
  withinCap: (additional: number) => boolean,
  end: number,
  answer: number | null,
): LabelPlanPoint[] {
  return planCurveCounts(end, CURVE_POINTS, answer)
    .filter(withinCap)
    .map(at)
    .filter((point) => point.interval !== null)
    .map(({ counts, interval }) => ({
      additional: counts.additional,
      additionalYes: counts.additionalYes,
      additionalNo: counts.additionalNo,
      estimate: interval!.estimate,
      lower: interval!.lower,
      upper: interval!.upper,
    }));
}
