import type { PlanLink } from '../../data/links';
import {
  labelsToClearLowerBound,
  labelsToReachWidth,
  projectBalancedInterval,
  type BalancedInterval,
  type LabelPlan,
  type LabelPlanAssumptions,
} from '../../stats';

import { invertedPlan, type BalancedPlan } from './inverted-plan';
import { F1_NOT_PLANNED, metricIntervalAt, metricPlan, type MetricPlan } from './metric-plan';
import { sequentialPlan, type SequentialPlanOutcome } from './sequential-plan';

/**
 * The planner's answer for a link (with where it relapses), or the stats module's explanation of why
 * there is none. With an interval computed by a search (Buehler's, the estimate-ordered inversion),
 * `plan` is its plan and `union` the union bound's for the same goal (what it would have needed);
 * with the union bound, `union` is null.
 */
export type PlanOutcome =
  | { ok: true; plan: BalancedPlan; relapse: Relapse | null; union: LabelPlan | null; sequential: SequentialPlanOutcome | null }
  | { ok: false; message: string };

/** A plan for a target on another metric than balanced accuracy (`metricPlanOutcome`). */
export type MetricPlanOutcome = { ok: true; metricPlan: MetricPlan; relapse: Relapse | null } | { ok: false; message: string };

/**
 * Where the projected interval misses the target again after the answer (whole counts make it
 * zig-zag): the first such count when `exact`, otherwise a count by which it has missed.
 */
export interface Relapse {
  additional: number;
  exact: boolean;
}

/** Counts checked one by one between two curve points; past this the first curve point that misses is reported. */
const MAX_RELAPSE_CHECKS = 2_000;

/** The link's settings as the planner's assumptions: unset accuracies and ratio mean "as observed". */
export function planAssumptions(link: PlanLink): LabelPlanAssumptions {
  return {
    current: { yes: link.yes, no: link.no },
    yesAccuracy: link.accuracyYes,
    noAccuracy: link.accuracyNo,
    yesShare: link.ratio ? link.ratio.yes / (link.ratio.yes + link.ratio.no) : undefined,
    delta: link.delta,
  };
}

/** The link's plan: for its `metric` when it names one (`metricPlanOutcome`), for balanced accuracy otherwise (`planOutcome`). */
export function planAnswer(link: PlanLink, knownSequential?: SequentialPlanOutcome): PlanOutcome | MetricPlanOutcome {
  return link.metric === undefined || link.metric === 'balanced' ? planOutcome(link, knownSequential) : metricPlanOutcome(link);
}

/**
 * The exact search for the link's goal on its `metric`: one proportion's Clopper–Pearson interval
 * (recall, specificity; precision and NPV given the answers). F1 is not planned, and says why.
 */
export function metricPlanOutcome(link: PlanLink): MetricPlanOutcome {
  if (link.metric === undefined || link.metric === 'balanced') throw new Error('metricPlanOutcome needs a metric other than balanced accuracy');
  if (link.metric === 'f1') return { ok: false, message: F1_NOT_PLANNED };
  try {
    const planned = metricPlan(link, link.metric);
    if (typeof planned === 'string') return { ok: false, message: planned };
    const { plan } = planned;
    return { ok: true, metricPlan: planned, relapse: relapseAfter(plan.curve, plan.additional, link, (additional) => metricIntervalAt(planned, additional)) };
  } catch (error) {
    // A RangeError names an assumption that cannot hold.
    if (error instanceof RangeError) return { ok: false, message: error.message };
    throw error;
  }
}

/**
 * Runs the exact label search for the link's goal (lower bound ≥ target, or width ≤ target), for the
 * link's balanced interval (`balanced`, resolved by the caller; absent: the union bound). A
 * `knownSequential` (found for a link of the same `sequentialInputsKey`) is the sequential plan.
 */
export function planOutcome(link: PlanLink, knownSequential?: SequentialPlanOutcome): PlanOutcome {
  const missing = missingAssumption(link);
  if (missing !== null) return { ok: false, message: missing };
  try {
    const assumptions = planAssumptions(link);
    const plan = link.goal === 'lower' ? labelsToClearLowerBound(assumptions, link.target) : labelsToReachWidth(assumptions, link.target);
    // The anytime-valid sequential plan answers a lower-bound goal only (a width goal has no clearing moment).
    const sequential = link.goal === 'lower' ? (knownSequential ?? sequentialPlan(link, plan.assumptions)) : null;
    if (link.balanced === 'inversion' || link.balanced === 'buehler') {
      const inverted = invertedPlan(assumptions, plan.goal, link.target, plan, link.balanced);
      const relapse = inverted.relapseAt === undefined ? null : { additional: inverted.relapseAt, exact: true };
      return { ok: true, plan: inverted, relapse, union: plan, sequential };
    }
    return { ok: true, plan, relapse: firstRelapse(plan, link, assumptions), union: null, sequential };
  } catch (error) {
    // A RangeError here names an assumption that cannot hold (e.g. no labels and no assumed accuracy).
    if (error instanceof RangeError) return { ok: false, message: error.message };
    throw error;
  }
}

/** What the planner must be told that the labels cannot say, named as the form names it; null when nothing is missing. */
function missingAssumption(link: PlanLink): string | null {
  const missing = (field: string, labels: string) => `enter the “${field}”: there are no ${labels} yet to take it from`;
  if (link.accuracyYes === undefined && link.yes.total === 0) return missing('Accuracy on should-be-YES', 'should-be-YES labels');
  if (link.accuracyNo === undefined && link.no.total === 0) return missing('Accuracy on should-be-NO', 'should-be-NO labels');
  if (link.ratio === undefined && link.yes.total + link.no.total === 0) return missing('YES:NO ratio of new labels', 'labels');
  return null;
}

/** Whether a projected interval meets the link's goal, as the planner decides it. */
export function meetsGoal(interval: Pick<BalancedInterval, 'lower' | 'upper'>, link: PlanLink): boolean {
  return link.goal === 'lower' ? interval.lower >= link.target : interval.upper - interval.lower <= link.target;
}

/**
 * The first count after the answer where the target is missed again: the curve shows the first
 * curve point that misses; every count between the last curve point that meets and it is checked.
 */
export function firstRelapse(plan: LabelPlan, link: PlanLink, assumptions: LabelPlanAssumptions): Relapse | null {
  return relapseAfter(plan.curve, plan.additional, link, (additional) => projectBalancedInterval(assumptions, additional).interval);
}

/** `firstRelapse` for any projected curve, with `intervalAt` the interval the search evaluates at a count. */
function relapseAfter(
  curve: readonly { additional: number; lower: number; upper: number }[],
  answer: number | null,
  link: PlanLink,
  intervalAt: (additional: number) => Pick<BalancedInterval, 'lower' | 'upper'> | null,
): Relapse | null {
  if (answer === null) return null;
  const after = curve.filter((point) => point.additional >= answer);
  const missIndex = after.findIndex((point) => !meetsGoal(point, link));
  if (missIndex <= 0) return null;
  const miss = after[missIndex]!.additional;
  const from = after[missIndex - 1]!.additional + 1;
  if (miss - from > MAX_RELAPSE_CHECKS) return { additional: miss, exact: false };
  for (let additional = from; additional < miss; additional++) {
    const interval = intervalAt(additional);
    if (interval && !meetsGoal(interval, link)) return { additional, exact: true };
  }
  return { additional: miss, exact: true };
}

/** What the planner's worker reports: the outcome and how long the search took. */
export interface PlanMessage {
  outcome: PlanOutcome | MetricPlanOutcome;
  elapsedMs: number;
}

/** One search: the link, and its sequential plan when the page already has it. */
export interface PlanJob {
  link: PlanLink;
  knownSequential: SequentialPlanOutcome | undefined;
}

/** One search, as the worker runs it. */
export function runPlanJob({ link, knownSequential }: PlanJob, post: (message: PlanMessage) => void): void {
  const started = performance.now();
  const outcome = planAnswer(link, knownSequential);
  post({ outcome, elapsedMs: performance.now() - started });
}
