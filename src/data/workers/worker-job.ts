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

/** `items` dealt out in turn to `parts` lists, so that each gets a similar mix of cheap and costly items; empty lists are dropped. */
export function dealOut<T>(items: readonly T[], parts: number): T[][] {
  const lists: T[][] = Array.from({ length: Math.max(1, parts) }, () => []);
  items.forEach((item, index) => lists[index % lists.length]!.push(item));
  return lists.filter((list) => list.length > 0);
}
