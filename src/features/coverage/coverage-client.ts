import { runCoverageJob, type CoverageJob, type CoverageMessage } from './coverage-compute';

/**
 * Starts a coverage job in a Web Worker (the page stays responsive while thousands of binomial sums
 * run) and returns a function that cancels it. Where there is no Worker (the unit tests' jsdom),
 * the same job runs on the page after the current render.
 */
export function startCoverageJob(job: CoverageJob, onMessage: (message: CoverageMessage) => void): () => void {
  if (typeof Worker === 'undefined') {
    let cancelled = false;
    const timer = setTimeout(() =>
      runCoverageJob(job, (message) => {
        if (!cancelled) onMessage(message);
      }),
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }
  const worker = new Worker(new URL('./coverage.worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<CoverageMessage>) => onMessage(event.data);
  worker.onerror = (event) => onMessage({ kind: 'error', message: event.message || 'The coverage worker failed to start.' });
  worker.postMessage(job);
  return () => worker.terminate();
}
