/**
 * The results every output is written from: per detector its counts, its intervals (the dashboard's
 * `computeIntervals`, with the CSV export's method names), a link that reopens the numbers, and with
 * a gate whether it passes. `--json` prints this object (its shape is documented in the README).
 */
import type { ClassCounts, Interval } from '../stats';
import {
  ANYTIME_METHOD_IDS,
  anytimeIntervals,
  BALANCED_METHOD_IDS,
  CLASS_INTERVAL_METHODS,
  classDetectorIntervals,
  computeIntervals,
  confidenceCell,
  countsHref,
  methodOfMetric,
  multiclassHref,
  sliceTable,
  type BalancedMethod,
} from './dashboard';
import type { InputClassDetector, InputDetector, InputSummary } from './inputs';

export const METRICS = ['balanced', 'yes', 'no', 'balanced-error', 'yes-error', 'no-error'] as const;
export type Metric = (typeof METRICS)[number];

/** The balanced construction asked for: a fixed-n one (`--method`), or `anytime` (`--anytime`: confidence sequences, valid however often the gate is run). */
export type ReportMethod = BalancedMethod | 'anytime';

export interface Gate {
  metric: Metric;
  minLower: number | null;
  maxUpper: number | null;
}

export interface MethodInterval extends Interval {
  method: string;
}

export interface Verdict {
  pass: boolean;
  /** The metric's interval the gate read (error metrics: 1 − accuracy, ends swapped); null when it has none. */
  interval: Interval | null;
  reason: string;
}

export interface SliceResult {
  value: string | null;
  yes: ClassCounts;
  no: ClassCounts;
  intervals: { balanced: MethodInterval | null; yes: MethodInterval | null; no: MethodInterval | null };
  underpowered: boolean;
  check: Verdict | null;
}

export interface DetectorResult {
  id: string;
  name: string;
  source: string;
  yes: ClassCounts;
  no: ClassCounts;
  delta: number;
  intervals: { balanced: MethodInterval | null; yes: MethodInterval | null; no: MethodInterval | null };
  link: string | null;
  check: Verdict | null;
  slices: { column: string; family: number; sliceDelta: number; rows: SliceResult[] } | null;
}

/** One class of a K-class detector: its counts and intervals, each at the detector's δ on its own. */
export interface ClassResult {
  class: string;
  /** Examples of the class, how many were answered as it, and how often the detector answered it. */
  total: number;
  correct: number;
  answers: number;
  /** Null when the class has no examples. */
  recall: MethodInterval | null;
  /** Null when the detector never answered this class (0/0). */
  precision: MethodInterval | null;
}

/** A K-class detector (a per-example file whose labels are 3 or more classes). */
export interface ClassDetectorResult {
  id: string;
  name: string;
  source: string;
  classes: string[];
  /** matrix[i][j]: examples of class i answered class j. */
  matrix: number[][];
  delta: number;
  /** The macro recall (the balanced accuracy of K classes): the exact union bound at δ/(2K) a class and side; null when a class has no examples. */
  balanced: MethodInterval | null;
  perClass: ClassResult[];
  /** The class whose recall bound costs the macro lower bound most; null without a macro recall. */
  limitingClass: string | null;
  link: string | null;
  check: Verdict | null;
}

export interface Report {
  tailbound: string;
  command: 'check' | 'intervals';
  inputs: InputSummary[];
  delta: number;
  confidence: string;
  /** The balanced interval's construction: the option value (`anytime` with --anytime) and the CSV export's method id. */
  method: { option: ReportMethod; id: string };
  bonferroni: { detectors: number; detectorDelta: number } | null;
  gate: Gate | null;
  detectors: DetectorResult[];
  /** K-class detectors (absent when there are none). */
  classDetectors?: ClassDetectorResult[];
  verdict: 'pass' | 'fail' | null;
  exitCode: 0 | 1;
}

export interface ReportOptions {
  command: 'check' | 'intervals';
  version: string;
  delta: number;
  method: ReportMethod;
  gate: Gate | null;
  bonferroni: boolean;
  site: string | null;
  sliceColumn: string | null;
}

const CLASS_NAMES = { yes: 'should-be-YES', no: 'should-be-NO' } as const;

function withMethod(interval: Interval | null, method: string): MethodInterval | null {
  return interval === null ? null : { estimate: interval.estimate, lower: interval.lower, upper: interval.upper, method };
}

/** The dashboard's `computeIntervals` (expensive intervals computed in worker threads first are in its cache), or with --anytime its confidence sequences. */
function intervalsOf(yes: ClassCounts, no: ClassCounts, delta: number, method: ReportMethod): DetectorResult['intervals'] {
  if (method === 'anytime') {
    const anytime = anytimeIntervals(yes, no, delta);
    return { balanced: withMethod(anytime.balanced, ANYTIME_METHOD_IDS.balanced), yes: withMethod(anytime.yes, ANYTIME_METHOD_IDS.yes), no: withMethod(anytime.no, ANYTIME_METHOD_IDS.no) };
  }
  const computed = computeIntervals(yes, no, delta, method);
  return {
    balanced: withMethod(computed.balanced, methodOfMetric('balanced', computed.method)),
    yes: withMethod(computed.yes, methodOfMetric('yes', computed.method)),
    no: withMethod(computed.no, methodOfMetric('no', computed.method)),
  };
}

/** Reads the gate's metric off the intervals and says whether it clears the bounds. */
export function judge(gate: Gate, intervals: DetectorResult['intervals'], yes: ClassCounts, no: ClassCounts, balancedWord = 'balanced accuracy'): Verdict {
  const base = gate.metric.replace(/-error$/, '') as 'balanced' | 'yes' | 'no';
  const error = gate.metric.endsWith('-error');
  const accuracy = intervals[base];
  const word = `${base === 'balanced' ? balancedWord : `${CLASS_NAMES[base]} accuracy`}${error ? ' error rate' : ''}`;
  if (accuracy === null) {
    const empty = [yes.total === 0 ? CLASS_NAMES.yes : null, no.total === 0 ? CLASS_NAMES.no : null].filter(Boolean).join(' and ');
    return { pass: false, interval: null, reason: `no ${empty} examples: the ${word} has no interval, so nothing is proven` };
  }
  const interval = error ? { estimate: 1 - accuracy.estimate, lower: 1 - accuracy.upper, upper: 1 - accuracy.lower } : { estimate: accuracy.estimate, lower: accuracy.lower, upper: accuracy.upper };
  const problems: string[] = [];
  if (gate.minLower !== null && !(interval.lower >= gate.minLower)) problems.push(`lower bound ${interval.lower} < ${gate.minLower}`);
  if (gate.maxUpper !== null && !(interval.upper <= gate.maxUpper)) problems.push(`upper bound ${interval.upper} > ${gate.maxUpper}`);
  if (problems.length > 0) return { pass: false, interval, reason: `${word}: ${problems.join('; ')}` };
  const proven = [gate.minLower !== null ? `lower bound ${interval.lower} ≥ ${gate.minLower}` : null, gate.maxUpper !== null ? `upper bound ${interval.upper} ≤ ${gate.maxUpper}` : null].filter(Boolean);
  return { pass: true, interval, reason: `${word}: ${proven.join('; ')}` };
}

/** The site's address with the dashboard route after it: `https://…/tailbound/#/counts?yes=…`. */
export function siteLink(site: string, href: string): string {
  return `${site.replace(/#.*$/, '')}${href}`;
}

/** The level each detector's intervals are built at: δ, or δ/m with --bonferroni. */
export function detectorDelta(count: number, delta: number, bonferroni: boolean): number {
  return bonferroni && count > 1 ? delta / count : delta;
}

export function buildReport(detectors: readonly InputDetector[], classDetectors: readonly InputClassDetector[], inputs: InputSummary[], options: ReportOptions): Report {
  const { delta, method, gate } = options;
  const family = detectors.length + classDetectors.length;
  const eachDelta = detectorDelta(family, delta, options.bonferroni);
  const results = detectors.map((detector): DetectorResult => {
    const intervals = intervalsOf(detector.yes, detector.no, eachDelta, method);
    const check = gate === null ? null : judge(gate, intervals, detector.yes, detector.no);
    const linkable = detector.yes.total > 0 && detector.no.total > 0;
    return {
      id: detector.id,
      name: detector.name,
      source: detector.source,
      yes: detector.yes,
      no: detector.no,
      delta: eachDelta,
      intervals,
      link: options.site !== null && linkable ? siteLink(options.site, countsHref(detector.yes, detector.no, eachDelta, method === 'anytime' ? undefined : method)) : null,
      check,
      slices: detector.slices && options.sliceColumn !== null ? sliceResults(options.sliceColumn, detector.slices, eachDelta, method, gate) : null,
    };
  });
  const classResults = classDetectors.map((detector) => classDetectorResult(detector, eachDelta, gate, options.site));
  const failed =
    results.some((result) => result.check?.pass === false || result.slices?.rows.some((row) => row.check?.pass === false)) || classResults.some((result) => result.check?.pass === false);
  return {
    tailbound: options.version,
    command: options.command,
    inputs,
    delta,
    confidence: confidenceCell(delta),
    method: { option: method, id: method === 'anytime' ? ANYTIME_METHOD_IDS.balanced : BALANCED_METHOD_IDS[method] },
    bonferroni: options.bonferroni ? { detectors: family, detectorDelta: eachDelta } : null,
    gate,
    detectors: results,
    ...(classResults.length > 0 ? { classDetectors: classResults } : {}),
    verdict: gate === null ? null : failed ? 'fail' : 'pass',
    exitCode: gate !== null && failed ? 1 : 0,
  };
}

/**
 * A K-class detector's macro recall and per-class intervals (`classDetectorIntervals`, as the
 * #/counts?classes view and the CSV), judged on the macro recall: the gate's metric is `balanced` or
 * `balanced-error` (main refuses the others for K-class files).
 */
function classDetectorResult(detector: InputClassDetector, delta: number, gate: Gate | null, site: string | null): ClassDetectorResult {
  const { classes, matrix } = detector;
  const computed = classDetectorIntervals(classes, matrix, delta);
  const balanced = withMethod(computed.balanced, CLASS_INTERVAL_METHODS.balanced);
  const perClass = computed.classes.map(
    ({ name, total, correct, answers, recall, precision }): ClassResult => ({
      class: name,
      total,
      correct,
      answers,
      recall: withMethod(recall, CLASS_INTERVAL_METHODS.recall),
      precision: withMethod(precision, CLASS_INTERVAL_METHODS.precision),
    }),
  );
  let check: Verdict | null = null;
  if (gate !== null && balanced === null) {
    const missing = computed.classes.filter((figure) => figure.total === 0).map((figure) => `“${figure.name}”`);
    check = { pass: false, interval: null, reason: `no ${missing.join(', ')} examples: the macro recall has no interval, so nothing is proven` };
  } else if (gate !== null && balanced !== null) {
    // judge reads the class counts only to name an empty class, which a macro recall with an interval has none of.
    const unread = { correct: 1, total: 1 };
    check = judge(gate, { balanced, yes: null, no: null }, unread, unread, 'macro recall');
  }
  return {
    id: detector.id,
    name: detector.name,
    source: detector.source,
    classes,
    matrix,
    delta,
    balanced,
    perClass,
    limitingClass: computed.limitingClass === null ? null : classes[computed.limitingClass]!,
    link: site === null || balanced === null ? null : siteLink(site, multiclassHref({ classes, matrix, delta })),
    check,
  };
}

/** Slices as the page builds them: every slice with labels at δ/m (Bonferroni), the chosen balanced method at that level. */
function sliceResults(column: string, groups: NonNullable<InputDetector['slices']>, delta: number, method: ReportMethod, gate: Gate | null): DetectorResult['slices'] {
  const table = sliceTable(groups, delta);
  const rows = table.rows.map((row): SliceResult => {
    const intervals = intervalsOf(row.yes, row.no, table.sliceDelta, method);
    const hasLabels = row.yes.total > 0 || row.no.total > 0;
    return {
      value: row.group,
      yes: row.yes,
      no: row.no,
      intervals,
      underpowered: row.thinClasses.length > 0,
      check: gate === null || !hasLabels ? null : judge(gate, intervals, row.yes, row.no),
    };
  });
  // Worst first by the chosen method's balanced lower bound, as the page once every interval is in.
  rows.sort((a, b) => (a.intervals.balanced?.lower ?? Infinity) - (b.intervals.balanced?.lower ?? Infinity) || String(a.value).localeCompare(String(b.value)));
  return { column, family: table.family, sliceDelta: table.sliceDelta, rows };
}
