import { useEffect, useMemo, useState } from 'react';
import { labelsForMacroRecall, type MacroRecallPlan } from '../../stats';
import { startWorkerJob } from '../../data/workers';

/** What the K-class label plan's worker is asked. */
export interface ClassPlanJob {
  matrix: number[][];
  delta: number;
  target: number;
}

/** Its answer: the plan, or why it cannot be made (a class past the planner's cap). */
export type ClassPlanMessage = { kind: 'plan'; plan: MacroRecallPlan } | { kind: 'failed'; message: string };

export function runClassPlanJob(job: ClassPlanJob, post: (message: ClassPlanMessage) => void): void {
  try {
    post({ kind: 'plan', plan: labelsForMacroRecall(job.matrix, job.delta, job.target) });
  } catch (error) {
    post({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}

/**
 * The label plan of a K-class detector (`labelsForMacroRecall`), in a Web Worker: a target close to
 * the mean recall can take the search up to a second. Null while it is computed.
 */
export function useClassPlan(matrix: number[][], delta: number, target: number): ClassPlanMessage | null {
  const [answer, setAnswer] = useState<{ job: ClassPlanJob; message: ClassPlanMessage } | null>(null);
  const job = useMemo<ClassPlanJob>(() => ({ matrix, delta, target }), [matrix, delta, target]);
  useEffect(
    () =>
      startWorkerJob<ClassPlanJob, ClassPlanMessage>({
        createWorker: () => new Worker(new URL('./class-plan.worker.ts', import.meta.url), { type: 'module' }),
        runHere: runClassPlanJob,
        job,
        onMessage: (message) => setAnswer({ job, message }),
        isLast: () => true,
        onError: (message) => setAnswer({ job, message: { kind: 'failed', message } }),
      }),
    [job],
  );
  return answer?.job === job ? answer.message : null;
}
