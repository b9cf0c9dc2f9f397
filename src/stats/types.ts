/** A point estimate with its confidence (or credible) bounds, all as absolute proportions in [0, 1]. */
export interface Interval {
  estimate: number;
  lower: number;
  upper: number;
}

/** Ground-truth results for one class: how many of `total` examples the detector got right. */
export interface ClassCounts {
  correct: number;
  total: number;
}

/** The balanced-accuracy interval together with the per-class intervals it was built from. */
export interface BalancedInterval extends Interval {
  yes: Interval;
  no: Interval;
}

/** A binary confusion matrix (YES is the positive class). */
export interface ConfusionMatrix {
  tp: number;
  fn: number;
  tn: number;
  fp: number;
}

/** The two-sided proportion-interval methods, named as in statsmodels' `proportion_confint`. */
export type ProportionMethod = 'clopper_pearson' | 'wilson' | 'agresti_coull' | 'jeffreys' | 'wald';
