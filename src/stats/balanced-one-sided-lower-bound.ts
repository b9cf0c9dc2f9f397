import { assertDelta } from './assert-delta';
import { assertObject } from './assert-object';
import type { DetectorCounts } from './comparison-types';
import { assertClass } from './difference-interval';
import { exactLowerBound } from './exact-lower-bound';

/**
 * The exact one-sided (1 − δ) lower confidence bound on a detector's balanced accuracy
 * (acc_yes + acc_no)/2: the average of the two classes' exact lower bounds, each at δ/2 —
 * by the union bound both hold together with probability ≥ 1 − δ, and then so does their average.
 * Tighter than the lower end of `balancedInterval` (δ/4 per bound), which also spends δ/2 on the
 * upper side. Nondecreasing in δ. For the claim "balanced accuracy > target" only this bound is
 * needed.
 *
 * Reference: the blog, "Lower Confidence Bounds" and the union bound; Langford (2005).
 * Domain: each class total ≥ 1, 0 ≤ correct ≤ total whole; 1e-300 ≤ δ < 1.
 * Errors: RangeError naming the field ("yes.correct must be ≤ yes.total (10), got 11");
 * EmptyClassError for an empty class. Result in [0, estimate].
 *
 * @example balancedOneSidedLowerBound({ yes: { correct: 90, total: 100 }, no: { correct: 95, total: 100 } }, 0.05)
 * // ≈ 0.8554712 (balancedInterval's lower end at δ = 0.05 is 0.84473)
 */
export function balancedOneSidedLowerBound(counts: DetectorCounts, delta: number): number {
  assertObject(counts, 'counts', '{yes, no}');
  assertClass(counts.yes, 'yes');
  assertClass(counts.no, 'no');
  assertDelta(delta);
  return balancedLowerAt(counts, delta);
}

/** The bound above without validation (for the ranking's inner loop). Internal. */
export function balancedLowerAt({ yes, no }: DetectorCounts, delta: number): number {
  const estimate = (yes.correct / yes.total + no.correct / no.total) / 2;
  const yesLower = Math.min(exactLowerBound(yes.total, yes.correct, delta / 2), yes.correct / yes.total);
  const noLower = Math.min(exactLowerBound(no.total, no.correct, delta / 2), no.correct / no.total);
  return Math.max(0, Math.min((yesLower + noLower) / 2, estimate));
}
