import { assertObject } from './assert-object';
import { balancedIntervalMulti } from './balanced-interval-multi';
import type { BalancedInterval, ClassCounts } from './types';

/**
 * The exact (1 − δ) interval for a detector's balanced accuracy, (acc⁺ + acc⁻)/2: each class's
 * exact lower and upper bound at δ/4 (four bounds, union bound ⇒ all hold with probability ≥ 1 − δ),
 * the balanced bounds their averages. `yes` and `no` are those per-class δ/4 bounds — the
 * construction, not the per-class central intervals (use `exactInterval(n, k, δ)` for those).
 *
 * Reference: the blog, "Constructing the Bound for Balanced Accuracy"; Langford (2005).
 * Domain: each class total ≥ 1 and 0 ≤ correct ≤ total whole; 1e-300 ≤ δ < 1.
 * Errors: RangeError naming the field (`yes.correct must be ≤ yes.total (100), got 101`;
 * `counts must be an object {yes, no}` / `yes must be an object {correct, total}`);
 * EmptyClassError (`yes.total = 0: ...`) when a class has no examples.
 *
 * @example balancedInterval({ yes: { correct: 90, total: 100 }, no: { correct: 95, total: 100 } }, 0.05)
 * // ≈ { estimate: 0.925, lower: 0.84473, upper: 0.97122, yes: {...}, no: {...} }
 */
export function balancedInterval(counts: { yes: ClassCounts; no: ClassCounts }, delta: number): BalancedInterval {
  assertObject(counts, 'counts', '{yes, no}');
  const result = balancedIntervalMulti([counts.yes, counts.no], delta, ['yes', 'no']);
  const [yes, no] = result.classes as [BalancedInterval['yes'], BalancedInterval['no']];
  return { estimate: result.estimate, lower: result.lower, upper: result.upper, yes, no };
}
