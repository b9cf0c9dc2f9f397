import { TANGO_MAX_N } from '../../stats';
import { compare, type Comparison, type ComparisonInput, type PairedMethod } from './compare-model';

/** A comparison to compute off the page: what `compare` takes. */
export interface CompareJob {
  input: ComparisonInput;
  delta: number;
  pairedMethod: PairedMethod;
}

/** The comparison, or the counts' problem (a RangeError's message: the page words it for the user). */
export type CompareMessage = { kind: 'done'; comparison: Comparison } | { kind: 'invalid'; message: string };

/**
 * Up to this many paired examples in a class Tango's inversion is quick enough for the page itself
 * (slowest over every outcome ≈ 5 ms at n = 6, against ≈ 60 ms at 10 and ≈ 250 ms at 20).
 */
const ON_PAGE_TANGO_N = 6;

/**
 * Whether the comparison runs Tango's exact inversion on a class of more than a few pairs (and up to
 * TANGO_MAX_N, past which the union bound is used): tens to hundreds of milliseconds, so a worker's.
 */
export function needsWorker(input: ComparisonInput, pairedMethod: PairedMethod): boolean {
  if (pairedMethod !== 'tango') return false;
  const sizes = input.kind === 'paired-proportion' ? [input.counts.n] : input.kind === 'paired-balanced' ? [input.tables.yes.n, input.tables.no.n] : [];
  return sizes.some((n) => n > ON_PAGE_TANGO_N && n <= TANGO_MAX_N);
}

/** The job's comparison, or the counts' problem; anything else is a defect and is thrown. */
export function runCompareJob(job: CompareJob, post: (message: CompareMessage) => void): void {
  try {
    post({ kind: 'done', comparison: compare(job.input, job.delta, job.pairedMethod) });
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    post({ kind: 'invalid', message: error.message });
  }
}
