/// <reference lib="webworker" />
import { runThresholdCurveJob, type ThresholdCurveJob } from './threshold-curve-job';

// 200 thresholds × six exact bounds each can take longer than a frame: off the page's thread.
const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<ThresholdCurveJob>) => runThresholdCurveJob(event.data, (points) => scope.postMessage(points));
