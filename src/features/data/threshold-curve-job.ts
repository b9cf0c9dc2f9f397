import { thresholdCurve, type ThresholdBins, type ThresholdPoint } from '../../data/evaluation';

export interface ThresholdCurveJob {
  bins: ThresholdBins;
  delta: number;
}

/** The curve's intervals for one detector's bins (in threshold-curve.worker.ts, or on the page without Worker). */
export function runThresholdCurveJob(job: ThresholdCurveJob, post: (points: ThresholdPoint[]) => void): void {
  post(thresholdCurve(job.bins, job.delta));
}
