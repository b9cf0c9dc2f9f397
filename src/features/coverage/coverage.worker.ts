/// <reference lib="webworker" />
import { runCoverageJob, type CoverageJob } from './coverage-compute';

// One job per worker: the page terminates the worker when the settings change mid-job.
const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<CoverageJob>) => runCoverageJob(event.data, (message) => scope.postMessage(message));
