/// <reference lib="webworker" />
import { runLowerBoundsJob, type LowerBoundsJob } from './lower-bounds-compute';

// One job per worker: the list terminates the worker when δ or the detectors change mid-job.
const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<LowerBoundsJob>) => runLowerBoundsJob(event.data, (message) => scope.postMessage(message));
