import { assertDelta } from './assert-delta';
import { assertObject } from './assert-object';
import type { DetectorCounts, DifferenceInterval } from './comparison-types';
import { assertClass, classBounds, differenceOf } from './difference-interval';

/**
 * An exact (1 − δ) confidence interval for BA_A − BA_B, the difference of two detectors' balanced
 * accuracies measured on different (independent or not) test sets. Construction (union bound):
 * each of the eight exact one-sided bounds (lower and upper, YES and NO, A and B) at δ/8 —
 * i.e. each detector's `balancedInterval` at δ/2 — and
 * lower = (p̲_A,yes + p̲_A,no)/2 − (p̄_B,yes + p̄_B,no)/2, upper = (p̄_A,yes + p̄_A,no)/2 − (p̲_B,yes + p̲_B,no)/2,
 * estimate = BÂ_A − BÂ_B. Each end fails only if one of its four bounds fails, so coverage is
 * ≥ 1 − 8·δ/8 = 1 − δ for every true value. Exact coverage on grids is measured in
 * `difference-interval.test.ts`. Valid but conservative.
 *
 * Reference: the blog, "Constructing the Bound for Balanced Accuracy" (union bound); Clopper &
 * Pearson (1934). Domain: every class total ≥ 1, 0 ≤ correct ≤ total whole; 1e-300 ≤ δ < 1.
 * Errors: RangeError naming the field ("a.yes.correct must be ≤ a.yes.total (10), got 11",
 * "b must be an object {yes, no}"); EmptyClassError for an empty class.
 * Results: −1 ≤ lower ≤ estimate ≤ upper ≤ 1; swapping a and b negates the interval.
 *
 * @example balancedDifferenceInterval(
 *   { yes: { correct: 90, total: 100 }, no: { correct: 95, total: 100 } },
 *   { yes: { correct: 80, total: 100 }, no: { correct: 90, total: 100 } }, 0.05)
 * // ≈ { estimate: 0.075, lower: -0.0903512, upper: 0.2325161 }
 */
export function balancedDifferenceInterval(a: DetectorCounts, b: DetectorCounts, delta: number): DifferenceInterval {
  for (const [counts, name] of [[a, 'a'], [b, 'b']] as const) {
    assertObject(counts, name, '{yes, no}');
    assertClass(counts.yes, `${name}.yes`);
    assertClass(counts.no, `${name}.no`);
  }
  assertDelta(delta);
  const perBound = delta / 8;
  const balanced = (counts: DetectorCounts) => {
    const yes = classBounds(counts.yes, perBound);
    const no = classBounds(counts.no, perBound);
    return yes.map((value, index) => inside((value + no[index]!) / 2, value, no[index]!)) as [number, number, number];
  };
  return differenceOf(...balanced(a), ...balanced(b));
}

/** A mean kept between the two values it averages (rounding can push it an ulp outside). */
const inside = (mean: number, x: number, y: number) => Math.min(Math.max(mean, Math.min(x, y)), Math.max(x, y));
