import { deploymentMetrics, detectionMetrics, type ClassCounts, type DeploymentMetrics, type MetricInterval } from '../../stats';
import { formatCountParts, formatWholeCount } from '../format/count-format';
import { formatConfidence, formatIntervalParts, percentNumber } from '../format/format';
import { METRIC_METHOD_NAMES } from '../methods/interval-wording';

/** The test-set metrics shown beside balanced accuracy, in the order the tables list them. */
export const DETECTION_METRIC_KEYS = ['precision', 'recall', 'specificity', 'npv', 'f1'] as const;
export type DetectionMetricKey = (typeof DETECTION_METRIC_KEYS)[number];

/** The construction behind each metric's interval, as the CSV names it (`detectionMetrics`' method ids). */
export const DETECTION_METRIC_METHOD_IDS: Record<DetectionMetricKey, string> = {
  precision: 'exact-central-given-answers',
  recall: 'exact-central',
  specificity: 'exact-central',
  npv: 'exact-central-given-answers',
  f1: 'exact-union-bound',
};

/** One test-set metric of a detector: the counts its estimate is a share of, and its exact interval. */
export interface MetricFigure {
  key: DetectionMetricKey;
  /**
   * What the estimate is the share of: TP of TP + FP (precision), TP of n₊ (recall), TN of n₋
   * (specificity), TN of TN + FN (NPV), 2TP of 2TP + FP + FN (F1).
   */
  counts: ClassCounts;
  /** null where the share is 0/0: precision without a YES answer, NPV without a NO answer. */
  interval: MetricInterval | null;
  methodId: string;
}

/**
 * Precision, recall, specificity, NPV and F1 of a detector at level 1 − δ, each with its exact
 * interval (`detectionMetrics`); every interval null when a class has no examples (recall or
 * specificity undefined). Each interval holds on its own, not jointly with the others.
 */
export function detectionMetricFigures(yes: ClassCounts, no: ClassCounts, delta: number): MetricFigure[] {
  const metrics = yes.total === 0 || no.total === 0 ? null : detectionMetrics({ yes, no }, delta);
  const tp = yes.correct;
  const fn = yes.total - tp;
  const tn = no.correct;
  const fp = no.total - tn;
  const counts: Record<DetectionMetricKey, ClassCounts> = {
    precision: { correct: tp, total: tp + fp },
    recall: yes,
    specificity: no,
    npv: { correct: tn, total: tn + fn },
    f1: { correct: 2 * tp, total: 2 * tp + fp + fn },
  };
  return DETECTION_METRIC_KEYS.map((key) => ({ key, counts: counts[key], interval: metrics?.[key] ?? null, methodId: DETECTION_METRIC_METHOD_IDS[key] }));
}

/** Images a day when a link names none: a round figure, said on the page. */
export const DEFAULT_DEPLOYMENT_VOLUME = 10_000;

/** A deployment as a link sets it: each part absent for its default (the test set's mix; DEFAULT_DEPLOYMENT_VOLUME a day). */
export interface DeploymentChoice {
  prevalence?: number;
  volume?: number;
}

/** Whether a deployment was chosen (a prevalence or a volume): the exports and the report carry its figures only then. */
export function deploymentChosen(choice: DeploymentChoice | undefined): choice is DeploymentChoice {
  return choice !== undefined && (choice.prevalence !== undefined || choice.volume !== undefined);
}

/** The share of should-be-YES examples in the test set, n₊/(n₊ + n₋): the prevalence when none is chosen. */
export function testSetPrevalence(yes: ClassCounts, no: ClassCounts): number {
  return yes.total / (yes.total + no.total);
}

/** The deployment figures and whether their prevalence is the test set's own mix (none chosen). */
export interface DeploymentFigures extends DeploymentMetrics {
  testSetMix: boolean;
}

/**
 * What the counts mean at a deployment (`deploymentMetrics` at level 1 − δ): the share of alarms
 * that are real, of NO answers that are right, false alarms and missed events a day. null when a
 * class has no examples (no rate to carry over), and so when the test set's mix is 0% or 100%.
 */
export function deploymentFigures(yes: ClassCounts, no: ClassCounts, choice: DeploymentChoice | undefined, delta: number): DeploymentFigures | null {
  if (yes.total === 0 || no.total === 0) return null;
  const prevalence = choice?.prevalence ?? testSetPrevalence(yes, no);
  const volume = choice?.volume ?? DEFAULT_DEPLOYMENT_VOLUME;
  return { ...deploymentMetrics({ yes, no }, { prevalence, volume }, delta), testSetMix: choice?.prevalence === undefined };
}

/** Each metric as the tables name it. */
export const DETECTION_METRIC_NAMES: Record<DetectionMetricKey, string> = {
  precision: 'Precision (share of YES answers that are right)',
  recall: 'Recall (should-be-YES accuracy)',
  specificity: 'Specificity (should-be-NO accuracy)',
  npv: 'NPV (share of NO answers that are right)',
  f1: 'F1',
};

/**
 * The deployment in one plain sentence, each range rounded outward with its level and method: "At 2%
 * prevalence and 10,000 images a day: 270–1,802 false alarms a day (95%, exact central), and
 * 7.6–46.9% of alarms real (95%, exact union bound); 1.2–33.9 missed events a day (95%, exact central)."
 */
export function deploymentSentence(figures: DeploymentFigures): string {
  const level = formatConfidence(figures.delta);
  const method = (interval: MetricInterval) => `${level}, ${METRIC_METHOD_NAMES[interval.method]!.replace(/ \(.*\)$/, '')}`;
  const alarms = formatCountParts(figures.falseAlarms);
  const missed = formatCountParts(figures.missedEvents);
  const real = figures.ppv && formatIntervalParts(figures.ppv);
  const place = `At ${percentNumber(figures.prevalence)}% prevalence${figures.testSetMix ? ' (the test set’s own mix)' : ''} and ${formatWholeCount(figures.volume)} images a day`;
  return (
    `${place}: ${alarms.lower}–${alarms.upper} false alarms a day (${method(figures.falseAlarms)})` +
    (real ? `, and ${real.lower.replace('%', '')}–${real.upper} of alarms real (${method(figures.ppv!)})` : '; with no YES answer on the test set, the share of alarms that are real has no estimate') +
    `; ${missed.lower}–${missed.upper} missed events a day (${method(figures.missedEvents)}).`
  );
}

/** What the detectors list can show as its column: balanced accuracy (the default) or one of the test-set metrics. */
export const LIST_METRICS = ['balanced', ...DETECTION_METRIC_KEYS] as const;
export type ListMetric = (typeof LIST_METRICS)[number];

/** The test-set metrics of a detector object at a δ, kept while the object lives (the store replaces it when its counts change). */
const figureCache = new WeakMap<object, { delta: number; figures: MetricFigure[] }>();

/** One test-set metric of a detector (cached per detector object and δ, so sorting 10,000 rows computes each once). */
export function detectorMetricFigure(detector: { yes: ClassCounts; no: ClassCounts }, key: DetectionMetricKey, delta: number): MetricFigure {
  let cached = figureCache.get(detector);
  if (!cached || cached.delta !== delta) {
    cached = { delta, figures: detectionMetricFigures(detector.yes, detector.no, delta) };
    figureCache.set(detector, cached);
  }
  return cached.figures[DETECTION_METRIC_KEYS.indexOf(key)]!;
}

/** Each list column's short name, for headers and sort orders. */
export const LIST_METRIC_NAMES: Record<ListMetric, string> = {
  balanced: 'Balanced accuracy',
  precision: 'Precision',
  recall: 'Recall',
  specificity: 'Specificity',
  npv: 'NPV',
  f1: 'F1',
};
