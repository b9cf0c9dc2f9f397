import type { ClassCounts, Interval } from '../stats';
import { balancedIntervalBy, balancedIsQuick, effectiveMethod, type BalancedMethod } from './balanced-method';
import { runInversionJob, type InversionJob, type InversionMessage } from './inversion-job';
import { dealOut, startWorkerJob, workersFor } from './worker-job';

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
/** Ids a worker is computing now: asked for again meanwhile, they are not queued twice. */
const inFlight = new Set<string>();
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
  const known = recall(id);
  if (known) return known;
  if (balancedIsQuick(method, yes, no)) {
    const interval = balancedIntervalBy(method, yes, no, delta);
    remember(id, interval);
    return interval;
  }
  if (!queued.has(id) && !inFlight.has(id)) {
    queued.set(id, [yes.correct, yes.total, no.correct, no.total, delta]);
    queueMicrotask(startNextJob);
  }
  return 'pending';
}

/** The inverted interval if it is known already (no computing, no queueing). */
export function knownInversion(yes: ClassCounts, no: ClassCounts, delta: number): Interval | undefined {
  return recall(key(yes, no, delta));
}

/** A cached interval, moved to the newest end so that eviction drops the least recently used. */
function recall(id: string): Interval | undefined {
  const known = results.get(id);
  if (known) {
    results.delete(id);
    results.set(id, known);
  }
  return known;
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

/** Counts and δ of one inverted interval a view needs. */
export interface InversionNeed {
  yes: ClassCounts;
  no: ClassCounts;
  delta: number;
}

/** A worker for every this many intervals at most (one per core). */
const INTERVALS_PER_WORKER = 50;

/**
 * The needs whose inverted interval is not known yet (empty classes have none; each pair of counts
 * and δ once), with those cheap enough (small counts, see `balancedIsQuick`) computed on the spot,
 * up to `onPageLimit` of them: what is left needs `computeInversions`.
 */
export function missingInversions(needs: readonly InversionNeed[], onPageLimit: number): InversionNeed[] {
  const missing = new Map<string, InversionNeed>();
  for (const need of needs) {
    if (need.yes.total === 0 || need.no.total === 0) continue;
    const id = key(need.yes, need.no, need.delta);
    if (!results.has(id)) missing.set(id, need);
  }
  const all = [...missing.values()];
  if (all.length > onPageLimit || !all.every(({ yes, no }) => balancedIsQuick('inversion', yes, no))) return all;
  for (const { yes, no, delta } of all) remember(key(yes, no, delta), balancedIntervalBy('inversion', yes, no, delta));
  return [];
}

/**
 * Computes the inverted intervals of `needs` (from `missingInversions`) in Web Workers, one per core,
 * into the cache that `balancedNow` and `knownInversion` read, so that reports and exports of many
 * large detectors never hold the page. Reports the fraction done as results arrive (1 when all are
 * in); returns a function that cancels the work.
 */
export function computeInversions(needs: readonly InversionNeed[], onProgress: (fraction: number) => void): () => void {
  if (needs.length === 0) {
    onProgress(1);
    return () => {};
  }
  let finished = 0;
  const parts = dealOut(needs, workersFor(needs.length, INTERVALS_PER_WORKER));
  const stops = parts.map((part) =>
    startWorkerJob<InversionJob, InversionMessage>({
      createWorker: () => new Worker(new URL('./inversion.worker.ts', import.meta.url), { type: 'module' }),
      runHere: runInversionJob,
      job: { counts: new Float64Array(part.flatMap(({ yes, no, delta }) => [yes.correct, yes.total, no.correct, no.total, delta])) },
      onMessage: (message) => {
        rememberResults(message, (index) => key(part[index]!.yes, part[index]!.no, part[index]!.delta));
        finished += message.indices.length;
        onProgress(finished / needs.length);
      },
      isLast: (message) => message.done,
      onError: () => onProgress(1),
    }),
  );
  return () => stops.forEach((stop) => stop());
}

/** Caches a worker's results (`idOf` names the job's entries) and tells the views. */
function rememberResults(message: InversionMessage, idOf: (index: number) => string): void {
  message.indices.forEach((index, at) => {
    remember(idOf(index), { estimate: message.values[3 * at]!, lower: message.values[3 * at + 1]!, upper: message.values[3 * at + 2]! });
  });
  version++;
  listeners.forEach((listener) => listener());
}

function remember(id: string, interval: Interval): void {
  results.delete(id);
  if (results.size >= MAX_RESULTS) results.delete(results.keys().next().value!);
  results.set(id, interval);
}

function startNextJob(): void {
  if (running || queued.size === 0) return;
  const ids = [...queued.keys()].filter((id) => !results.has(id));
  const counts = new Float64Array(ids.flatMap((id) => queued.get(id)!));
  queued.clear();
  if (ids.length === 0) return;
  running = true;
  for (const id of ids) inFlight.add(id);
  const finish = (message: InversionMessage) => {
    rememberResults(message, (index) => ids[index]!);
    if (!message.done) return;
    for (const id of ids) inFlight.delete(id);
    running = false;
    startNextJob();
  };
  // A worker that cannot start or fails computes its job on the page instead: slower, but the
  // intervals arrive (the views would otherwise say "computing…" for good).
  const onPage = () => setTimeout(() => runInversionJob({ counts }, finish));
  try {
    startWorkerJob<InversionJob, InversionMessage>({
      createWorker: () => new Worker(new URL('./inversion.worker.ts', import.meta.url), { type: 'module' }),
      runHere: runInversionJob,
      job: { counts },
      onMessage: finish,
      isLast: (message) => message.done,
      onError: onPage,
    });
  } catch {
    onPage();
  }
}
