import type { ClassCounts, Interval } from '../../stats';
import { CLASS_INTERVAL_METHODS, classDetectorIntervals } from '../detectors/class-intervals';
import { computeIntervals } from '../detectors/detector-intervals';
import { type DeploymentChoice, deploymentChosen, deploymentFigures, detectionMetricFigures } from '../detectors/detector-metrics';
import type { Detector } from '../detectors/detector';
import type { ClassDetector } from '../detectors/class-detector';
import { toDetectorsFile } from '../detectors/detectors-schema';
import { BALANCED_METHOD_IDS, type BalancedMethod } from '../methods/balanced-method';
import { decimalComplement } from '../format/decimal-complement';
import { formatConfidence, formatEstimateWithInterval } from '../format/format';
import { markdownCell } from '../format/markdown-cell';
import { formatWholeCount } from '../format/count-format';

/**
 * Exports. JSON: the versioned detectors file (parseDetectorsFile reads it back unchanged).
 * CSV: the intervals, one row per detector and metric:
 *
 *   detector_id,detector_name,metric,correct,total,estimate,lower,upper,confidence,method
 *
 * - metric `balanced`: estimate/lower/upper by the workspace's balanced method — stats
 *   `balancedInversionInterval` (method `exact-test-inversion`, the default) or `balancedInterval`
 *   (the blog's union bound, δ/4 per tail, method `exact-union-bound`); correct and total are the sums over both classes
 *   (yes.correct + no.correct, yes.total + no.total) — note the estimate is the balanced accuracy,
 *   the mean of the two class accuracies, which differs from correct/total when the classes differ
 *   in size.
 * - metric `yes` / `no`: that class's counts and its central exact interval from stats `exactInterval`
 *   at δ, method `exact-central`.
 * - metric `precision`, `recall`, `specificity`, `npv`, `f1` (`detectionMetrics`): correct/total are
 *   what the estimate is a share of — TP/(TP + FP), TP/n₊, TN/n₋, TN/(TN + FN), 2TP/(2TP + FP + FN);
 *   method `exact-central-given-answers` (precision, NPV: Clopper–Pearson given the number of YES or
 *   NO answers, on the test set's mix), `exact-central` (recall, specificity) or `exact-union-bound` (F1).
 * - With a deployment (`prevalence`, `volume` given: the details view's link sets one), four more rows
 *   (`deploymentMetrics`) with `prevalence` and `volume` filled in and correct/total empty:
 *   `ppv_at_prevalence` and `npv_at_prevalence` (`exact-union-bound`), `false_alarms_per_day` and
 *   `missed_events_per_day` (expected counts a day, `exact-central`). Other rows leave both empty.
 * - K-class detectors (`classIntervalsToCsv`): `balanced` (the macro recall), `recall:<class>` and
 *   `precision:<class>` rows, in the same columns.
 * - A class with no examples has no interval: estimate, lower and upper are empty cells in its row
 *   and in the balanced and metric rows (the method column still names the construction); there are
 *   no deployment rows.
 * - Numbers are unrounded, in the shortest form that round-trips to the same double (String(x));
 *   confidence = 1 − δ, to 12 significant digits (0.93 for δ = 0.07, not 0.9299999999999999), or
 *   as many as it takes to stay below 1 (δ = 1e-13: 0.9999999999999); δ below 2⁻⁵³ writes 1.
 * - Text cells are RFC 4180 quoted when they contain a comma, quote, CR or LF. A text cell starting
 *   with = + - @ TAB or CR is prefixed with a single quote (') so spreadsheet programs do not run it
 *   as a formula (OWASP's CSV-injection advice). This changes how such names read in the CSV; the
 *   JSON export keeps every name exactly.
 */
export const INTERVALS_CSV_COLUMNS = [
  'detector_id',
  'detector_name',
  'metric',
  'correct',
  'total',
  'estimate',
  'lower',
  'upper',
  'confidence',
  'method',
  'prevalence',
  'volume',
] as const;
export const INTERVALS_CSV_HEADER = INTERVALS_CSV_COLUMNS.join(',');

export type IntervalMetric = 'balanced' | 'yes' | 'no';
/** The CSV `method` of each metric's row. */
export function methodOfMetric(metric: IntervalMetric, balanced: BalancedMethod): string {
  return metric === 'balanced' ? BALANCED_METHOD_IDS[balanced] : 'exact-central';
}

/** The detectors (and any K-class detectors) as the versioned JSON file, pretty-printed, ending in a newline. */
export function detectorsToJson(detectors: readonly Detector[], classDetectors: readonly ClassDetector[] = []): string {
  return `${JSON.stringify(toDetectorsFile(detectors, classDetectors), null, 2)}\n`;
}

/** Excel reads a CSV as UTF-8 only after a byte-order mark; without one "—" arrives as "â€”". */
export const UTF8_BOM = '\uFEFF';

/** The intervals at level 1 − δ as CSV text (BOM, CRLF line ends as RFC 4180 asks), header first; with a deployment, its rows too. */
export function intervalsToCsv(detectors: readonly Detector[], delta: number, method: BalancedMethod, deployment?: DeploymentChoice): string {
  const lines = [INTERVALS_CSV_HEADER];
  // 1 − 0.07 is 0.9299999999999999 in binary; 12 significant digits give the decimal the user chose.
  const confidence = confidenceCell(delta);
  for (const detector of detectors) {
    const intervals = computeIntervals(detector.yes, detector.no, delta, method);
    const rows: [IntervalMetric, ClassCounts, Interval | null][] = [
      [
        'balanced',
        { correct: detector.yes.correct + detector.no.correct, total: detector.yes.total + detector.no.total },
        intervals.balanced,
      ],
      ['yes', detector.yes, intervals.yes],
      ['no', detector.no, intervals.no],
    ];
    const row = (metric: string, counts: ClassCounts | null, interval: Interval | null, methodId: string, place = ['', '']) =>
      intervalsCsvRow(detector, metric, counts, interval, confidence, methodId, place);
    for (const [metric, counts, interval] of rows) lines.push(row(metric, counts, interval, methodOfMetric(metric, intervals.method)));
    for (const figure of detectionMetricFigures(detector.yes, detector.no, delta)) lines.push(row(figure.key, figure.counts, figure.interval, figure.methodId));
    const deployed = deploymentChosen(deployment) ? deploymentFigures(detector.yes, detector.no, deployment, delta) : null;
    if (deployed) {
      const place = [String(deployed.prevalence), String(deployed.volume)];
      const figures = [
        ['ppv_at_prevalence', deployed.ppv, 'exact-union-bound'],
        ['npv_at_prevalence', deployed.npv, 'exact-union-bound'],
        ['false_alarms_per_day', deployed.falseAlarms, 'exact-central'],
        ['missed_events_per_day', deployed.missedEvents, 'exact-central'],
      ] as const;
      for (const [metric, interval, methodId] of figures) lines.push(row(metric, null, interval, interval?.method ?? methodId, place));
    }
  }
  return `${UTF8_BOM}${lines.join('\r\n')}\r\n`;
}

/** One row of the intervals CSV (see INTERVALS_CSV_COLUMNS); empty cells where there are no counts or no interval. */
function intervalsCsvRow(detector: { id: string; name: string }, metric: string, counts: ClassCounts | null, interval: Interval | null, confidence: string, methodId: string, place = ['', '']): string {
  return [
    textCell(detector.id),
    textCell(detector.name),
    textCell(metric),
    counts ? String(counts.correct) : '',
    counts ? String(counts.total) : '',
    interval ? String(interval.estimate) : '',
    interval ? String(interval.lower) : '',
    interval ? String(interval.upper) : '',
    confidence,
    methodId,
    ...place,
  ].join(',');
}

/** A K-class detector as the intervals CSV takes it: its classes and confusion matrix (rows = true class, columns = answer). */
export interface ClassDetectorCounts {
  id: string;
  name: string;
  classes: readonly string[];
  matrix: readonly (readonly number[])[];
}

/**
 * K-class detectors' intervals at level 1 − δ as CSV text in the intervals export's columns (BOM,
 * CRLF, header first), one row per metric: `balanced` (the macro recall, method `exact-union-bound`
 * at δ/(2K) a class and side; correct/total the diagonal and all examples), then per class
 * `recall:<class>` (correct/total of its examples, `exact-central`) and `precision:<class>`
 * (correct/answers of the class, `exact-central-given-answers`). Undefined intervals (a class without
 * examples, or never answered) leave estimate, lower and upper empty, as for two classes. With
 * `after` = 'two-class rows', only the rows (to follow `intervalsToCsv`'s text in one file).
 */
export function classIntervalsToCsv(detectors: readonly ClassDetectorCounts[], delta: number, after: 'header' | 'two-class rows' = 'header'): string {
  const lines = after === 'header' ? [INTERVALS_CSV_HEADER] : [];
  const confidence = confidenceCell(delta);
  for (const detector of detectors) {
    const { balanced, classes } = classDetectorIntervals(detector.classes, detector.matrix, delta);
    const diagonal = classes.reduce((sum, figure) => sum + figure.correct, 0);
    const examples = classes.reduce((sum, figure) => sum + figure.total, 0);
    lines.push(intervalsCsvRow(detector, 'balanced', { correct: diagonal, total: examples }, balanced, confidence, CLASS_INTERVAL_METHODS.balanced));
    for (const figure of classes) {
      lines.push(intervalsCsvRow(detector, `recall:${figure.name}`, { correct: figure.correct, total: figure.total }, figure.recall, confidence, CLASS_INTERVAL_METHODS.recall));
      lines.push(intervalsCsvRow(detector, `precision:${figure.name}`, { correct: figure.correct, total: figure.answers }, figure.precision, confidence, CLASS_INTERVAL_METHODS.precision));
    }
  }
  return after === 'header' ? `${UTF8_BOM}${lines.join('\r\n')}\r\n` : lines.map((line) => `${line}\r\n`).join('');
}

/**
 * A K-class detector's intervals as a GitHub-flavoured Markdown table (for pull requests and model
 * cards): the macro recall, then per class its recall and its precision given its answers, each with
 * its counts and its exact interval at δ rounded outward, and a note naming the methods and δ.
 */
export function classIntervalsToMarkdown(detector: ClassDetectorCounts, delta: number): string {
  const { balanced, classes } = classDetectorIntervals(detector.classes, detector.matrix, delta);
  const level = formatConfidence(delta);
  const interval = (value: Interval | null) => (value === null ? '—' : formatEstimateWithInterval(value));
  const diagonal = classes.reduce((sum, figure) => sum + figure.correct, 0);
  const examples = classes.reduce((sum, figure) => sum + figure.total, 0);
  const rows = [
    ['Detector · class', 'Metric', 'Correct / total', `Estimate [${level} interval]`, 'Method'],
    ['---', '---', '---:', '---', '---'],
    [detector.name, 'macro recall (balanced accuracy)', `${formatWholeCount(diagonal)} / ${formatWholeCount(examples)}`, interval(balanced), CLASS_INTERVAL_METHODS.balanced],
    ...classes.flatMap((figure) => [
      [figure.name, 'recall', `${formatWholeCount(figure.correct)} / ${formatWholeCount(figure.total)}`, interval(figure.recall), CLASS_INTERVAL_METHODS.recall],
      [figure.name, 'precision', `${formatWholeCount(figure.correct)} / ${formatWholeCount(figure.answers)}`, interval(figure.precision), CLASS_INTERVAL_METHODS.precision],
    ]),
  ];
  const note =
    `Exact binomial-tail intervals (tailbound) at ${level}, δ = ${String(delta)}, bounds rounded outward: the macro recall by the union bound over the ` +
    `${2 * classes.length} one-sided class recall bounds at δ/${2 * classes.length} each; each class's recall and precision (given its answers) Clopper–Pearson at δ on its own.`;
  return `${rows.map((cells) => `| ${cells.map(markdownCell).join(' | ')} |`).join('\n')}\n\n${note}\n`;
}

/**
 * 1 − δ for the `confidence` column, taken in decimal from δ's shortest form (1 − 0.999999 is
 * 0.000001, not binary's 0.00000100000000003): as a number where one holds it, and in full where a
 * number would round it up to a claim of certainty (δ = 1e-20: 0.99999999999999999999).
 */
export function confidenceCell(delta: number): string {
  const exact = decimalComplement(String(delta));
  if (exact === undefined) return String(1 - delta);
  const value = Number(exact);
  return value < 1 ? String(value) : exact;
}

/**
 * Text a spreadsheet could take for a formula (OWASP's CSV injection): starting with = + - @ or
 * their full-width forms (＝ ＋ － ＠, which some spreadsheets read as the ASCII ones), also after
 * leading spaces or control characters (a spreadsheet that trims them on import sees the formula),
 * or starting with TAB, CR or LF.
 */
export const FORMULA_START = /^[\s\p{Cc}]*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r\n]/u;

/**
 * A text value as one CSV cell: formula-neutralised (a single quote before text `FORMULA_START`
 * matches), then quoted if needed. Every CSV the app and the CLI write puts its text through here.
 */
export function textCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The id of the ad-hoc detector behind `#/counts?yes=…&no=…`. */
export const AD_HOC_DETECTOR_ID = 'counts';

/** A detector made from counts alone, for the `#/counts` view (its details and export reuse everything). */
export function countsAdHocDetector(yes: ClassCounts, no: ClassCounts): Detector {
  return {
    id: AD_HOC_DETECTOR_ID,
    name: `Counts YES ${yes.correct}/${yes.total}, NO ${no.correct}/${no.total}`,
    query: '',
    yes: { correct: yes.correct, total: yes.total },
    no: { correct: no.correct, total: no.total },
  };
}
