import { useEffect, useMemo, useState } from 'react';
import { startWorkerJob } from '../../data/workers';
import type { PairedScoreInterval } from '../../stats';
import { type ClassTangoJob, type ClassTangoMessage, type CompareJob, type CompareMessage, needsWorker, type PairedBalancedJob, runClassTangoJob, runCompareJob, splitsByClass } from './compare-job';
import { pairedClassDelta, type ComparisonInput, type PairedMethod, type UnpairedMethod } from './compare-model';

/** What the page shows: the comparison (or the counts' problem), or that a worker is computing it. */
export type ComparisonState = CompareMessage | { kind: 'computing' };

/** The comparison's worker (Vite bundles it from this literal `new Worker(new URL(…))`). */
const createCompareWorker = () => new Worker(new URL('./compare.worker.ts', import.meta.url), { type: 'module' });

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
 * about 1 s a class at 1,000 pairs; a paired balanced comparison's two classes in two workers side by
 * side), Chan–Zhang's unpaired inversion (up to about 1.4 s at 1,000 examples) or Buehler's unpaired
 * search more than a few examples (up to ~240 ms), so the page never waits on it; null without input.
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
    // A worker that cannot start leaves the work to the page: slower, but the answer is the same.
    const onPage = () => runCompareJob(job, answered);
    if (splitsByClass(job)) return startClassWorkers(job, answered, onPage);
    return startWorkerJob<CompareJob, CompareMessage>({
      createWorker: createCompareWorker,
      runHere: runCompareJob,
      job,
      onMessage: answered,
      isLast: () => true,
      onError: onPage,
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

/**
 * A paired balanced comparison's two Tango classes (`splitsByClass`) in two workers side by side, each
 * at δ/2; once both are back, the comparison is put together on the page (quick) and `answered`.
 * A worker that fails leaves the whole comparison to `onPage`, once. Returns the cancel of both.
 */
function startClassWorkers(job: PairedBalancedJob, answered: (message: CompareMessage) => void, onPage: () => void): () => void {
  const found: { yes?: PairedScoreInterval; no?: PairedScoreInterval } = {};
  let cancels: (() => void)[] = [];
  let settled = false;
  const settle = (finish: () => void) => {
    if (settled) return;
    settled = true;
    cancels.forEach((cancel) => cancel());
    finish();
  };
  cancels = (['yes', 'no'] as const).map((side) =>
    startWorkerJob<ClassTangoJob, ClassTangoMessage>({
      createWorker: createCompareWorker,
      runHere: runClassTangoJob,
      job: { classTango: job.input.tables[side], delta: pairedClassDelta(job.delta) },
      isLast: () => true,
      onMessage: (message) => {
        if (message.kind === 'invalid') return settle(() => answered(message));
        found[side] = message.interval;
        const { yes, no } = found;
        if (yes && no) settle(() => runCompareJob(job, answered, { yes, no }));
      },
      onError: () => settle(onPage),
    }),
  );
  return () => {
    settled = true;
    cancels.forEach((cancel) => cancel());
  };
}
