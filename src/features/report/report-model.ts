import {
  CLASS_LABELS,
  type ComputedIntervals,
  computeIntervals,
  type DeploymentChoice,
  deploymentChosen,
  type DeploymentFigures,
  deploymentFigures,
  DETECTION_METRIC_NAMES,
  detectionMetricFigures,
  type MetricFigure,
} from '../../data/detectors';
import type { ExpensiveBalancedNeed } from '../../data/workers';
import { BALANCED_METHOD_NAMES, type BalancedMethod, CLASS_METHOD, countsText, isExpensiveBalancedMethod, METRIC_METHOD_NAMES } from '../../data/methods';
import { formatConfidence, formatFullPrecision, formatIntervalParts, formatWholeCount } from '../../data/format';
import { deltaProblem } from '../../data/links';
import type { ClassCounts, Interval } from '../../stats';

/** A detector as the report needs it: stored ones have an id, ones from counts do not. */
export interface ReportDetector {
  id: string | null;
  name: string;
  query: string;
  yes: ClassCounts;
  no: ClassCounts;
  /** Where the counts came from (an import), when the detector says. */
  source?: string | undefined;
}

/**
 * The report's confidence: every interval at δ on its own, and for m > 1 detectors also at δ/m
 * (Bonferroni), so that all m hold together with probability at least 1 − δ.
 */
export interface ReportFamily {
  delta: number;
  m: number;
}

export interface ReportEntry extends ReportDetector {
  intervals: ComputedIntervals;
  /** The intervals at δ/m; null for a report of one detector (no correction needed). */
  simultaneous: ComputedIntervals | null;
  /** Precision, recall, specificity, NPV and F1 at δ, and at δ/m beside the simultaneous intervals. */
  metrics: MetricFigure[];
  simultaneousMetrics: MetricFigure[] | null;
  /** The figures at the link's deployment (at δ); null when the link sets none or a class is empty. */
  deployment: DeploymentFigures | null;
}

/**
 * The expensive intervals (by the test inversion or Buehler's) a report of `detectors` by `method`
 * shows, each at δ and, for more than one detector, at δ/m: none for the union bound.
 */
export function reportExpensiveNeeds(detectors: readonly ReportDetector[], delta: number, method: BalancedMethod): ExpensiveBalancedNeed[] {
  if (!isExpensiveBalancedMethod(method)) return [];
  const m = detectors.length;
  const deltas = hasSimultaneous({ delta, m }) ? [delta, delta / m] : [delta];
  return detectors.flatMap(({ yes, no }) => deltas.map((level) => ({ method, yes, no, delta: level })));
}

/** Whether the simultaneous intervals exist: several detectors, and δ/m a level the intervals take (≥ 1e-300). */
export function hasSimultaneous({ delta, m }: ReportFamily): boolean {
  return m > 1 && deltaProblem(delta / m) === null;
}

/**
 * The first `count` of a report's entries, each computed once, when first asked for: a report of
 * hundreds draws a few a frame, and computing every one up front (its class intervals and detection
 * metrics at δ and δ/m, about 0.1 ms each) held the page for one task.
 */
export function reportEntriesUpTo(
  detectors: readonly ReportDetector[],
  delta: number,
  method: BalancedMethod,
  deployment?: DeploymentChoice,
): (count: number) => ReportEntry[] {
  const family = { delta, m: detectors.length };
  const simultaneous = hasSimultaneous(family);
  const computed: ReportEntry[] = [];
  return (count) => {
    for (let index = computed.length; index < Math.min(count, detectors.length); index++) {
      const detector = detectors[index]!;
      computed.push({
        ...detector,
        intervals: computeIntervals(detector.yes, detector.no, delta, method),
        simultaneous: simultaneous ? computeIntervals(detector.yes, detector.no, delta / family.m, method) : null,
        metrics: detectionMetricFigures(detector.yes, detector.no, delta),
        simultaneousMetrics: simultaneous ? detectionMetricFigures(detector.yes, detector.no, delta / family.m) : null,
        deployment: deploymentChosen(deployment) ? deploymentFigures(detector.yes, detector.no, deployment, delta) : null,
      });
    }
    return computed.slice(0, count);
  };
}

/** δ/m for display: "δ/12 ≈ 0.00417" (the intervals use the exact quotient). */
export function simultaneousDeltaText({ delta, m }: ReportFamily): string {
  return `δ/${formatWholeCount(m)} ≈ ${Number((delta / m).toPrecision(3))}`;
}

/** One line of the intervals table: a metric of a detector with its interval(s) and method. */
export interface MetricRow {
  metric: string;
  counts: string;
  interval: Interval | null;
  simultaneous: Interval | null;
  method: string;
}

/** Balanced accuracy, each class, then precision, recall, specificity, NPV and F1. */
export function metricRows({ yes, no, intervals, simultaneous, metrics, simultaneousMetrics }: ReportEntry): MetricRow[] {
  const others = metrics.map((figure, index) => ({
    metric: DETECTION_METRIC_NAMES[figure.key],
    counts: countsText(figure.counts),
    interval: figure.interval,
    simultaneous: simultaneousMetrics?.[index]?.interval ?? null,
    method: METRIC_METHOD_NAMES[figure.methodId]!,
  }));
  return [
    { metric: 'Balanced accuracy', counts: `YES ${countsText(yes)}, NO ${countsText(no)}`, interval: intervals.balanced, simultaneous: simultaneous?.balanced ?? null, method: BALANCED_METHOD_NAMES[intervals.method] },
    { metric: 'Should-be-YES accuracy', counts: countsText(yes), interval: intervals.yes, simultaneous: simultaneous?.yes ?? null, method: CLASS_METHOD },
    { metric: 'Should-be-NO accuracy', counts: countsText(no), interval: intervals.no, simultaneous: simultaneous?.no ?? null, method: CLASS_METHOD },
    ...others,
  ];
}

/** "[80.6%, 98.7%]" rounded outward, or a dash for a class without examples. */
export function intervalText(interval: Interval | null): string {
  if (!interval) return '—';
  const shown = formatIntervalParts(interval);
  return `[${shown.lower}, ${shown.upper}]`;
}

export function estimateText(interval: Interval | null): string {
  return interval ? formatIntervalParts(interval).estimate : '—';
}

/** The sentence on δ and the correction for multiple detectors, for the checklist. */
export function familyText(family: ReportFamily): string {
  const level = formatConfidence(family.delta);
  const each = `Each interval is at ${level} confidence (δ = ${formatFullPrecision(family.delta)}) for its detector on its own.`;
  if (family.m === 1) {
    return `${each} No correction: this report has one detector. Reported beside m others, all would hold together only at δ/m each (Bonferroni).`;
  }
  const needs = `${each} For all ${formatWholeCount(family.m)} detectors of this report to hold together with probability ${level}, each needs ${simultaneousDeltaText(family)} (Bonferroni)`;
  return hasSimultaneous(family)
    ? `${needs}: those simultaneous intervals are shown too.`
    : `${needs}, below 1e-300, the smallest level the intervals take: no simultaneous intervals are shown (raise δ, or report fewer detectors).`;
}

/**
 * The reading of a detector's result in one paragraph: what the interval promises and what it does
 * not (the blog's Appendix B), its worst plausible value, where more labels help, and the
 * assumptions (the reporting checklist: correction for multiple detectors, independence).
 */
export function interpretation(entry: ReportEntry, family: ReportFamily): string {
  const level = formatConfidence(family.delta);
  const { balanced } = entry.intervals;
  if (!balanced) {
    const empty = (['yes', 'no'] as const).filter((name) => entry[name].total === 0).map((name) => CLASS_LABELS[name]);
    return (
      `Balanced accuracy is undefined for ${entry.name}: the ${empty.join(' and the ')} class has no examples, so there is ` +
      `nothing to average and no interval. Label examples of ${empty.length > 1 ? 'each class' : 'that class'} first.`
    );
  }
  const shown = formatIntervalParts(balanced);
  const widths = (['yes', 'no'] as const).map((name) => {
    const interval = entry.intervals[name];
    return { name, width: interval ? interval.upper - interval.lower : 0 };
  });
  const wider = widths[0]!.width === widths[1]!.width ? null : widths[0]!.width > widths[1]!.width ? 'yes' : 'no';
  const sentences = [
    `${entry.name} has a balanced accuracy of ${shown.estimate} with an exact ${level} interval of [${shown.lower}, ${shown.upper}], ` +
      `from ${countsText(entry.yes)} should-be-YES and ${countsText(entry.no)} should-be-NO examples answered correctly.`,
    `The procedure behind this interval contains the true balanced accuracy in at least ${level} of the test sets it is used on; ` +
      `it does not mean a ${level} probability that the true value lies in this particular range: for this range it either does ` +
      `or does not, and we do not know which (a Bayesian credible interval, such as Brodersen et al.’s posterior, answers that question).`,
    `Read ${shown.lower} as the worst plausible balanced accuracy at this level.`,
    wider === null
      ? 'Both classes have intervals of the same width: more labels in either narrow the balanced interval alike.'
      : `The ${CLASS_LABELS[wider]} class (${formatWholeCount(entry[wider].total)} examples) has the wider interval: more labels there narrow the balanced interval most.`,
  ];
  if (entry.simultaneous?.balanced) {
    sentences.push(
      `Alongside the other ${formatWholeCount(family.m - 1)} detectors of this report, each balanced interval at ` +
        `${simultaneousDeltaText(family)} (so that all ${formatWholeCount(family.m)} hold together with probability ≥ ${level}), this one widens to ${intervalText(entry.simultaneous.balanced)}.`,
    );
  }
  sentences.push('The intervals assume independent test examples; examples that share a scene, a camera or a time make them too narrow.');
  return sentences.join(' ');
}
