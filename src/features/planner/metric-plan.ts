import type { PlanLink } from '../../data/links';
import type { DetectionMetricKey } from '../../data/detectors';
import { exactInterval, labelsForProportion, type Interval, type ProportionPlan } from '../../stats';

/** The metrics the planner plans one proportion for (F1 joins two, see `F1_NOT_PLANNED`). */
export type PlannedMetric = Exclude<DetectionMetricKey, 'f1'>;

/** A plan for a target on one metric: its proportion's plan, counted in `unit`. */
export interface MetricPlan {
  metric: PlannedMetric;
  /** What is counted: labels of one class (recall, specificity) or answers of one kind (precision, NPV). */
  unit: string;
  plan: ProportionPlan;
  /** The counts in hand: k of n (TP of TP + FP for precision, …). */
  current: { correct: number; total: number };
  /**
   * Precision and NPV: the share of newly labelled examples that are answers of that kind, under the
   * same assumptions (s·a₊ + (1 − s)(1 − a₋) for YES answers), to say roughly how many labels the
   * answers take; null for recall and specificity, whose unit is labels.
   */
  answerShare: number | null;
}

/** Why F1 has no plan here, in words for the page and the CLI. */
export const F1_NOT_PLANNED =
  'the planner does not plan for F1: its exact interval joins precision’s and recall’s one-sided bounds (the union bound, δ/4 each), ' +
  'which move with the labels of both classes and with the detector’s answers at once, and no exact search over that is built here; ' +
  'plan recall and precision each instead';

/** The unit each metric's plan counts. */
export const METRIC_PLAN_UNITS: Record<PlannedMetric, string> = {
  recall: 'should-be-YES labels',
  specificity: 'should-be-NO labels',
  precision: 'labelled YES answers',
  npv: 'labelled NO answers',
};

/**
 * The link's counts and assumptions as one proportion's: recall is the should-be-YES class (k₊ of
 * n₊, new labels at the YES accuracy), specificity the should-be-NO class; precision is TP of the
 * YES answers TP + FP, new YES answers right at s·a₊ / (s·a₊ + (1 − s)(1 − a₋)) (s the YES share of
 * new labels, a the per-class accuracies; with nothing assumed this is the observed TP/(TP + FP)),
 * NPV likewise TN of TN + FN. Each interval is Clopper–Pearson (given the number of answers, for
 * precision and NPV), as `detectionMetrics` computes it.
 */
export function metricPlan(link: PlanLink, metric: PlannedMetric): MetricPlan | string {
  const goal = link.goal === 'lower' ? 'lower-bound' : 'width';
  if (metric === 'recall' || metric === 'specificity') {
    const current = metric === 'recall' ? link.yes : link.no;
    const accuracy = metric === 'recall' ? link.accuracyYes : link.accuracyNo;
    if (accuracy === undefined && current.total === 0) return `enter the “Accuracy on should-be-${metric === 'recall' ? 'YES' : 'NO'}”: there are no such labels yet to take it from`;
    return { metric, unit: METRIC_PLAN_UNITS[metric], plan: labelsForProportion(current, accuracy, link.delta, goal, link.target), current, answerShare: null };
  }
  const tp = link.yes.correct;
  const fn = link.yes.total - tp;
  const tn = link.no.correct;
  const fp = link.no.total - tn;
  const labelled = link.yes.total + link.no.total;
  const yesShare = link.ratio ? link.ratio.yes / (link.ratio.yes + link.ratio.no) : labelled > 0 ? link.yes.total / labelled : undefined;
  const yesAccuracy = link.accuracyYes ?? (link.yes.total > 0 ? tp / link.yes.total : undefined);
  const noAccuracy = link.accuracyNo ?? (link.no.total > 0 ? tn / link.no.total : undefined);
  if (yesShare === undefined || yesAccuracy === undefined || noAccuracy === undefined) {
    return 'enter the accuracies and the YES:NO ratio of new labels: there are not the labels yet to take them from';
  }
  // Expected shares of new labelled examples: right and wrong answers of the metric's kind.
  const right = metric === 'precision' ? yesShare * yesAccuracy : (1 - yesShare) * noAccuracy;
  const wrong = metric === 'precision' ? (1 - yesShare) * (1 - noAccuracy) : yesShare * (1 - yesAccuracy);
  const kind = metric === 'precision' ? 'YES' : 'NO';
  if (right + wrong === 0) return `at these assumptions new labels bring no ${kind} answers, so more labels cannot move the ${metric === 'precision' ? 'precision' : 'NPV'}`;
  const current = metric === 'precision' ? { correct: tp, total: tp + fp } : { correct: tn, total: tn + fn };
  const assumed = link.accuracyYes === undefined && link.accuracyNo === undefined && link.ratio === undefined && current.total > 0 ? undefined : right / (right + wrong);
  return { metric, unit: METRIC_PLAN_UNITS[metric], plan: labelsForProportion(current, assumed, link.delta, goal, link.target), current, answerShare: right + wrong };
}

/** The projected interval of a metric plan after `additional` more of its unit, as the plan's search evaluates it. */
export function metricIntervalAt(plan: MetricPlan, additional: number): Interval | null {
  const total = plan.current.total + additional;
  return total === 0 ? null : exactInterval(total, plan.current.correct + Math.round(plan.plan.accuracy * additional), plan.plan.delta);
}
