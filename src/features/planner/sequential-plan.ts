import { DEFAULT_PLAN_BATCH, DEFAULT_PLAN_HORIZON, type PlanLink } from '../../data/links';
import { sequentialStopDistribution, type SequentialStopDistribution } from '../../stats';

/** The stopping quantile the page states ("90% stop by …"). */
export const SEQUENTIAL_LEVEL = 0.9;

/**
 * "Label in batches and stop as soon as the anytime-valid balanced lower bound clears the target":
 * the batch's split, the horizon and the exact stopping distribution under the fixed plan's assumptions.
 */
export interface SequentialPlan {
  /** Labels per batch, by class: YES = round(B · share), NO the rest. */
  batch: { yes: number; no: number };
  batches: number;
  /** batches × B: the most new labels the plan spends. */
  horizonLabels: number;
  accuracy: { yes: number; no: number };
  yesShare: number;
  distribution: SequentialStopDistribution;
  elapsedMs: number;
}

export type SequentialPlanOutcome = { ok: true; plan: SequentialPlan } | { ok: false; message: string };

/**
 * What the link's sequential plan depends on, as a key: its counts, assumptions, target, δ, batch and
 * horizon (not the balanced interval's method, nor anything else the fixed-n plan reads). Links with
 * one key share one sequential plan, so the page need not run its DP (~0.6 s) again.
 */
export function sequentialInputsKey(link: PlanLink): string {
  const { yes, no, accuracyYes, accuracyNo, ratio, target, delta } = link;
  return JSON.stringify({ yes, no, accuracyYes, accuracyNo, ratio, target, delta, batch: link.batch ?? DEFAULT_PLAN_BATCH, horizon: link.horizon ?? DEFAULT_PLAN_HORIZON });
}

/**
 * The link's sequential plan, for the accuracies and YES share the fixed-n plan resolved (assumed, or
 * as observed): `batch=` labels a batch split by the share, `horizon=` rounded up to whole batches.
 */
export function sequentialPlan(link: PlanLink, resolved: { yesAccuracy: number; noAccuracy: number; yesShare: number }): SequentialPlanOutcome {
  const size = link.batch ?? DEFAULT_PLAN_BATCH;
  const batches = Math.ceil((link.horizon ?? DEFAULT_PLAN_HORIZON) / size);
  const yes = Math.round(size * resolved.yesShare);
  const batch = { yes, no: size - yes };
  const accuracy = { yes: resolved.yesAccuracy, no: resolved.noAccuracy };
  const started = performance.now();
  try {
    const distribution = sequentialStopDistribution({ current: { yes: link.yes, no: link.no }, accuracy, batch, batches, target: link.target, delta: link.delta, level: SEQUENTIAL_LEVEL });
    const plan = { batch, batches, horizonLabels: batches * size, accuracy, yesShare: resolved.yesShare, distribution, elapsedMs: performance.now() - started };
    return { ok: true, plan };
  } catch (error) {
    // A RangeError names what cannot hold (e.g. a batch with no YES label and none in hand).
    if (error instanceof RangeError) return { ok: false, message: error.message };
    throw error;
  }
}
