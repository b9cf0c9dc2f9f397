import { balancedDifferenceInterval, simultaneousAboveTarget, type DetectorCounts } from '../../stats';

/**
 * Work for the ranking worker: each detector's counts as [yes correct, yes total, no correct, no
 * total] (every class total ≥ 1), and what they are ranked against: a target balanced accuracy, or
 * the detector at `reference` (then the others are the m comparisons).
 */
export type RankJob = { delta: number; counts: Float64Array } & ({ against: 'target'; target: number } | { against: 'reference'; reference: number });

/** One detector's verdict, aligned with the job's detectors (the reference's own row is null). */
export interface RankVerdict {
  estimate: number;
  lower: number;
  upper: number;
  /** Holm-able p-value and its Holm adjustment (target only: the unpaired difference has no test). */
  pValue?: number;
  adjustedPValue?: number;
  /** Proven above the target / better than the reference, family-wise error ≤ δ. */
  provenBetter: boolean;
  /** Proven worse than the reference (its simultaneous interval is below 0). */
  provenWorse: boolean;
}

export type RankMessage = { kind: 'done'; verdicts: (RankVerdict | null)[]; m: number } | { kind: 'failed'; message: string };

/**
 * Against a target: `simultaneousAboveTarget` (Bonferroni lower bounds at δ/m, Holm on the
 * p-values). Against a reference on different test sets: `balancedDifferenceInterval` at δ/m for
 * each detector − reference (Bonferroni): all m intervals hold together with probability ≥ 1 − δ,
 * so the verdicts "better" (lower > 0) and "worse" (upper < 0) have family-wise error ≤ δ.
 */
export function runRankJob(job: RankJob, post: (message: RankMessage) => void): void {
  try {
    const detectors: DetectorCounts[] = [];
    for (let at = 0; at < job.counts.length; at += 4) {
      detectors.push({ yes: { correct: job.counts[at]!, total: job.counts[at + 1]! }, no: { correct: job.counts[at + 2]!, total: job.counts[at + 3]! } });
    }
    if (job.against === 'target') {
      const verdicts = simultaneousAboveTarget(detectors, job.target, job.delta).map((verdict) => ({
        estimate: verdict.estimate,
        lower: verdict.lower,
        upper: 1,
        pValue: verdict.pValue,
        adjustedPValue: verdict.adjustedPValue,
        provenBetter: verdict.provenAbove,
        provenWorse: false,
      }));
      post({ kind: 'done', verdicts, m: detectors.length });
      return;
    }
    const reference = detectors[job.reference]!;
    const m = detectors.length - 1;
    const verdicts = detectors.map((counts, index) => {
      if (index === job.reference) return null;
      const interval = balancedDifferenceInterval(counts, reference, job.delta / Math.max(1, m));
      return { ...interval, provenBetter: interval.lower > 0, provenWorse: interval.upper < 0 };
    });
    post({ kind: 'done', verdicts, m });
  } catch (error) {
    post({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}
