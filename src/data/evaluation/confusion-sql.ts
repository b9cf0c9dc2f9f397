/**
 * A label column with more than two values (issue 31): the file read as K-class detectors, each with
 * its confusion matrix (rows = true class, columns = answer) from one GROUP BY over the opened file,
 * and the rows that could not be placed, by reason. Pure (SQL text and row reading only), so a Node
 * runner of the same SQL shares it.
 */
import type { ResultRow } from './results';
import { columnText, detectorName, normalised, SOURCE_TABLE, sourceFiltersWhere, timestampValue, type EvaluationFilter, type EvaluationMapping, type TimeWindow } from './sql';

/** A label column is read as classes when it has at least 3 and at most this many values. */
export const MAX_CLASSES = 20;
/** At most this many detectors' matrices are read (more are counted and named). */
export const MAX_CLASS_DETECTORS = 50;

/** Why a row is left out of every matrix, in the order they are checked. */
export const CLASS_ROW_PROBLEMS = {
  emptyDetector: 'empty detector',
  emptyLabel: 'empty label',
  emptyAnswer: 'empty prediction',
  unknownAnswer: 'prediction is not one of the label values',
} as const;
export type ClassRowProblem = (typeof CLASS_ROW_PROBLEMS)[keyof typeof CLASS_ROW_PROBLEMS];

/**
 * Every (detector, true label, answer) combination with its rows, over the rows passing the filters:
 * labels and answers compared as the mapping compares them (trimmed, lower-case, '' as missing).
 * Filters read the file's own columns (as text), as the examples table holds them.
 */
export function classCombinationsSql(mapping: ClassColumns, filters: readonly EvaluationFilter[], group: ClassGroup | null = null): string {
  if (mapping.prediction === null) throw new RangeError('a prediction column is needed to read classes');
  const detector = mapping.detector === null ? `'all'` : columnText(mapping.detector);
  // With a group, each combination per group value too, as `slice`: a slice column's value as written,
  // or a timestamp's UTC day 'YYYY-MM-DD' (weeks and months are sums of days); a missing value is NULL.
  const groupText = group === null ? null : 'column' in group ? columnText(group.column) : `strftime(date_trunc('day', ${timestampValue(group.dayOf)}), '%Y-%m-%d')`;
  const [sliceOut, sliceIn] = groupText === null ? ['', ''] : [', slice_raw AS slice', `, ${groupText} AS slice_raw`];
  // Counted by the raw texts first and normalised per combination (a tenth of the time of normalising
  // every row: see `normalised`); a combination's rows are the sum over the raw texts it comes from.
  return [
    `SELECT ${detectorName('detector_raw')} AS detector, ${normalised('truth_raw')} AS truth, ${normalised('answer_raw')} AS answer${sliceOut}, sum(n)::DOUBLE AS rows`,
    `FROM (SELECT ${detector} AS detector_raw, ${columnText(mapping.truth)} AS truth_raw, ${columnText(mapping.prediction)} AS answer_raw${sliceIn}, count(*) AS n`,
    `  FROM ${SOURCE_TABLE}${sourceFiltersWhere(mapping, filters)} GROUP BY ALL)`,
    `GROUP BY ALL ORDER BY ALL`,
  ].join('\n');
}

/** What a K-class reading is split by: a slice column's values, or a timestamp column's days. */
export type ClassGroup = { column: string } | { dayOf: string };

/** The columns a K-class reading depends on (label values, slices and the rest do not change it). */
export type ClassColumns = Pick<EvaluationMapping, 'truth' | 'prediction' | 'detector'>;

/** One detector read as K classes: K × K counts over the file's classes. */
export interface ClassDetector {
  detector: string;
  /** matrix[i][j]: examples of class i answered class j (the file's classes, in order). */
  matrix: number[][];
  /** Classes this detector has no examples of: its macro recall is undefined (each class's recall needs examples). */
  missing: string[];
}

/** What the combinations give: the file's label values, each detector's matrix, and the rows left out by reason. */
export type ClassReading =
  | { kind: 'classes'; labels: string[]; detectors: ClassDetector[]; moreDetectors: number; leftOut: { problem: ClassRowProblem; rows: number }[] }
  /** Fewer than 3 or more than MAX_CLASSES label values: not read as classes. */
  | { kind: 'not-classes'; labels: number };

/**
 * Rows of `classCombinationsSql` as matrices over the file's classes (its true-label values, sorted).
 * A row is left out, and counted by reason, when its detector, label or answer is missing or its
 * answer is not one of the file's label values (as a prediction that is neither a YES nor a NO value
 * is, for two classes). At most `maxDetectors` matrices are kept (the page's MAX_CLASS_DETECTORS;
 * the command line keeps every one), the rest counted in `moreDetectors`.
 */
export function classReadingFromRows(rows: readonly ResultRow[], maxDetectors = MAX_CLASS_DETECTORS): ClassReading {
  const combos = rows.map(combination);
  const labels = [...new Set(combos.flatMap((combo) => (combo.truth === null ? [] : [combo.truth])))].sort();
  if (labels.length < 3 || labels.length > MAX_CLASSES) return { kind: 'not-classes', labels: labels.length };
  const { detectors, names, leftOut } = matricesOver(labels, combos, maxDetectors);
  return { kind: 'classes', labels, detectors, moreDetectors: names - detectors.length, leftOut };
}

/** One detector's matrices per value of a slice column (`slice` null: the rows where it is missing). */
export interface ClassSlice {
  slice: string | null;
  /** Over the whole file's classes: a slice may lack examples of some (then `missing` names them). */
  matrix: number[][];
  missing: string[];
}

/**
 * Rows of `classCombinationsSql` with a slice column, for one detector, as a matrix per slice value
 * over the file's classes `labels` (the whole reading's, so that every slice has the same K); rows
 * left out of the reading are left out here too. Slices in value order, the missing value last.
 */
export function classSlicesFromRows(rows: readonly ResultRow[], labels: readonly string[], detector: string): ClassSlice[] {
  const bySlice = new Map<string | null, Combination[]>();
  for (const row of rows) {
    const combo = combination(row);
    if (combo.detector !== detector) continue;
    const slice = row.slice === null || row.slice === undefined ? null : String(row.slice);
    const combos = bySlice.get(slice);
    if (combos) combos.push(combo);
    else bySlice.set(slice, [combo]);
  }
  const order = [...bySlice.keys()].sort((a, b) => (a === null ? 1 : b === null ? -1 : a.localeCompare(b, 'en', { numeric: true })));
  return order.flatMap((slice) => {
    const [read] = matricesOver(labels, bySlice.get(slice)!, 1).detectors;
    return read ? [{ slice, matrix: read.matrix, missing: read.missing }] : [];
  });
}

/**
 * Day slices (`classSlicesFromRows` of a `dayOf` group) summed into time windows: a day, a week
 * from Monday or a month, each labelled by its first day (as the two-class table labels them). Days
 * without a timestamp (slice null) are left out and counted in `withoutTime` (examples).
 */
export function classWindowsFromDays(days: readonly ClassSlice[], labels: readonly string[], window: TimeWindow): { windows: ClassSlice[]; withoutTime: number } {
  const windows = new Map<string, number[][]>();
  let withoutTime = 0;
  for (const day of days) {
    if (day.slice === null) {
      withoutTime += day.matrix.flat().reduce((sum, cell) => sum + cell, 0);
      continue;
    }
    const start = windowStart(day.slice, window);
    const sum = windows.get(start);
    if (sum) day.matrix.forEach((row, i) => row.forEach((cell, j) => (sum[i]![j]! += cell)));
    else windows.set(start, day.matrix.map((row) => row.slice()));
  }
  const starts = [...windows.keys()].sort();
  return {
    windows: starts.map((slice) => {
      const matrix = windows.get(slice)!;
      return { slice, matrix, missing: labels.filter((_label, i) => matrix[i]!.every((cell) => cell === 0)) };
    }),
    withoutTime,
  };
}

/** The first day (YYYY-MM-DD, UTC) of the window holding `day`: itself, its week's Monday, or its month's first. */
function windowStart(day: string, window: TimeWindow): string {
  if (window === 'day') return day;
  if (window === 'month') return `${day.slice(0, 7)}-01`;
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

interface Combination {
  detector: string | null;
  truth: string | null;
  answer: string | null;
  rows: number;
}

function combination(row: ResultRow): Combination {
  const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
  return { detector: text(row.detector), truth: text(row.truth), answer: text(row.answer), rows: Number(row.rows ?? 0) };
}

/** The combinations as matrices over `labels` (at most `maxDetectors`, by name; `names` counts them all), and the rows left out by reason. */
function matricesOver(labels: readonly string[], combos: readonly Combination[], maxDetectors: number) {
  const index = new Map(labels.map((name, i) => [name, i]));
  const leftOut = new Map<ClassRowProblem, number>();
  const matrices = new Map<string, number[][]>();
  for (const { detector, truth, answer, rows: count } of combos) {
    const problem =
      detector === null ? CLASS_ROW_PROBLEMS.emptyDetector
      : truth === null ? CLASS_ROW_PROBLEMS.emptyLabel
      : answer === null ? CLASS_ROW_PROBLEMS.emptyAnswer
      : !index.has(answer) ? CLASS_ROW_PROBLEMS.unknownAnswer
      : null;
    if (problem !== null) {
      leftOut.set(problem, (leftOut.get(problem) ?? 0) + count);
      continue;
    }
    let matrix = matrices.get(detector!);
    if (!matrix) matrices.set(detector!, (matrix = labels.map(() => labels.map(() => 0))));
    matrix[index.get(truth!)!]![index.get(answer!)!]! += count;
  }
  const names = [...matrices.keys()].sort();
  const detectors = names.slice(0, maxDetectors).map((detector): ClassDetector => {
    const matrix = matrices.get(detector)!;
    return { detector, matrix, missing: labels.filter((_label, i) => matrix[i]!.every((count) => count === 0)) };
  });
  const problems = Object.values(CLASS_ROW_PROBLEMS).flatMap((problem) => (leftOut.has(problem) ? [{ problem, rows: leftOut.get(problem)! }] : []));
  return { detectors, names: names.length, leftOut: problems };
}
