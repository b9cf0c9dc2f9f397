import { assertCounts } from './assert-counts';
import { assertDelta } from './assert-delta';
import { assertObject } from './assert-object';
import { proportionConfidenceSequence, type ConfidenceSequenceOptions } from './proportion-confidence-sequence';
import type { BalancedInterval, ClassCounts } from './types';

/**
 * An anytime-valid (1 − δ) confidence sequence for a detector's balanced accuracy (acc⁺ + acc⁻)/2:
 * each class's two-sided `proportionConfidenceSequence` at δ/2 — the δ each class gets in the fixed-n
 * `balancedInterval` (δ/4 on each of its two bounds), here spent by one mixture on both ends — and
 * the balanced bounds their averages. Union bound: P(∃ n : acc⁺ or acc⁻ leaves its sequence) ≤ δ/2 + δ/2,
 * and while neither does, the balanced accuracy lies between the averaged ends.
 * `options` (expectedTrials, per class) applies to both classes; `sides` is ignored (two-sided).
 *
 * Reference: Howard et al. (2021), §3; the blog, "Constructing the Bound for Balanced Accuracy" (the split).
 * Domain: each class total in [1, 1e9] and 0 ≤ correct ≤ total whole; 1e-300 ≤ δ < 1.
 * Errors: RangeError naming the field (`yes.correct must be ≤ yes.total (100), got 101`, `counts must be an object {yes, no}`);
 * EmptyClassError when a class has no examples.
 *
 * @example balancedConfidenceSequence({ yes: { correct: 90, total: 100 }, no: { correct: 95, total: 100 } }, 0.05)
 * // ≈ { estimate: 0.925, lower: 0.7969, upper: 0.9840, yes: {...}, no: {...} }
 */
export function balancedConfidenceSequence(
  counts: { yes: ClassCounts; no: ClassCounts },
  delta: number,
  options: ConfidenceSequenceOptions = {},
): BalancedInterval {
  assertObject(counts, 'counts', '{yes, no}');
  assertObject(counts.yes, 'yes', '{correct, total}');
  assertObject(counts.no, 'no', '{correct, total}');
  assertDelta(delta);
  for (const name of ['yes', 'no'] as const) {
    const { correct, total } = counts[name];
    assertCounts(total, correct, { n: `${name}.total`, k: `${name}.correct` });
    if (total > 1e9) throw new RangeError(`${name}.total must be ≤ 1e9, got ${total}`);
  }
  const classSequence = (name: 'yes' | 'no') =>
    proportionConfidenceSequence(counts[name].correct, counts[name].total, delta / 2, { ...options, sides: 'two-sided' });
  const yes = classSequence('yes');
  const no = classSequence('no');
  const average = (pick: (interval: BalancedInterval['yes']) => number) => (pick(yes) + pick(no)) / 2;
  const estimate = average((interval) => interval.estimate);
  return {
    estimate,
    lower: Math.min(average((interval) => interval.lower), estimate),
    upper: Math.max(average((interval) => interval.upper), estimate),
    yes,
    no,
  };
}
