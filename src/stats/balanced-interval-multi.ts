import { assertCounts } from './assert-counts';
import { assertDelta } from './assert-delta';
import { exactLowerBound } from './exact-lower-bound';
import { exactUpperBound } from './exact-upper-bound';
import type { ClassCounts, Interval } from './types';

/** The macro-averaged (balanced) interval and the per-class bounds it is the average of. */
export interface BalancedIntervalMulti extends Interval {
  classes: Interval[];
}

/**
 * The exact (1 − δ) interval for the balanced accuracy (mean per-class accuracy) of a K-class
 * problem: each class's exact lower and upper bound at δ/(2K), so by the union bound all 2K hold
 * together with probability ≥ 1 − δ, and the balanced bounds are their averages:
 * lower = (1/K) Σ p̲(nᵢ, kᵢ, δ/2K), upper = (1/K) Σ p̄(nᵢ, kᵢ, δ/2K), estimate = (1/K) Σ kᵢ/nᵢ.
 * For K = 2 this is the blog's δ/4 construction (`balancedInterval`).
 *
 * Reference: the blog, "Constructing the Bound for Balanced Accuracy" and Appendix A (union bound).
 * Domain: K ≥ 1 classes, each total ≥ 1 and 0 ≤ correct ≤ total whole; 0 < δ < 1.
 * Errors: RangeError naming the class (`classes[1].correct must be ≤ ...`, or by `classNames`);
 * EmptyClassError when a class has no examples (the balanced accuracy is then undefined).
 *
 * @example balancedIntervalMulti([{ correct: 90, total: 100 }, { correct: 95, total: 100 }], 0.05)
 * // ≈ { estimate: 0.925, lower: 0.84473, upper: 0.97122, classes: [...] }
 */
export function balancedIntervalMulti(
  classes: readonly ClassCounts[],
  delta: number,
  classNames: readonly string[] = [],
): BalancedIntervalMulti {
  if (!Array.isArray(classes) || classes.length === 0) {
    throw new RangeError(`classes must be a non-empty array, got ${Array.isArray(classes) ? '[]' : String(classes)}`);
  }
  assertDelta(delta);
  classes.forEach((counts, index) => {
    const name = classNames[index] ?? `classes[${index}]`;
    assertCounts(counts.total, counts.correct, { n: `${name}.total`, k: `${name}.correct` });
  });
  const perBound = delta / (2 * classes.length);
  const intervals = classes.map(({ correct, total }) => ({
    estimate: correct / total,
    lower: exactLowerBound(total, correct, perBound),
    upper: exactUpperBound(total, correct, perBound),
  }));
  const mean = (pick: (interval: Interval) => number) =>
    intervals.reduce((sum, interval) => sum + pick(interval), 0) / intervals.length;
  return {
    estimate: mean((interval) => interval.estimate),
    lower: mean((interval) => interval.lower),
    upper: mean((interval) => interval.upper),
    classes: intervals,
  };
}
