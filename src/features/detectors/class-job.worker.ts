/// <reference lib="webworker" />
import { runClassJob, type ClassJob } from './class-job';

// One job per worker: the view terminates it when the matrix, δ or the target change mid-job.
const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<ClassJob>) => runClassJob(event.data, (message) => scope.postMessage(message));
