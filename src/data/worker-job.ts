/**
 * Starts one job in a Web Worker and returns a function that cancels it (terminating the worker),
 * so heavy exact computations never hold the page. Where there is no Worker (the unit tests' jsdom)
 * the same job runs on the page after the current render, through `runHere`.
 *
 * `createWorker` must contain the literal `new Worker(new URL('./x.worker.ts', import.meta.url), …)`
 * so that Vite bundles the worker; one job per worker.
 */
export function startWorkerJob<Job, Message>(options: {
  createWorker: () => Worker;
  runHere: (job: Job, post: (message: Message) => void) => void;
  job: Job;
  onMessage: (message: Message) => void;
  onError: (message: string) => void;
}): () => void {
  const { createWorker, runHere, job, onMessage, onError } = options;
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
  worker.onmessage = (event: MessageEvent<Message>) => onMessage(event.data);
  worker.onerror = (event) => onError(event.message || 'The background worker failed to start.');
  worker.postMessage(job);
  return () => worker.terminate();
}
