import { useEffect, useState } from 'react';
import { startWorkerJob } from '../../data/worker-job';
import { runRankJob, type RankJob, type RankMessage } from './rank-compute';

/**
 * Ranks in a Web Worker (1,000 detectors take ~40–100 ms of exact bounds and p-value searches,
 * 50,000 seconds; by Buehler's exact one-sided bounds ~1–2 ms a detector up to 1,000 labels per class,
 * up to ~0.1 s at 10⁶), so the page never waits on it. Returns null until the job for `job` has
 * posted, then its progress (`kind: 'progress'`) until its answer.
 */
export function useRanking(job: RankJob | null): RankMessage | null {
  const [answer, setAnswer] = useState<{ job: RankJob; message: RankMessage } | null>(null);
  // While the exact searches' bounds are computed the worker reports progress (the last message is the answer).
  useEffect(() => {
    if (job === null) return undefined;
    return startWorkerJob<RankJob, RankMessage>({
      createWorker: () => new Worker(new URL('./rank.worker.ts', import.meta.url), { type: 'module' }),
      runHere: runRankJob,
      job,
      onMessage: (message) => setAnswer({ job, message }),
      isLast: (message) => message.kind !== 'progress',
      onError: (message) => setAnswer({ job, message: { kind: 'failed', message } }),
    });
  }, [job]);
  return answer !== null && answer.job === job ? answer.message : null;
}
