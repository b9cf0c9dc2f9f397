import { assertConfusionMatrix } from './assert-confusion-matrix';
import { assertDelta } from './assert-delta';
import { assertProbability } from './assert-probability';
import { betaCdf } from './beta-cdf';
import { betaPdf } from './beta-pdf';
import { betaQuantile } from './beta-quantile';
import { betaSf } from './beta-sf';
import type { ConfusionMatrix, Interval } from './types';

/**
 * A posterior distribution of an accuracy on [0, 1] (Brodersen et al. 2010): its summaries and
 * functions. `interval(alpha)` is the central (equal-tailed) 1 − α posterior interval, reported
 * with the posterior mean as its `estimate`: lower ≤ upper in [0, 1] always, but the mean need not
 * lie inside when α is near 1 (the interval then shrinks to the median).
 */
export interface AccuracyPosterior {
  mean: number;
  median: number;
  mode: number;
  interval(alpha: number): Interval;
  cdf(x: number): number;
  pdf(x: number): number;
  /** P(accuracy > x), computed as an upper tail (accurate when tiny, not 1 − cdf). */
  probabilityAbove(x: number): number;
}

/**
 * The posterior of the plain accuracy of a binary classifier under a flat prior (Brodersen et al.
 * 2010, §II): with C = TP + TN correct and I = FN + FP incorrect predictions, A ~ Beta(C + 1, I + 1).
 * Mean (C + 1)/(C + I + 2); median B⁻¹(½); mode C/(C + I) (½ when there are no predictions, where
 * the posterior is flat); central interval [B⁻¹(α/2), B⁻¹(1 − α/2)], its upper end computed as
 * 1 − B⁻¹(α/2; I + 1, C + 1) to keep 1 − upper precise. Compare `posteriorBalancedAccuracy`: on an
 * imbalanced test set the plain accuracy can look far better than chance when the balanced one does
 * not (the paper's Figure 2).
 *
 * Reference: K. H. Brodersen, C. S. Ong, K. E. Stephan & J. M. Buhmann (2010), "The balanced
 * accuracy and its posterior distribution", ICPR, §II, eq. (2).
 * Domain: tp, fn, tn, fp whole numbers ≥ 0 (all 0 gives the flat prior); α in [1e-300, 1); x in [0, 1].
 * Errors: RangeError naming the count (`tp` …), `alpha` or `x`, with the value; `matrix: tp + tn
 * must be below 2^53` when a shape C + 1 or I + 1 would pass 2^53.
 *
 * @example posteriorAccuracy({ tp: 41, fn: 4, tn: 3, fp: 7 }).interval(0.05) // ≈ [0.68, 0.88], estimate = mean ≈ 0.79
 */
export function posteriorAccuracy(matrix: ConfusionMatrix): AccuracyPosterior {
  assertConfusionMatrix(matrix);
  for (const [cells, sum] of [['tp + tn', matrix.tp + matrix.tn], ['fn + fp', matrix.fn + matrix.fp]] as const) {
    if (!(sum < 2 ** 53)) throw new RangeError(`matrix: ${cells} must be below 2^53 (a Beta shape), got ${sum}`);
  }
  const correct = matrix.tp + matrix.tn;
  const incorrect = matrix.fn + matrix.fp;
  const a = correct + 1;
  const b = incorrect + 1;
  const mean = a / (a + b);
  return {
    mean,
    median: betaQuantile(0.5, a, b),
    mode: correct + incorrect === 0 ? 0.5 : correct / (correct + incorrect),
    interval(alpha: number): Interval {
      assertDelta(alpha, 'alpha');
      const upper = 1 - betaQuantile(alpha / 2, b, a);
      // As α → 1 both ends tend to the median; rounding must not make them cross.
      return { estimate: mean, lower: Math.min(betaQuantile(alpha / 2, a, b), upper), upper };
    },
    cdf: (x: number) => betaCdf(x, a, b),
    pdf: (x: number) => betaPdf(x, a, b),
    probabilityAbove(x: number): number {
      assertProbability('x', x);
      return betaSf(x, a, b);
    },
  };
}
