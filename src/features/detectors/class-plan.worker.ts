/// <reference lib="webworker" />
import { runClassPlanJob, type ClassPlanJob } from './class-plan-job';

// One job per worker: the view terminates it when the matrix, δ or the target change mid-job.
const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<ClassPlanJob>) => runClassPlanJob(event.data, (message) => scope.postMessage(message));
