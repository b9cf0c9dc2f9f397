/**
 * Starts one job in a Web Worker and returns a function that cancels it (terminating the worker),
 * so heavy exact computations never hold the page. The worker is ended after the message `isLast`
 * recognises (a finished worker would otherwise keep its thread and heap as long as the page
 * lives). Where there is no Worker (the unit tests' jsdom) the same job runs on the page after the
 * current render, through `runHere`.
 *
 * `createWorker` must contain the literal `new Worker(new URL('./x.worker.ts', import.meta.url), …)`
 * so that Vite bundles the worker; one job per worker.
 */
export function startWorkerJob<Job, Message>(options: {
  createWorker: () => Worker;
  runHere: (job: Job, post: (message: Message) => void) => void;
  job: Job;
  onMessage: (message: Message) => void;
  /** Whether this is the job's last message. */
  isLast: (message: Message) => boolean;
  onError: (message: string) => void;
}): () => void {
  const { createWorker, runHere, job, onMessage, isLast, onError } = options;
  if (typeof Worker === 'undefined') {
    let cancelled = false;
    const timer = setTimeout(() =>
      runHere(job, (message) => {
        if (!cancelled) onMessage(message);
      }),
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }
  const worker = createWorker();
  worker.onmessage = (event: MessageEvent<Message>) => {
    if (isLast(event.data)) worker.terminate();
    onMessage(event.data);
  };
  worker.onerror = (event) => {
    worker.terminate();
    onError(event.message || 'The background worker failed to start.');
  };
  worker.postMessage(job);
  return () => worker.terminate();
}

/** No more workers than this for one piece of work, whatever the cores. */
const MAX_WORKERS = 8;

/**
 * How many workers to share `items` independent items out to: one per core the browser reports (at
 * most MAX_WORKERS), and no more than one per `perWorker` items (starting a worker costs more than a
 * few items take). At least one.
 */
export function workersFor(items: number, perWorker: number): number {
  const cores = typeof navigator !== 'undefined' && navigator.hardwareConcurrency > 0 ? navigator.hardwareConcurrency : 1;
  return Math.max(1, Math.min(cores, MAX_WORKERS, Math.ceil(items / perWorker)));
}

/**
 * `items` (each an exact search over two classes of the given sizes) dealt out to `parts` lists so
 * that each class size's table of exact per-count bounds — shared by every search at that size and
 * level, and a third of a search's time — is computed in one worker, not in each: the items whose
 * larger class has the same size go to one list, the sizes dealt costliest first to the least-loaded
 * list (an item costs ≈ √n₊ + √n₋, its rows' windows). A size holding more than a list's share (one
 * test set for many detectors) is dealt item by item instead, so every core stays busy. Each list
 * is in order of the larger class size, then the smaller (ties in the items' order), so that a
 * size's table is used while it is still cached; empty lists are dropped. (10,000 detectors of
 * 20–5,000 labels a class, two lists, Buehler's lower bounds at δ = 0.1 in Node: the slower list
 * 4.9 s, against 8.0 s dealt in turn. `tailbound intervals` of the bench:cli file, Buehler's
 * intervals, three runs each: 8.1–9.6 s in size order against 9.2–10.6 s in the items' order.)
 */
export function dealOutByClassSize<T>(items: readonly T[], parts: number, classSizes: (item: T) => readonly [number, number]): T[][] {
  const count = Math.max(1, parts);
  const costs = new Float64Array(items.length);
  const bySize = new Map<number, { cost: number; indices: number[] }>();
  const larger = new Float64Array(items.length);
  const smaller = new Float64Array(items.length);
  let total = 0;
  items.forEach((item, index) => {
    const [a, b] = classSizes(item);
    costs[index] = Math.sqrt(a) + Math.sqrt(b) + 1;
    total += costs[index]!;
    const size = Math.max(a, b);
    larger[index] = size;
    smaller[index] = Math.min(a, b);
    let bucket = bySize.get(size);
    if (!bucket) bySize.set(size, (bucket = { cost: 0, indices: [] }));
    bucket.cost += costs[index]!;
    bucket.indices.push(index);
  });
  const loads = new Float64Array(count);
  const lightest = () => loads.indexOf(Math.min(...loads));
  const partOf = new Int32Array(items.length);
  const buckets = [...bySize.values()];
  for (const { indices } of buckets.filter((bucket) => bucket.cost > total / count)) {
    for (const index of indices) {
      const part = lightest();
      partOf[index] = part;
      loads[part]! += costs[index]!;
    }
  }
  for (const { cost, indices } of buckets.filter((bucket) => bucket.cost <= total / count).sort((x, y) => y.cost - x.cost)) {
    const part = lightest();
    for (const index of indices) partOf[index] = part;
    loads[part]! += cost;
  }
  const lists: T[][] = Array.from({ length: count }, () => []);
  // In order of the larger class size, then the smaller: a size's table is used while it is cached.
  const bySizeOrder = items.map((_, index) => index).sort((x, y) => larger[x]! - larger[y]! || smaller[x]! - smaller[y]! || x - y);
  for (const index of bySizeOrder) lists[partOf[index]!]!.push(items[index]!);
  return lists.filter((list) => list.length > 0);
}
