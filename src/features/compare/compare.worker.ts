/// <reference lib="webworker" />
import { runCompareJob, type CompareJob } from './compare-job';

// One job per worker: the page terminates it when the counts, δ or the method change mid-job.
const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<CompareJob>) => runCompareJob(event.data, (message) => scope.postMessage(message));
