import type { PlanLink } from '../../data/plan-link';
import { labelsToClearLowerBound, labelsToReachWidth, type LabelPlan, type LabelPlanAssumptions } from '../../stats';

/** The planner's answer for a link, or the stats module's explanation of why there is none. */
export type PlanOutcome = { ok: true; plan: LabelPlan } | { ok: false; message: string };

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

/** Runs the exact label search for the link's goal (lower bound ≥ target, or width ≤ target). */
export function planOutcome(link: PlanLink): PlanOutcome {
  try {
    const assumptions = planAssumptions(link);
    const plan = link.goal === 'lower' ? labelsToClearLowerBound(assumptions, link.target) : labelsToReachWidth(assumptions, link.target);
    return { ok: true, plan };
  } catch (error) {
    // A RangeError here names an assumption that cannot hold (e.g. no labels and no assumed accuracy).
    if (error instanceof RangeError) return { ok: false, message: error.message };
    throw error;
  }
}

/** What the planner's worker reports: the outcome and how long the search took. */
export interface PlanMessage {
  outcome: PlanOutcome;
  elapsedMs: number;
}

/** One search, as the worker runs it. */
export function runPlanJob(link: PlanLink, post: (message: PlanMessage) => void): void {
  const started = performance.now();
  const outcome = planOutcome(link);
  post({ outcome, elapsedMs: performance.now() - started });
}
