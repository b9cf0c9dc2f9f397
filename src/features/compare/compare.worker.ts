/// <reference lib="webworker" />
import { runClassTangoJob, runCompareJob, type ClassTangoJob, type CompareJob } from './compare-job';

// One job per worker: the page terminates it when the counts, δ or the method change mid-job.
const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<CompareJob | ClassTangoJob>) => {
  const job = event.data;
  const post = (message: unknown) => scope.postMessage(message);
  if ('classTango' in job) runClassTangoJob(job, post);
  else runCompareJob(job, post);
};
