import type { ClassCounts, Interval } from '../stats';
import { balancedIntervalBy, balancedIsQuick, effectiveMethod, type BalancedMethod } from './balanced-method';
import { runInversionJob, type InversionJob, type InversionMessage } from './inversion-job';
import { startWorkerJob } from './worker-job';

/**
 * The balanced interval by either method, for views that must not wait: the union bound and small
 * counts are computed on the spot; the inverted interval of large counts (up to seconds at 10⁶ per
 * class) is queued to a Web Worker and reported as 'pending' until it arrives. Results are cached by
 * (counts, δ); views re-render on arrival through `subscribeBalanced` / `balancedVersion`.
 */
const results = new Map<string, Interval>();
/** Oldest entries are dropped past this many (a workspace of 50,000 detectors at two δ fits). */
const MAX_RESULTS = 200_000;
const queued = new Map<string, [number, number, number, number, number]>();
const listeners = new Set<() => void>();
let version = 0;
let running = false;

function key(yes: ClassCounts, no: ClassCounts, delta: number): string {
  return `${yes.correct}/${yes.total},${no.correct}/${no.total},${delta}`;
}

/** The interval now, 'pending' while a worker computes it, null when a class has no examples. */
export function balancedNow(method: BalancedMethod, yes: ClassCounts, no: ClassCounts, delta: number): Interval | null | 'pending' {
  if (yes.total === 0 || no.total === 0) return null;
  if (effectiveMethod(method, yes, no) === 'union') return balancedIntervalBy('union', yes, no, delta);
  const id = key(yes, no, delta);
  const known = results.get(id);
  if (known) return known;
  if (balancedIsQuick(method, yes, no)) {
    const interval = balancedIntervalBy(method, yes, no, delta);
    remember(id, interval);
    return interval;
  }
  if (!queued.has(id)) {
    queued.set(id, [yes.correct, yes.total, no.correct, no.total, delta]);
    queueMicrotask(startNextJob);
  }
  return 'pending';
}

/** The inverted interval if it is known already (no computing, no queueing). */
export function knownInversion(yes: ClassCounts, no: ClassCounts, delta: number): Interval | undefined {
  return results.get(key(yes, no, delta));
}

/** Records inverted intervals computed elsewhere (the list's bulk worker). */
export function rememberInversion(yes: ClassCounts, no: ClassCounts, delta: number, interval: Interval): void {
  remember(key(yes, no, delta), interval);
}

export function subscribeBalanced(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Grows whenever worker results arrive (the snapshot for useSyncExternalStore). */
export function balancedVersion(): number {
  return version;
}

function remember(id: string, interval: Interval): void {
  if (results.size >= MAX_RESULTS) results.delete(results.keys().next().value!);
  results.set(id, interval);
}

function startNextJob(): void {
  if (running || queued.size === 0) return;
  running = true;
  const ids = [...queued.keys()];
  const counts = new Float64Array(ids.flatMap((id) => queued.get(id)!));
  queued.clear();
  startWorkerJob<InversionJob, InversionMessage>({
    createWorker: () => new Worker(new URL('./inversion.worker.ts', import.meta.url), { type: 'module' }),
    runHere: runInversionJob,
    job: { counts },
    onMessage: (message) => {
      message.indices.forEach((index, at) => {
        remember(ids[index]!, { estimate: message.values[3 * at]!, lower: message.values[3 * at + 1]!, upper: message.values[3 * at + 2]! });
      });
      version++;
      listeners.forEach((listener) => listener());
      if (message.done) {
        running = false;
        startNextJob();
      }
    },
    onError: () => {
      running = false;
    },
  });
}
