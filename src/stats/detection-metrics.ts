import { assertDelta } from './assert-delta';
import { assertObject } from './assert-object';
import type { DetectorCounts } from './comparison-types';
import { assertClass } from './difference-interval';
import { exactInterval } from './exact-interval';
import { f1Interval } from './f1-interval';
import type { DetectionMetrics, MetricInterval } from './metric-types';
import { negativePredictiveInterval } from './negative-predictive-interval';
import { precisionInterval } from './precision-interval';

/**
 * Every detection metric of a detector from its per-class counts, each with its own exact (1 − δ)
 * interval and the method's name. With TP = yes.correct, FN = yes.total − TP, TN = no.correct,
 * FP = no.total − TN:
 *
 * - recall (sensitivity, TPR) = TP/n₊ is the should-be-YES accuracy and specificity (TNR) = TN/n₋
 *   the should-be-NO accuracy: the same Clopper–Pearson intervals, `exactInterval(n, k, δ)` on the
 *   class counts, under both names ('exact-central');
 * - precision = TP/(TP + FP) and NPV = TN/(TN + FN) on the test set's mix: Clopper–Pearson given the
 *   number of YES (NO) answers (`precisionInterval`, `negativePredictiveInterval`;
 *   'exact-central-given-answers'); null when there were no such answers (0/0);
 * - F1 = 2TP/(2TP + FP + FN): the union bound over precision's and recall's one-sided bounds at δ/4
 *   (`f1Interval`; 'exact-union-bound').
 *
 * Each interval holds with probability ≥ 1 − δ on its own; they are not simultaneous (for a family,
 * divide δ among the metrics used). Balanced accuracy is not repeated here: take it from the chosen
 * balanced method (`balancedBuehlerInterval`, `balancedInterval`, …). For a deployment's prevalence
 * rather than the test set's, see `deploymentMetrics`.
 *
 * Reference: Clopper & Pearson (1934); the blog, "Constructing the Bound for Balanced Accuracy"
 * (union bound); issue #28. Domain: each class total ≥ 1, 0 ≤ correct ≤ total whole; 1e-300 ≤ δ < 1.
 * Errors: RangeError naming the field ("yes.correct must be ≤ yes.total (40), got 41", "counts must be
 * an object {yes, no}, got null"; "counts must hold at most 9007199254740991 examples in all ..." when the two
 * classes together pass 2^53 − 1); EmptyClassError ("no.total = 0: ...") for an empty class.
 *
 * @example detectionMetrics({ yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } }, 0.05)
 * // ≈ { recall: { estimate: 0.95, lower: 0.830803, upper: 0.993886, method: 'exact-central' },
 * //     precision: { estimate: 0.883721, lower: 0.749168, upper: 0.961148, … }, f1: { estimate: 0.915663, … }, … }
 */
export function detectionMetrics(counts: DetectorCounts, delta: number): DetectionMetrics {
  assertObject(counts, 'counts', '{yes, no}');
  assertClass(counts.yes, 'yes');
  assertClass(counts.no, 'no');
  if (!Number.isSafeInteger(counts.yes.total + counts.no.total)) {
    throw new RangeError(`counts must hold at most ${Number.MAX_SAFE_INTEGER} examples in all (precision and NPV count answers from both classes), got ${counts.yes.total} + ${counts.no.total}`);
  }
  assertDelta(delta);
  const tp = counts.yes.correct;
  const fn = counts.yes.total - tp;
  const tn = counts.no.correct;
  const fp = counts.no.total - tn;
  const named = (interval: { estimate: number; lower: number; upper: number }, method: string): MetricInterval => ({ ...interval, method });
  return {
    delta,
    recall: named(exactInterval(counts.yes.total, tp, delta), 'exact-central'),
    specificity: named(exactInterval(counts.no.total, tn, delta), 'exact-central'),
    precision: tp + fp === 0 ? null : named(precisionInterval({ tp, fp }, delta), 'exact-central-given-answers'),
    npv: tn + fn === 0 ? null : named(negativePredictiveInterval({ tn, fn }, delta), 'exact-central-given-answers'),
    f1: named(f1Interval({ tp, fn, tn, fp }, delta), 'exact-union-bound'),
  };
}
