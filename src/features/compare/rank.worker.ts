/// <reference lib="webworker" />
import { runRankJob, type RankJob } from './rank-compute';

// One job per worker: the view terminates the worker when the detectors, the target or δ change mid-job.
const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<RankJob>) => runRankJob(event.data, (message) => scope.postMessage(message));
