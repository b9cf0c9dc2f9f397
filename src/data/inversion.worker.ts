/// <reference lib="webworker" />
import { runInversionJob, type InversionJob } from './inversion-job';

// One job per worker: the service queues what arrives meanwhile for the next one.
const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<InversionJob>) => runInversionJob(event.data, (message) => scope.postMessage(message));
