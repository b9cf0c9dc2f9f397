/// <reference lib="webworker" />
import type { PlanLink } from '../../data/links';
import { runPlanJob } from './plan-answer';

// One search per worker: the page terminates the worker when the settings change mid-search.
const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<PlanLink>) => runPlanJob(event.data, (message) => scope.postMessage(message));
