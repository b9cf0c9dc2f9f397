import type { ClassCounts, Interval } from '../../stats';
import { balancedIntervalBy, balancedIsQuick, effectiveMethod, type BalancedMethod, type ExpensiveBalancedMethod } from '../methods/balanced-method';
import {
  expensiveBalancedEntries,
  runExpensiveBalancedJob,
  type ExpensiveBalancedJob,
  type ExpensiveBalancedMessage,
  type ExpensiveBalancedNeed,
} from './expensive-balanced-job';
import { dealOutByClassSize, startWorkerJob, workersFor } from './worker-job';

export type { ExpensiveBalancedNeed } from './expensive-balanced-job';

/**
 * The balanced interval by any method, for views that must not wait: the union bound and small
 * counts are computed on the spot; the expensive methods' intervals (the test inversion's and
 * Buehler's, certified searches: up to seconds at 10⁶ per class) of large counts are queued to a Web
 * Worker and reported as 'pending' until they arrive. Results are cached by (method, counts, δ);
 * views re-render on arrival through `subscribeBalanced` / `balancedVersion`.
 */
const results = new Map<string, Interval>();
/** Oldest entries are dropped past this many (a workspace of 50,000 detectors at two δ fits). */
const MAX_RESULTS = 200_000;
const queued = new Map<string, ExpensiveBalancedNeed>();
/** Ids a worker is computing now: asked for again meanwhile, they are not queued twice. */
const inFlight = new Set<string>();
const listeners = new Set<() => void>();
let version = 0;
let running = false;

function key({ method, yes, no, delta }: ExpensiveBalancedNeed): string {
  return `${method}:${yes.correct}/${yes.total},${no.correct}/${no.total},${delta}`;
}

/** The interval now, 'pending' while a worker computes it, null when a class has no examples. */
export function balancedNow(method: BalancedMethod, yes: ClassCounts, no: ClassCounts, delta: number): Interval | null | 'pending' {
  return intervalOrQueue(method, yes, no, delta, ALWAYS_ON_PAGE);
}

/** Whether a quick interval may be computed on the page now, and how long computing one took. */
interface OnPagePolicy {
  allows(id: string, need: ExpensiveBalancedNeed): boolean;
  spent(milliseconds: number): void;
}

const ALWAYS_ON_PAGE: OnPagePolicy = { allows: () => true, spent: () => {} };

/**
 * The time a list spends computing quick intervals on the page in one synchronous run (one render of
 * its visible rows), past which the rest go to the worker. On the page each took 13–26 ms (Buehler's,
 * ≤ 2,000 labels a class, tables of exact bounds not yet made); 30 rows at once after a sort held the
 * page 277–349 ms (`npm run bench:list`). The first interval of a run is always computed.
 */
export const LIST_ON_PAGE_MS = 40;
/** Classes this small are always computed on the page: ~0.5 ms an interval once warm (both methods, median). */
export const LIST_ALWAYS_ON_PAGE_LABELS = 200;

const LIST_ON_PAGE: OnPagePolicy & { usedMs: number; runOpen: boolean } = {
  usedMs: 0,
  runOpen: false,
  allows(id, { yes, no }) {
    if (queued.has(id) || inFlight.has(id)) return false;
    if (Math.max(yes.total, no.total) <= LIST_ALWAYS_ON_PAGE_LABELS) return true;
    if (!this.runOpen) {
      this.runOpen = true;
      // The run ends at the next microtask checkpoint: the next render has its own share.
      queueMicrotask(() => {
        this.runOpen = false;
        this.usedMs = 0;
      });
    }
    return this.usedMs < LIST_ON_PAGE_MS;
  },
  spent(milliseconds) {
    this.usedMs += milliseconds;
  },
};

/**
 * `balancedNow` for a list's rows: once `LIST_ON_PAGE_MS` went into quick intervals in one synchronous
 * run (unless its classes are tiny), and while a worker already has it, a quick interval is queued to
 * the worker too and 'pending' meanwhile.
 */
export function balancedForListRow(method: BalancedMethod, yes: ClassCounts, no: ClassCounts, delta: number): Interval | null | 'pending' {
  return intervalOrQueue(method, yes, no, delta, LIST_ON_PAGE);
}

/** The known or quick interval (when `onPage` allows computing it here), else queued to a worker and 'pending'. */
function intervalOrQueue(method: BalancedMethod, yes: ClassCounts, no: ClassCounts, delta: number, onPage: OnPagePolicy): Interval | null | 'pending' {
  if (yes.total === 0 || no.total === 0) return null;
  const used = effectiveMethod(method, yes, no);
  if (used === 'union') return balancedIntervalBy('union', yes, no, delta);
  const need = { method: used, yes, no, delta };
  const id = key(need);
  const known = recall(id);
  if (known) return known;
  if (balancedIsQuick(used, yes, no) && onPage.allows(id, need)) {
    const started = performance.now();
    const interval = balancedIntervalBy(used, yes, no, delta);
    onPage.spent(performance.now() - started);
    remember(id, interval);
    return interval;
  }
  if (!queued.has(id) && !inFlight.has(id)) {
    queued.set(id, need);
    queueMicrotask(startNextJob);
  }
  return 'pending';
}

/** The expensive method's interval if it is known already (no computing, no queueing). */
export function knownExpensiveInterval(method: ExpensiveBalancedMethod, yes: ClassCounts, no: ClassCounts, delta: number): Interval | undefined {
  return recall(key({ method, yes, no, delta }));
}

/** Whether the expensive method's interval is known, leaving the cache's order alone (a scan of 10,000 detectors moving each entry cost ~20 ms). */
export function isExpensiveIntervalKnown(method: ExpensiveBalancedMethod, yes: ClassCounts, no: ClassCounts, delta: number): boolean {
  return results.has(key({ method, yes, no, delta }));
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

/** Records an expensive method's interval computed elsewhere (the list's bulk worker). */
export function rememberExpensiveInterval(method: ExpensiveBalancedMethod, yes: ClassCounts, no: ClassCounts, delta: number, interval: Interval): void {
  remember(key({ method, yes, no, delta }), interval);
}

export function subscribeBalanced(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Grows whenever worker results arrive (the snapshot for useSyncExternalStore). */
export function balancedVersion(): number {
  return version;
}

/** A worker for every this many intervals at most (one per core). */
const INTERVALS_PER_WORKER = 50;

/**
 * The needs whose interval is not known yet (empty classes have none, nor counts past the expensive
 * methods' ceiling, where the union bound stands in; each method, pair of counts and δ once), with
 * those cheap enough (small counts, see `balancedIsQuick`) computed on the spot, up to `onPageLimit`
 * of them: what is left needs `computeExpensiveIntervals`.
 */
export function missingExpensiveIntervals(needs: readonly ExpensiveBalancedNeed[], onPageLimit: number): ExpensiveBalancedNeed[] {
  const missing = new Map<string, ExpensiveBalancedNeed>();
  for (const need of needs) {
    if (need.yes.total === 0 || need.no.total === 0 || effectiveMethod(need.method, need.yes, need.no) === 'union') continue;
    const id = key(need);
    if (!results.has(id)) missing.set(id, need);
  }
  const all = [...missing.values()];
  if (all.length > onPageLimit || !all.every(({ method, yes, no }) => balancedIsQuick(method, yes, no))) return all;
  for (const need of all) remember(key(need), balancedIntervalBy(need.method, need.yes, need.no, need.delta));
  return [];
}

/**
 * Computes the intervals of `needs` (from `missingExpensiveIntervals`) in Web Workers, one per core,
 * into the cache that `balancedNow` and `knownExpensiveInterval` read, so that reports and exports of
 * many large detectors never hold the page. Reports the fraction done as results arrive (1 when all
 * are in); returns a function that cancels the work.
 */
export function computeExpensiveIntervals(needs: readonly ExpensiveBalancedNeed[], onProgress: (fraction: number) => void): () => void {
  if (needs.length === 0) {
    onProgress(1);
    return () => {};
  }
  let finished = 0;
  const parts = dealOutByClassSize(needs, workersFor(needs.length, INTERVALS_PER_WORKER), ({ yes, no }) => [yes.total, no.total]);
  const stops = parts.map((part) =>
    startJob(
      expensiveBalancedEntries(part),
      (message) => {
        rememberResults(message, (index) => key(part[index]!));
        finished += message.indices.length;
        onProgress(finished / needs.length);
      },
      () => onProgress(1),
    ),
  );
  return () => stops.forEach((stop) => stop());
}

/** One job in the expensive-balanced-intervals worker (on the page where there is no Worker). */
function startJob(entries: Float64Array, onMessage: (message: ExpensiveBalancedMessage) => void, onError: () => void): () => void {
  return startWorkerJob<ExpensiveBalancedJob, ExpensiveBalancedMessage>({
    createWorker: () => new Worker(new URL('./expensive-balanced.worker.ts', import.meta.url), { type: 'module' }),
    runHere: runExpensiveBalancedJob,
    job: { entries },
    onMessage,
    isLast: (message) => message.done,
    onError,
  });
}

/** Caches a worker's results (`idOf` names the job's entries) and tells the views. */
function rememberResults(message: ExpensiveBalancedMessage, idOf: (index: number) => string): void {
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
  const entries = expensiveBalancedEntries(ids.map((id) => queued.get(id)!));
  queued.clear();
  if (ids.length === 0) return;
  running = true;
  for (const id of ids) inFlight.add(id);
  const finish = (message: ExpensiveBalancedMessage) => {
    rememberResults(message, (index) => ids[index]!);
    if (!message.done) return;
    for (const id of ids) inFlight.delete(id);
    running = false;
    startNextJob();
  };
  // A worker that cannot start or fails computes its job on the page instead: slower, but the
  // intervals arrive (the views would otherwise say "computing…" for good).
  const onPage = () => setTimeout(() => runExpensiveBalancedJob({ entries }, finish));
  try {
    startJob(entries, finish, onPage);
  } catch {
    onPage();
  }
}
