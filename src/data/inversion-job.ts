import { balancedInversionInterval } from '../stats';

/** Work for the inversion worker: [yes correct, yes total, no correct, no total, δ] per interval. */
export interface InversionJob {
  counts: Float64Array;
}

/** Results so far: for each finished index, estimate, lower and upper in `values`; `done` on the last. */
export interface InversionMessage {
  indices: number[];
  values: number[];
  done: boolean;
}

/** Results are posted at least this often (ms), so a long queue fills in as it goes. */
const REPORT_EVERY_MS = 100;

/** The inverted balanced interval of every entry, posted in batches as they finish. */
export function runInversionJob(job: InversionJob, post: (message: InversionMessage) => void): void {
  const count = job.counts.length / 5;
  let batch: InversionMessage = { indices: [], values: [], done: false };
  let lastPost = Date.now();
  for (let index = 0; index < count; index++) {
    const [yesCorrect, yesTotal, noCorrect, noTotal, delta] = job.counts.subarray(5 * index, 5 * index + 5);
    const interval = balancedInversionInterval({ yes: { correct: yesCorrect!, total: yesTotal! }, no: { correct: noCorrect!, total: noTotal! } }, delta!);
    batch.indices.push(index);
    batch.values.push(interval.estimate, interval.lower, interval.upper);
    if (index === count - 1 || Date.now() - lastPost >= REPORT_EVERY_MS) {
      post({ ...batch, done: index === count - 1 });
      batch = { indices: [], values: [], done: false };
      lastPost = Date.now();
    }
  }
  if (count === 0) post({ indices: [], values: [], done: true });
}
