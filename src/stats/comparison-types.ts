import type { ClassCounts } from './types';

/**
 * Two detectors A and B run on the same n examples of one class, summarised by the discordant
 * pairs: `b` examples A got right and B got wrong, `c` examples A got wrong and B got right
 * (the other n − b − c they agree on). Then accuracy_A − accuracy_B = (b − c)/n.
 */
export interface PairedCounts {
  b: number;
  c: number;
  n: number;
}

/** Paired counts for both classes (the same should-be-YES and should-be-NO examples for A and B). */
export interface PairedClassCounts {
  yes: PairedCounts;
  no: PairedCounts;
}

/** A detector's results per class (as `balancedInterval` takes them). */
export interface DetectorCounts {
  yes: ClassCounts;
  no: ClassCounts;
}

/**
 * A difference of two proportions (A − B) with its confidence bounds, all in [−1, 1] and
 * lower ≤ estimate ≤ upper.
 */
export interface DifferenceInterval {
  estimate: number;
  lower: number;
  upper: number;
}
