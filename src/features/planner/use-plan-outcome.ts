import { useEffect, useRef, useState } from 'react';
import type { PlanLink } from '../../data/links';
import { startWorkerJob } from '../../data/workers';
import { runPlanJob, type MetricPlanOutcome, type PlanJob, type PlanMessage, type PlanOutcome } from './plan-answer';
import { sequentialInputsKey, type SequentialPlanOutcome } from './sequential-plan';

/** The search for one link: running (showing the last finished outcome, if any), done, or cancelled. */
export interface PlanSearch {
  status: 'searching' | 'ready' | 'cancelled';
  /** The outcome for the current link when ready; otherwise the last one found (may be undefined). */
  outcome: PlanOutcome | MetricPlanOutcome | undefined;
  elapsedMs?: number;
  cancel: () => void;
}

// Outcomes found on this page, by link: returning to earlier settings is instant.
const outcomeCache = new Map<string, PlanMessage>();
// Sequential plans found on this page, by their inputs: a change they do not read (the method) skips their DP.
const sequentialCache = new Map<string, SequentialPlanOutcome>();

/**
 * Runs the exact label search in a Web Worker, so that no setting (a tiny width target, a huge δ)
 * can hold the page; a new link cancels the search in flight, and `cancel` stops it by hand.
 */
export function usePlanOutcome(link: PlanLink): PlanSearch {
  const key = JSON.stringify(link);
  const [last, setLast] = useState<PlanMessage | undefined>(undefined);
  const [cancelledKey, setCancelledKey] = useState<string | null>(null);
  const stop = useRef<() => void>(() => {});
  useEffect(() => {
    if (outcomeCache.has(key)) return undefined;
    const sequentialKey = sequentialInputsKey(link);
    stop.current = startWorkerJob<PlanJob, PlanMessage>({
      createWorker: () => new Worker(new URL('./plan.worker.ts', import.meta.url), { type: 'module' }),
      runHere: runPlanJob,
      job: { link, knownSequential: sequentialCache.get(sequentialKey) },
      onMessage: (message) => {
        outcomeCache.set(key, message);
        if (message.outcome.ok && 'plan' in message.outcome && message.outcome.sequential) sequentialCache.set(sequentialKey, message.outcome.sequential);
        setLast(message);
      },
      isLast: () => true,
      onError: (message) => setLast({ outcome: { ok: false, message }, elapsedMs: 0 }),
    });
    return stop.current;
    // The key identifies the link.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const cancel = () => {
    stop.current();
    setCancelledKey(key);
  };
  const found = outcomeCache.get(key);
  if (found) return { status: 'ready', outcome: found.outcome, elapsedMs: found.elapsedMs, cancel };
  return { status: cancelledKey === key ? 'cancelled' : 'searching', outcome: last?.outcome, cancel };
}
