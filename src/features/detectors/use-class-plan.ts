import { useEffect, useMemo, useState } from 'react';
import { startWorkerJob } from '../../data/workers';
import { runClassPlanJob, type ClassPlanJob, type ClassPlanMessage } from './class-plan-job';

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
