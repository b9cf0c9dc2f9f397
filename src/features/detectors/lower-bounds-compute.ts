import { balancedLowerOrNaN, type Detector } from '../../data/detectors';
import type { BalancedMethod } from '../../data/methods';
import { dealOutByClassSize } from '../../data/workers';

/** Work for the lower-bounds worker: each detector's counts as [yes correct, yes total, no correct, no total]. */
export interface LowerBoundsJob {
  delta: number;
  method: BalancedMethod;
  counts: Float64Array;
}

/**
 * Progress as a fraction, then every balanced interval's lower end (NaN for an empty class), aligned
 * with the job's detectors (an exact interval's lower end alone is half its work: the rows shown
 * compute their upper ends).
 */
export type LowerBoundsMessage = { kind: 'progress'; fraction: number } | { kind: 'done'; lowers: Float64Array };

/** Progress is reported at least this often (ms). */
const REPORT_EVERY_MS = 100;

/** The balanced interval's lower end of every detector in the job, reporting progress as it goes. */
export function runLowerBoundsJob(job: LowerBoundsJob, post: (message: LowerBoundsMessage) => void): void {
  const count = job.counts.length / 4;
  const lowers = new Float64Array(count);
  let lastReport = Date.now();
  // Workspaces repeat counts (many detectors labelled on one test set): each distinct pair once.
  const known = new Map<string, number>();
  for (let index = 0; index < count; index++) {
    const at = 4 * index;
    const key = `${job.counts[at]},${job.counts[at + 1]},${job.counts[at + 2]},${job.counts[at + 3]}`;
    let lower = known.get(key);
    if (lower === undefined) {
      lower = balancedLowerOrNaN(
        job.method,
        { correct: job.counts[at]!, total: job.counts[at + 1]! },
        { correct: job.counts[at + 2]!, total: job.counts[at + 3]! },
        job.delta,
      );
      known.set(key, lower);
    }
    lowers[index] = lower;
    if (Date.now() - lastReport >= REPORT_EVERY_MS) {
      post({ kind: 'progress', fraction: (index + 1) / count });
      lastReport = Date.now();
    }
  }
  post({ kind: 'done', lowers });
}

/**
 * Detectors dealt out to `parts` workers: detectors with the same counts go to the same part (each
 * worker computes a pair of counts once), and the distinct counts are dealt by class size
 * (`dealOutByClassSize`: each size's table of exact bounds made in one worker). Parts left empty are dropped. Grouped by a
 * numeric hash of the counts (text keys for 10,000 detectors took ~40 ms of the page's time).
 */
export function splitByCounts(detectors: readonly Detector[], parts: number): Detector[][] {
  const byHash = new Map<number, Detector[][]>();
  const groups: Detector[][] = [];
  for (const detector of detectors) {
    const hash = countsHash(detector);
    const sameHash = byHash.get(hash);
    const same = sameHash?.find((group) => sameCounts(group[0]!, detector));
    if (same) {
      same.push(detector);
      continue;
    }
    const group = [detector];
    groups.push(group);
    if (sameHash) sameHash.push(group);
    else byHash.set(hash, [group]);
  }
  return dealOutByClassSize(groups, parts, ([first]) => [first!.yes.total, first!.no.total]).map((dealt) => dealt.flat());
}

function countsHash({ yes, no }: Detector): number {
  let hash = 0x811c9dc5;
  for (const value of [yes.correct, yes.total, no.correct, no.total]) hash = Math.imul(hash ^ value, 0x01000193) ^ Math.floor(value / 2 ** 32);
  return hash;
}

function sameCounts(a: Detector, b: Detector): boolean {
  return a.yes.correct === b.yes.correct && a.yes.total === b.yes.total && a.no.correct === b.no.correct && a.no.total === b.no.total;
}
