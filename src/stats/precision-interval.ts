import { answerShareInterval } from './answer-share-interval';
import { assertObject } from './assert-object';
import type { Interval } from './types';

/**
 * The exact (1 − δ) interval for precision (positive predictive value on the test set's mix),
 * TP/(TP + FP): Clopper–Pearson on TP correct out of the m = TP + FP YES answers,
 * = exactInterval(TP + FP, TP, δ) (δ/2 per side).
 *
 * Why it is valid: when the examples are a random sample of a population, each YES answer is, given
 * m, independently a true positive with probability PPV (the population's precision), so
 * TP | m ~ Binomial(m, PPV) and the interval covers PPV with probability ≥ 1 − δ for every m —
 * hence unconditionally. It describes the test set's mix of YES and NO examples (prevalence
 * n₊/(n₊ + n₋)), not a deployment's: use `deploymentMetrics` for PPV at another prevalence. When
 * the class totals are fixed by design (k₊ ~ Bin(n₊, TPR), k₋ ~ Bin(n₋, TNR) independent, the
 * model of the rest of tailbound), TP | m is Fisher's noncentral hypergeometric rather than
 * binomial and the guarantee above is not a theorem; its exact coverage of
 * n₊TPR/(n₊TPR + n₋FPR) is measured ≥ 1 − δ in `detection-metrics.test.ts` (every pair of class
 * sizes up to 10 × 10 and (20, 20), 30 × 30 grid of (TPR, TNR), δ = 0.05 and 0.01).
 *
 * Reference: Clopper & Pearson (1934); the conditioning argument is the one for a binomial
 * proportion given an ancillary sample size (e.g. Agresti, "Categorical Data Analysis", 3rd ed.,
 * §1.4). Domain: tp, fp whole ≥ 0 with tp + fp ≥ 1 (a safe integer); 1e-300 ≤ δ < 1.
 * Errors: RangeError naming the field ("tp must be a whole number, got 2.5", "counts must be an
 * object {tp, fp}, got null"); with no YES answers (tp + fp = 0) precision is 0/0: a RangeError
 * "tp + fp = 0: ..." (`detectionMetrics` reports `precision: null` instead).
 *
 * @example precisionInterval({ tp: 38, fp: 5 }, 0.05) // ≈ { estimate: 0.883721, lower: 0.749168, upper: 0.961148 }
 */
export function precisionInterval(counts: { tp: number; fp: number }, delta: number): Interval {
  assertObject(counts, 'counts', '{tp, fp}');
  return answerShareInterval(counts.tp, counts.fp, { right: 'tp', wrong: 'fp', answer: 'YES', share: 'precision' }, delta);
}
