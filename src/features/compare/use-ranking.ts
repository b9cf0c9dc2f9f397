import { useEffect, useState } from 'react';
import { startWorkerJob } from '../../data/worker-job';
import { runRankJob, type RankJob, type RankMessage } from './rank-compute';

/**
 * Ranks in a Web Worker (1,000 detectors take ~40–100 ms of exact bounds and p-value searches,
 * 50,000 seconds), so the page never waits on it. Returns null while the job for `job` runs.
 */
export function useRanking(job: RankJob | null): RankMessage | null {
  const [answer, setAnswer] = useState<{ job: RankJob; message: RankMessage } | null>(null);
  useEffect(() => {
    if (job === null) return undefined;
    return startWorkerJob<RankJob, RankMessage>({
      createWorker: () => new Worker(new URL('./rank.worker.ts', import.meta.url), { type: 'module' }),
      runHere: runRankJob,
      job,
      onMessage: (message) => setAnswer({ job, message }),
      isLast: () => true,
      onError: (message) => setAnswer({ job, message: { kind: 'failed', message } }),
    });
  }, [job]);
  return answer !== null && answer.job === job ? answer.message : null;
}
