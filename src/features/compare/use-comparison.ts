import { useEffect, useMemo, useState } from 'react';
import { startWorkerJob } from '../../data/workers';
import { type CompareJob, type CompareMessage, needsWorker, runCompareJob } from './compare-job';
import type { ComparisonInput, PairedMethod, UnpairedMethod } from './compare-model';

/** What the page shows: the comparison (or the counts' problem), or that a worker is computing it. */
export type ComparisonState = CompareMessage | { kind: 'computing' };

/** Answers kept for going back to an earlier δ or method at once (a comparison is a few kB). */
const REMEMBERED = 64;
const remembered = new Map<string, CompareMessage>();

function remember(key: string, message: CompareMessage): void {
  remembered.delete(key);
  remembered.set(key, message);
  if (remembered.size > REMEMBERED) remembered.delete(remembered.keys().next().value!);
}

/**
 * The comparison of `input` at δ by `pairedMethod` and `unpairedMethod`: computed during the render
 * when quick, in a Web Worker when Tango's exact inversion has more than a few pairs a class (up to
 * about 1 s a class at 500 pairs), Chan–Zhang's unpaired inversion (up to
 * about 1.4 s at 1,000 examples) or Buehler's unpaired search more
 * than a few examples (up to ~240 ms), so the page
 * never waits on it; null without input.
 */
export function useComparison(input: ComparisonInput | null, delta: number, pairedMethod: PairedMethod, unpairedMethod: UnpairedMethod | undefined): ComparisonState | null {
  const job = useMemo<CompareJob | null>(() => (input ? { input, delta, pairedMethod, ...(unpairedMethod ? { unpairedMethod } : {}) } : null), [input, delta, pairedMethod, unpairedMethod]);
  const key = useMemo(() => (job ? JSON.stringify(job) : ''), [job]);
  const offPage = job !== null && needsWorker(job.input, job.pairedMethod, job.unpairedMethod) && !remembered.has(key);
  const here = useMemo(() => {
    if (job === null || offPage) return null;
    const known = remembered.get(key);
    if (known) return known;
    let answer: CompareMessage | null = null;
    runCompareJob(job, (message) => (answer = message));
    return answer;
  }, [job, key, offPage]);
  const [answer, setAnswer] = useState<{ key: string; message: CompareMessage } | null>(null);
  useEffect(() => {
    if (job === null || !offPage) return undefined;
    return startWorkerJob<CompareJob, CompareMessage>({
      createWorker: () => new Worker(new URL('./compare.worker.ts', import.meta.url), { type: 'module' }),
      runHere: runCompareJob,
      job,
      onMessage: answered,
      isLast: () => true,
      // A worker that cannot start leaves the work to the page: slower, but the answer is the same.
      onError: () => runCompareJob(job, answered),
    });
    function answered(message: CompareMessage) {
      remember(key, message);
      setAnswer({ key, message });
    }
  }, [job, key, offPage]);
  if (job === null) return null;
  if (here) return here;
  return answer?.key === key ? answer.message : { kind: 'computing' };
}
