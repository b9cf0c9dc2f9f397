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

export const needKey = (need: BalancedNeed) => `${need.yes.correct}/${need.yes.total},${need.no.correct}/${need.no.total},${need.delta}`;

/** The worker's side: every interval of its share, as [estimate, lower, upper] triples. */
export function runBalancedJob(job: BalancedJob): Float64Array {
  const out = new Float64Array(job.needs.length * 3);
  job.needs.forEach((need, index) => {
    const interval = balancedIntervalBy(job.method, need.yes, need.no, need.delta);
    out.set([interval.estimate, interval.lower, interval.upper], index * 3);
  });
  return out;
}

/**
 * Computes the expensive balanced intervals of the needs in worker threads, when there are enough to
 * be worth it, into the dashboard's interval cache (`rememberExpensiveInterval`), where
 * `computeIntervals` and the CSV export find them; with few, nothing (they are computed as needed).
 */
export async function balancedInParallel(needs: readonly BalancedNeed[], method: BalancedMethod, script: URL | null): Promise<void> {
  const unique = new Map<string, BalancedNeed>();
  for (const need of needs) {
    if (need.yes.total > 0 && need.no.total > 0 && effectiveMethod(method, need.yes, need.no) !== 'union') unique.set(needKey(need), need);
  }
  const threads = Math.min(availableParallelism(), Math.ceil(unique.size / PARALLEL_FROM));
  if (script === null || threads < 2 || method === 'union') return;
  // Dealt out by class size, as the dashboard's: each size's table of exact bounds made in one thread.
  const shares = dealOutByClassSize([...unique.values()], threads, ({ yes, no }) => [yes.total, no.total]);
  await Promise.all(
    shares.map(
      (share) =>
        new Promise<void>((resolve, reject) => {
          const worker = new Worker(script, { workerData: { tailboundBalancedJob: true, method, needs: share } satisfies BalancedJob });
          worker.once('message', (result: Float64Array) => {
            share.forEach((need, index) => {
              const interval: Interval = { estimate: result[index * 3]!, lower: result[index * 3 + 1]!, upper: result[index * 3 + 2]! };
              rememberExpensiveInterval(method, need.yes, need.no, need.delta, interval);
            });
            void worker.terminate();
            resolve();
          });
          worker.once('error', reject);
        }),
    ),
  );
}
