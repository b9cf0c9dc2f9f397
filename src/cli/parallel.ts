/**
 * The expensive balanced intervals (Buehler's, the estimate-ordered inversion: certified searches,
 * milliseconds each) of many detectors, shared out to worker threads, one per core — as the
 * dashboard shares them out to Web Workers. Each interval is the dashboard's `balancedIntervalBy`,
 * bit for bit whichever thread computes it. The workers run this same bundled file (lib/cli.js).
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ClassCounts, Interval } from '../stats';
import { balancedIntervalBy, dealOutByClassSize, effectiveMethod, rememberExpensiveInterval, type BalancedMethod } from './dashboard';
import type { Progress } from './progress';

export interface BalancedNeed {
  yes: ClassCounts;
  no: ClassCounts;
  delta: number;
}

/** What a worker thread is sent: its share of the needs. */
export interface BalancedJob {
  tailboundBalancedJob: true;
  method: BalancedMethod;
  needs: BalancedNeed[];
}

/** Below this many searches one thread is quicker than starting others. */
const PARALLEL_FROM = 48;
/** A worker reports how many intervals it has done after every this many (a message is microseconds; an interval about a millisecond). */
const REPORT_EVERY = 25;

/** What a worker thread posts: its progress (`done` of its share), then its share's intervals. */
export type BalancedJobMessage = { done: number } | Float64Array;

/** The progress line's words for each expensive method. */
const METHOD_NAMES: Record<Exclude<BalancedMethod, 'union'>, string> = { buehler: 'Buehler’s', inversion: 'the test inversion’s' };

export const needKey = (need: BalancedNeed) => `${need.yes.correct}/${need.yes.total},${need.no.correct}/${need.no.total},${need.delta}`;

/**
 * The worker's side: every interval of its share, as [estimate, lower, upper] triples; `report` is
 * told how many are done after every REPORT_EVERY.
 */
export function runBalancedJob(job: BalancedJob, report: (done: number) => void): Float64Array {
  const out = new Float64Array(job.needs.length * 3);
  job.needs.forEach((need, index) => {
    const interval = balancedIntervalBy(job.method, need.yes, need.no, need.delta);
    out.set([interval.estimate, interval.lower, interval.upper], index * 3);
    if ((index + 1) % REPORT_EVERY === 0) report(index + 1);
  });
  return out;
}

/**
 * Computes the expensive balanced intervals of the needs in worker threads, when there are enough to
 * be worth it, into the dashboard's interval cache (`rememberExpensiveInterval`), where
 * `computeIntervals` and the CSV export find them; with few, nothing (they are computed as needed).
 * Past a second, `progress` shows the share of them done.
 */
export async function balancedInParallel(needs: readonly BalancedNeed[], method: BalancedMethod, script: URL | null, progress: Progress): Promise<void> {
  const unique = new Map<string, BalancedNeed>();
  for (const need of needs) {
    if (need.yes.total > 0 && need.no.total > 0 && effectiveMethod(method, need.yes, need.no) !== 'union') unique.set(needKey(need), need);
  }
  const threads = Math.min(availableParallelism(), Math.ceil(unique.size / PARALLEL_FROM));
  if (script === null || threads < 2 || method === 'union') return;
  // Dealt out by class size, as the dashboard's: each size's table of exact bounds made in one thread.
  const shares = dealOutByClassSize([...unique.values()], threads, ({ yes, no }) => [yes.total, no.total]);
  const done = shares.map(() => 0);
  const task = progress.task(`Computing ${METHOD_NAMES[method]} balanced intervals`, () => done.reduce((sum, count) => sum + count, 0) / unique.size);
  try {
    await Promise.all(
      shares.map(
        (share, part) =>
          new Promise<void>((resolve, reject) => {
            const worker = new Worker(script, { workerData: { tailboundBalancedJob: true, method, needs: share } satisfies BalancedJob });
            worker.on('message', (message: BalancedJobMessage) => {
              if (!(message instanceof Float64Array)) {
                done[part] = message.done;
                return;
              }
              share.forEach((need, index) => {
                const interval: Interval = { estimate: message[index * 3]!, lower: message[index * 3 + 1]!, upper: message[index * 3 + 2]! };
                rememberExpensiveInterval(method, need.yes, need.no, need.delta, interval);
              });
              done[part] = share.length;
              void worker.terminate();
              resolve();
            });
            worker.once('error', reject);
          }),
      ),
    );
  } finally {
    task.done();
  }
}
