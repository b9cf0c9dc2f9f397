import { useEffect, useState } from 'react';
import { dealOutByClassSize, startWorkerJob, workersFor } from '../../data/workers';
import { runRankJob, type RankJob, type RankMessage, type RankVerdict } from './rank-compute';

/** With an exact search's bounds, a worker for every this many detectors at most (one per core). */
const DETECTORS_PER_WORKER = 100;

/**
 * Ranks in a Web Worker (1,000 detectors take ~40–100 ms of exact bounds and p-value searches by the
 * union bound, 50,000 seconds; Buehler's exact one-sided bounds ~1–10 ms a detector up to 10,000
 * labels per class, up to ~0.1 s at 10⁶, so those are shared out to a worker per core), so the page
 * never waits on it. Returns null until the job for `job` has posted, then its progress
 * (`kind: 'progress'`) until its answer.
 */
export function useRanking(job: RankJob | null): RankMessage | null {
  const [answer, setAnswer] = useState<{ job: RankJob; message: RankMessage } | null>(null);
  useEffect(() => {
    if (job === null) return undefined;
    const report = (message: RankMessage) => setAnswer({ job, message });
    if (job.against === 'target' && job.metric === undefined && job.method !== undefined && job.method !== 'union') return rankInParts(job, report);
    return startRankJob(job, report);
  }, [job]);
  return answer !== null && answer.job === job ? answer.message : null;
}

function startRankJob(job: RankJob, onMessage: (message: RankMessage) => void): () => void {
  return startWorkerJob<RankJob, RankMessage>({
    createWorker: () => new Worker(new URL('./rank.worker.ts', import.meta.url), { type: 'module' }),
    runHere: runRankJob,
    job,
    onMessage,
    isLast: (message) => message.kind !== 'progress',
    onError: (message) => onMessage({ kind: 'failed', message }),
  });
}

/** An exact search's bounds against a target, the detectors dealt out to a worker per core (each at δ/m of the whole family). */
function rankInParts(job: Extract<RankJob, { against: 'target' }>, report: (message: RankMessage) => void): () => void {
  const m = job.counts.length / 4;
  const parts = dealOutByClassSize(
    Array.from({ length: m }, (_, index) => index),
    workersFor(m, DETECTORS_PER_WORKER),
    (index) => [job.counts[4 * index + 1]!, job.counts[4 * index + 3]!],
  );
  const verdicts: (RankVerdict | null)[] = new Array<RankVerdict | null>(m).fill(null);
  const fractions = parts.map(() => 0);
  let finished = 0;
  let failed = false;
  const stops = parts.map((indices, part) =>
    startRankJob(
      { ...job, m, counts: new Float64Array(indices.flatMap((index) => Array.from(job.counts.subarray(4 * index, 4 * index + 4)))) },
      (message) => {
        if (failed) return;
        if (message.kind === 'failed') {
          failed = true;
          stops.forEach((stop) => stop());
          report(message);
          return;
        }
        if (message.kind === 'progress') {
          fractions[part] = message.fraction;
        } else {
          message.verdicts.forEach((verdict, at) => (verdicts[indices[at]!] = verdict));
          fractions[part] = 1;
          finished += 1;
        }
        if (finished === parts.length) report({ kind: 'done', verdicts, m });
        else report({ kind: 'progress', fraction: fractions.reduce((sum, fraction, at) => sum + fraction * parts[at]!.length, 0) / m });
      },
    ),
  );
  return () => stops.forEach((stop) => stop());
}
