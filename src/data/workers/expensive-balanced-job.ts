import { balancedIntervalBy, EXPENSIVE_BALANCED_METHODS, type ExpensiveBalancedMethod } from '../methods/balanced-method';

/** Numbers per entry of a job: [method, yes correct, yes total, no correct, no total, δ]. */
const ENTRY_LENGTH = 6;

/**
 * Work for the expensive-balanced-intervals worker: per interval its method (an index into
 * EXPENSIVE_BALANCED_METHODS), the counts and δ, flat in one array (`expensiveBalancedEntries`).
 */
export interface ExpensiveBalancedJob {
  entries: Float64Array;
}

/** Counts, δ and method of one expensive balanced interval (the test inversion or Buehler's). */
export interface ExpensiveBalancedNeed {
  method: ExpensiveBalancedMethod;
  yes: { correct: number; total: number };
  no: { correct: number; total: number };
  delta: number;
}

/** Results so far: for each finished index, estimate, lower and upper in `values`; `done` on the last. */
export interface ExpensiveBalancedMessage {
  indices: number[];
  values: number[];
  done: boolean;
}

/** Results are posted at least this often (ms), so a long queue fills in as it goes. */
const REPORT_EVERY_MS = 100;

/** The job's entries for these needs, in order. */
export function expensiveBalancedEntries(needs: readonly ExpensiveBalancedNeed[]): Float64Array {
  const entries = new Float64Array(ENTRY_LENGTH * needs.length);
  needs.forEach(({ method, yes, no, delta }, index) => {
    entries.set([EXPENSIVE_BALANCED_METHODS.indexOf(method), yes.correct, yes.total, no.correct, no.total, delta], ENTRY_LENGTH * index);
  });
  return entries;
}

/** Every entry's balanced interval by its method, posted in batches as they finish. */
export function runExpensiveBalancedJob(job: ExpensiveBalancedJob, post: (message: ExpensiveBalancedMessage) => void): void {
  const count = job.entries.length / ENTRY_LENGTH;
  let batch: ExpensiveBalancedMessage = { indices: [], values: [], done: false };
  let lastPost = Date.now();
  for (let index = 0; index < count; index++) {
    const [method, yesCorrect, yesTotal, noCorrect, noTotal, delta] = job.entries.subarray(ENTRY_LENGTH * index, ENTRY_LENGTH * (index + 1));
    const interval = balancedIntervalBy(EXPENSIVE_BALANCED_METHODS[method!]!, { correct: yesCorrect!, total: yesTotal! }, { correct: noCorrect!, total: noTotal! }, delta!);
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
