/// <reference lib="webworker" />
import { runExpensiveBalancedJob, type ExpensiveBalancedJob } from './expensive-balanced-job';

// One job per worker: the service queues what arrives meanwhile for the next one.
const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<ExpensiveBalancedJob>) => runExpensiveBalancedJob(event.data, (message) => scope.postMessage(message));
