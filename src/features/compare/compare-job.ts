import { defaultUnpairedMethod } from '../../data/links';
import { BUEHLER_MAX_LABELS, pairedDifferenceScoreInterval, SCORE_MAX_LABELS, TANGO_MAX_N, type PairedCounts, type PairedScoreInterval } from '../../stats';
import { compare, type Comparison, type ComparisonInput, type PairedMethod, type TangoByClass, type UnpairedMethod } from './compare-model';

/** A comparison to compute off the page: what `compare` takes. */
export interface CompareJob {
  input: ComparisonInput;
  delta: number;
  pairedMethod: PairedMethod;
  /** Absent: the comparison's default (`compare`). */
  unpairedMethod?: UnpairedMethod | undefined;
}

/** The counts' problem: a RangeError's message (the page words it for the user). */
type CountsProblem = { kind: 'invalid'; message: string };

/** The comparison, or the counts' problem. */
export type CompareMessage = { kind: 'done'; comparison: Comparison } | CountsProblem;

/** A comparison of paired balanced accuracies. */
export type PairedBalancedJob = CompareJob & { input: Extract<ComparisonInput, { kind: 'paired-balanced' }> };

/** One class's Tango interval of a paired balanced comparison, at the class's level (δ/2). */
export interface ClassTangoJob {
  classTango: PairedCounts;
  delta: number;
}

/** The class's interval, or its counts' problem. */
export type ClassTangoMessage = { kind: 'class-tango'; interval: PairedScoreInterval } | CountsProblem;

/**
 * Up to this many paired examples in a class Tango's inversion is quick enough for the page itself
 * (slowest over every outcome ≈ 5 ms at n = 6, against ≈ 27 ms at 10, ≈ 46 ms at 20 and about 1 s
 * at 500; Node, one core).
 */
const ON_PAGE_TANGO_N = 6;

/**
 * Up to this many examples in all Buehler's unpaired interval is quick enough for the page (slowest
 * ≈ 1 ms at 10 + 10; at 20 + 20 up to ≈ 4 ms, and up to ≈ 240 ms past that; measured once, one core);
 * for two balanced accuracies, this many labels in each detector (one balanced search each).
 */
const ON_PAGE_BUEHLER_LABELS = 20;

/**
 * Up to this many examples in all Chan–Zhang's inversion is quick enough for the page (median ≈ 3 ms,
 * slowest ≈ 9–15 ms at 5 + 5; ≈ 9–15 ms median and 14–35 ms slowest at 10 + 10; measured once, one core).
 */
const ON_PAGE_SCORE_LABELS = 10;

/**
 * Whether the comparison runs Tango's exact inversion on a class of more than a few pairs (and up to
 * TANGO_MAX_N, past which the union bound is used), Chan–Zhang's inversion on more than a few
 * examples (up to SCORE_MAX_LABELS), or Buehler's unpaired search (two proportions, or each detector's
 * balanced interval) on more than a few examples (up to BUEHLER_MAX_LABELS): up to tens or hundreds of
 * milliseconds, so a worker's.
 */
export function needsWorker(input: ComparisonInput, pairedMethod: PairedMethod, unpairedMethod: UnpairedMethod | undefined): boolean {
  if (input.kind === 'unpaired-proportion') {
    const labels = input.a.total + input.b.total;
    const method = unpairedMethod ?? defaultUnpairedMethod(input.kind);
    if (method === 'union') return false;
    // Past Chan–Zhang's limit its comparison is Buehler's.
    if (method === 'score' && labels <= SCORE_MAX_LABELS) return labels > ON_PAGE_SCORE_LABELS;
    return labels > ON_PAGE_BUEHLER_LABELS && labels <= BUEHLER_MAX_LABELS;
  }
  if (input.kind === 'unpaired-balanced') {
    // One balanced search per detector, each as long as a proportion pair's with as many labels.
    const searched = [input.a, input.b].map(({ yes, no }) => yes.total + no.total).filter((labels) => labels <= BUEHLER_MAX_LABELS);
    return unpairedMethod !== 'union' && searched.some((labels) => labels > ON_PAGE_BUEHLER_LABELS);
  }
  if (pairedMethod !== 'tango') return false;
  const sizes = input.kind === 'paired-proportion' ? [input.counts.n] : input.kind === 'paired-balanced' ? [input.tables.yes.n, input.tables.no.n] : [];
  return sizes.some((n) => n > ON_PAGE_TANGO_N && n <= TANGO_MAX_N);
}

/**
 * Whether the job is a paired balanced comparison whose two classes each need Tango's inversion in a
 * worker: then each class is computed in a worker of its own, side by side (`ClassTangoJob`), and the
 * comparison is put together on the page from the two (`runCompareJob` with `tangoByClass`), so that
 * on two cores the classes run side by side.
 */
export function splitsByClass(job: CompareJob): job is PairedBalancedJob {
  if (job.input.kind !== 'paired-balanced' || job.pairedMethod !== 'tango') return false;
  return [job.input.tables.yes.n, job.input.tables.no.n].every((n) => n > ON_PAGE_TANGO_N && n <= TANGO_MAX_N);
}

/** The job's comparison, or the counts' problem; anything else is a defect and is thrown. */
export function runCompareJob(job: CompareJob, post: (message: CompareMessage) => void, tangoByClass?: TangoByClass): void {
  postAnswerOrProblem(() => ({ kind: 'done' as const, comparison: compare(job.input, job.delta, job.pairedMethod, job.unpairedMethod, tangoByClass) }), post);
}

/** One class's Tango interval, or its counts' problem; anything else is a defect and is thrown. */
export function runClassTangoJob(job: ClassTangoJob, post: (message: ClassTangoMessage) => void): void {
  postAnswerOrProblem(() => ({ kind: 'class-tango' as const, interval: pairedDifferenceScoreInterval(job.classTango, job.delta) }), post);
}

/** Posts `answer()`, or its RangeError as the counts' problem; anything else is a defect and is thrown. */
function postAnswerOrProblem<Message>(answer: () => Message, post: (message: Message | CountsProblem) => void): void {
  let message: Message;
  try {
    message = answer();
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return post({ kind: 'invalid', message: error.message });
  }
  post(message);
}
