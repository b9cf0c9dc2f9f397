import { balancedInterval, exactInterval, type ClassCounts, type Interval } from '../../stats';

/** Rows per threshold bin (bin i: the largest threshold index whose threshold is ≤ the score). */
export interface ThresholdBins {
  lo: number;
  step: number;
  yes: number[];
  no: number[];
}

/** The counts and intervals if the detector answered YES exactly when score ≥ threshold. */
export interface ThresholdPoint {
  threshold: number;
  yes: ClassCounts;
  no: ClassCounts;
  /** Pointwise: each threshold's intervals at δ on their own. Null with an empty class. */
  balanced: Interval | null;
  yesInterval: Interval | null;
  noInterval: Interval | null;
}

/**
 * Counts at every threshold t_i = lo + i·step from the bins: should-be-YES correct = YES rows in bins
 * ≥ i (score ≥ t_i), should-be-NO correct = NO rows in bins < i; with each threshold's exact
 * balanced (union bound) and per-class central intervals at δ. A single point when step = 0.
 */
export function thresholdCurve(bins: ThresholdBins, delta: number): ThresholdPoint[] {
  // Every score equal: one threshold (the rest would repeat it).
  const count = bins.step === 0 ? 1 : bins.yes.length;
  const yesTotal = bins.yes.reduce((sum, rows) => sum + rows, 0);
  const noTotal = bins.no.reduce((sum, rows) => sum + rows, 0);
  const points: ThresholdPoint[] = [];
  let yesBelow = 0;
  let noBelow = 0;
  for (let i = 0; i < count; i++) {
    const yes = { correct: yesTotal - yesBelow, total: yesTotal };
    const no = { correct: noBelow, total: noTotal };
    points.push({
      threshold: bins.lo + i * bins.step,
      yes,
      no,
      balanced: yesTotal > 0 && noTotal > 0 ? balancedInterval({ yes, no }, delta) : null,
      yesInterval: yesTotal > 0 ? exactInterval(yesTotal, yes.correct, delta) : null,
      noInterval: noTotal > 0 ? exactInterval(noTotal, no.correct, delta) : null,
    });
    yesBelow += bins.yes[i] ?? 0;
    noBelow += bins.no[i] ?? 0;
  }
  return points;
}
