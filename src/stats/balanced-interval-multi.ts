import { assertCounts } from './assert-counts';
import { assertDelta } from './assert-delta';
import { assertObject } from './assert-object';
import { exactLowerBound } from './exact-lower-bound';
import { exactUpperBound } from './exact-upper-bound';
import type { ClassCounts, Interval } from './types';

/** The smallest positive normal double. */
const MIN_NORMAL = 2.2250738585072014e-308;

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
 * Domain: K ≥ 1 classes, each total ≥ 1 and 0 ≤ correct ≤ total whole; 1e-300 ≤ δ < 1 with
 * δ/(2K) a normal double (≥ 2.2e-308). Each average is clamped into [min, max] of what it averages,
 * so rounding never puts the estimate outside [lower, upper] or a bound outside [0, 1].
 * Errors: RangeError naming the class (`classes[1].correct must be ≤ ...`, or by `classNames`;
 * `classes[0] must be an object {correct, total}` for a class that is not an object);
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
    const name = (Array.isArray(classNames) ? classNames[index] : undefined) ?? `classes[${index}]`;
    assertObject(counts, name, '{correct, total}');
    assertCounts(counts.total, counts.correct, { n: `${name}.total`, k: `${name}.correct` });
  });
  const perBound = delta / (2 * classes.length);
  if (!(perBound >= MIN_NORMAL)) {
    throw new RangeError(`delta must be at least ${2 * classes.length * MIN_NORMAL} for ${classes.length} classes (δ/(2K) must be a normal number), got ${delta}`);
  }
  const intervals = classes.map(({ correct, total }) => {
    const estimate = correct / total;
    // Exact bounds at a level ≤ ¼ straddle k/n; min/max only guard the last ulp.
    return {
      estimate,
      lower: Math.min(exactLowerBound(total, correct, perBound), estimate),
      upper: Math.max(exactUpperBound(total, correct, perBound), estimate),
    };
  });
  // A rounded mean can fall an ulp outside the values it averages; keep it inside them.
  const mean = (pick: (interval: Interval) => number) => {
    // A loop, not Math.min(...values): spreading 10⁵ classes overflows the call stack.
    let sum = 0;
    let least = Infinity;
    let most = -Infinity;
    for (const interval of intervals) {
      const value = pick(interval);
      sum += value;
      least = Math.min(least, value);
      most = Math.max(most, value);
    }
    return Math.min(Math.max(sum / intervals.length, least), most);
  };
  const estimate = mean((interval) => interval.estimate);
  return {
    estimate,
    lower: Math.min(mean((interval) => interval.lower), estimate),
    upper: Math.max(mean((interval) => interval.upper), estimate),
    classes: intervals,
  };
}
