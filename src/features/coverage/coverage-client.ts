import { startWorkerJob } from '../../data/workers';
import { runCoverageJob, type CoverageJob, type CoverageMessage } from './coverage-compute';

/**
 * Starts a coverage job in a Web Worker (the page stays responsive while thousands of binomial sums
 * run) and returns a function that cancels it.
 */
export function startCoverageJob(job: CoverageJob, onMessage: (message: CoverageMessage) => void): () => void {
  return startWorkerJob({
    createWorker: () => new Worker(new URL('./coverage.worker.ts', import.meta.url), { type: 'module' }),
    runHere: runCoverageJob,
    job,
    onMessage,
    isLast: (message) => message.kind === 'done' || message.kind === 'error',
    onError: (message) => onMessage({ kind: 'error', message }),
  });
}
