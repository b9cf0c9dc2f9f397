/// <reference lib="webworker" />
import { runPlanJob, type PlanJob } from './plan-answer';

// One search per worker: the page terminates the worker when the settings change mid-search.
const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<PlanJob>) => runPlanJob(event.data, (message) => scope.postMessage(message));
