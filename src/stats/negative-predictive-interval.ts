import { answerShareInterval } from './answer-share-interval';
import { assertObject } from './assert-object';
import type { Interval } from './types';

/**
 * The exact (1 − δ) interval for the negative predictive value on the test set's mix,
 * NPV = TN/(TN + FN): Clopper–Pearson on TN correct out of the m = TN + FN NO answers,
 * = exactInterval(TN + FN, TN, δ) (δ/2 per side). The mirror image of `precisionInterval`.
 *
 * Why it is valid: for a random sample of a population, TN | m ~ Binomial(m, NPV), so the interval
 * covers NPV with probability ≥ 1 − δ for every m, hence unconditionally. It describes the test
 * set's mix (prevalence n₊/(n₊ + n₋)); `deploymentMetrics` gives NPV at another prevalence. With
 * class totals fixed by design, TN | m is noncentral hypergeometric: coverage of
 * n₋TNR/(n₋TNR + n₊FNR) measured ≥ 1 − δ in `detection-metrics.test.ts`, not proved.
 *
 * Reference: Clopper & Pearson (1934); conditioning on an ancillary sample size (Agresti,
 * "Categorical Data Analysis", 3rd ed., §1.4).
 * Domain: tn, fn whole ≥ 0 with tn + fn ≥ 1 (a safe integer); 1e-300 ≤ δ < 1.
 * Errors: RangeError naming the field ("fn must not be negative, got -1", "counts must be an
 * object {tn, fn}, got null"); with no NO answers (tn + fn = 0) NPV is 0/0: a RangeError
 * "tn + fn = 0: ..." (`detectionMetrics` reports `npv: null` instead).
 *
 * @example negativePredictiveInterval({ tn: 55, fn: 2 }, 0.05) // ≈ { estimate: 0.964912, lower: 0.878929, upper: 0.995722 }
 */
export function negativePredictiveInterval(counts: { tn: number; fn: number }, delta: number): Interval {
  assertObject(counts, 'counts', '{tn, fn}');
  return answerShareInterval(counts.tn, counts.fn, { right: 'tn', wrong: 'fn', answer: 'NO', share: 'NPV' }, delta);
}
