import { useEffect, useState } from 'react';
import { startWorkerJob } from '../../data/workers';
import { runClassJob, type ClassJob, type ClassJobAnswer, type ClassJobMessage } from './class-job';

/**
 * A K-class detector's slow answer in a Web Worker: the label plan (`labelsForMacroRecall`: a target
 * close to the mean recall can take the search up to a second) or Buehler's macro recall interval
 * (up to ~1 s for four classes). Null while it is computed, or when there is no job; pass a memoised
 * job, since a new one restarts the worker.
 */
export function useClassJob<J extends ClassJob>(job: J | null): ClassJobAnswer<J> | null {
  const [answer, setAnswer] = useState<{ job: ClassJob; message: ClassJobMessage } | null>(null);
  useEffect(
    () =>
      job === null
        ? undefined
        : startWorkerJob<ClassJob, ClassJobMessage>({
            createWorker: () => new Worker(new URL('./class-job.worker.ts', import.meta.url), { type: 'module' }),
            runHere: runClassJob,
            job,
            onMessage: (message) => setAnswer({ job, message }),
            isLast: () => true,
            onError: (message) => setAnswer({ job, message: { kind: 'failed', message } }),
          }),
    [job],
  );
  // runClassJob answers a job of each kind with that kind (or 'failed').
  return answer !== null && answer.job === job ? (answer.message as ClassJobAnswer<J>) : null;
}
