import { assertConfusionMatrix } from './assert-confusion-matrix';
import { assertCounts } from './assert-counts';
import { assertDelta } from './assert-delta';
import { assertWholeNumber } from './assert-whole-number';
import { exactLowerBound } from './exact-lower-bound';
import { exactUpperBound } from './exact-upper-bound';
import { monotoneUnionInterval } from './monotone-union-interval';
import type { ConfusionMatrix, Interval } from './types';

/** F1 as the harmonic mean of precision and recall; 0 when both are 0. */
const harmonic = ([precision, recall]: readonly number[]): number => {
  const p = precision!;
  const r = recall!;
  return p + r > 0 ? (2 * p * r) / (p + r) : 0;
};

/**
 * An exact (1 − δ) interval for F1 = 2TP/(2TP + FP + FN) = 2PR/(P + R), the harmonic mean of
 * precision P = TP/(TP + FP) and recall R = TP/(TP + FN), by the union bound
 * (`monotoneUnionInterval`): F1 rises with both P and R, so
 * [F1(P_L, R_L), F1(P_U, R_U)] with each of the four one-sided exact bounds at δ/4 — P's
 * Clopper–Pearson given the TP + FP YES answers (as `precisionInterval`), R's given the TP + FN YES
 * examples — holds with probability ≥ 1 − δ whatever the dependence of P̂ and R̂ (they share TP).
 * With no YES answers P is unconstrained: its bounds are [0, 1] (vacuous, so still valid) and the
 * estimate is 0. The estimand is F1 on the test set's mix of classes (the population's F1 when the
 * examples are a random sample of it); exact coverage with class totals fixed by design is measured
 * ≥ 1 − δ in `detection-metrics.test.ts` (class sizes up to 10 × 10 and (20, 20), 30 × 30 grid).
 *
 * Reference: the construction (#28); the blog, "Constructing the Bound for Balanced
 * Accuracy" (union bound); Clopper & Pearson (1934); van Rijsbergen (1979) for F1.
 * Domain: a confusion matrix of whole numbers ≥ 0 with tp + fn ≥ 1 (TN is not used); 1e-300 ≤ δ < 1.
 * Errors: `assertConfusionMatrix` policy ("fp must not be negative, got -1", "matrix must be an
 * object {tp, fn, tn, fp}, got null"); EmptyClassError "tp + fn = 0: ..." when there are no YES
 * examples (recall, and F1, undefined).
 *
 * @example f1Interval({ tp: 38, fn: 2, tn: 55, fp: 5 }, 0.05) // ≈ { estimate: 0.915663, lower: 0.768251, upper: 0.981436 }
 */
export function f1Interval(matrix: ConfusionMatrix, delta: number): Interval {
  assertConfusionMatrix(matrix);
  const { tp, fn, fp } = matrix;
  assertWholeNumber(tp + fn, 'tp + fn');
  assertWholeNumber(tp + fp, 'tp + fp');
  assertCounts(tp + fn, tp, { n: 'tp + fn', k: 'tp' });
  assertDelta(delta);
  const answers = tp + fp;
  const examples = tp + fn;
  const interval = monotoneUnionInterval(
    harmonic,
    [
      {
        estimate: answers > 0 ? tp / answers : 0,
        direction: 1,
        bounds: (level) => (answers > 0 ? [exactLowerBound(answers, tp, level), exactUpperBound(answers, tp, level)] : [0, 1]),
      },
      { estimate: tp / examples, direction: 1, bounds: (level) => [exactLowerBound(examples, tp, level), exactUpperBound(examples, tp, level)] },
    ],
    delta,
  );
  // The count form of the estimate (2P̂R̂/(P̂ + R̂) equals it up to rounding), the ends kept around it.
  const estimate = (2 * tp) / (2 * tp + fp + fn);
  return { estimate, lower: Math.min(interval.lower, estimate), upper: Math.max(interval.upper, estimate) };
}
