import { balancedLowerOrNaN } from '../../data/detector-intervals';

/** Work for the lower-bounds worker: each detector's counts as [yes correct, yes total, no correct, no total]. */
export interface LowerBoundsJob {
  delta: number;
  counts: Float64Array;
}

/** Progress as a fraction, then every lower bound (NaN for an empty class), aligned with the job's detectors. */
export type LowerBoundsMessage = { kind: 'progress'; fraction: number } | { kind: 'done'; lowers: Float64Array };

/** Detectors between progress reports. */
const SLICE = 500;

/** The balanced lower bound of every detector in the job, reporting progress as it goes. */
export function runLowerBoundsJob(job: LowerBoundsJob, post: (message: LowerBoundsMessage) => void): void {
  const count = job.counts.length / 4;
  const lowers = new Float64Array(count);
  for (let index = 0; index < count; index++) {
    const at = 4 * index;
    lowers[index] = balancedLowerOrNaN(
      { correct: job.counts[at]!, total: job.counts[at + 1]! },
      { correct: job.counts[at + 2]!, total: job.counts[at + 3]! },
      job.delta,
    );
    if ((index + 1) % SLICE === 0) post({ kind: 'progress', fraction: (index + 1) / count });
  }
  post({ kind: 'done', lowers });
}
