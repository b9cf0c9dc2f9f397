import type { DetectorCounts, PairedClassCounts } from '../../stats';
import { ANSWER_HELP, findColumns, readAnswer, readCsv, type RowError } from './import-files';

/** The paired CSV's columns: one row per example both detectors answered. */
export const PAIRED_COLUMNS = ['example_id', 'label', 'prediction_a', 'prediction_b'] as const;

/** Line numbers listed per reason; the rest are counted. */
const LINES_SHOWN = 5;

/** Rows left out for one reason: how many, and the first few line numbers (header = line 1). */
export interface RowProblemGroup {
  reason: string;
  count: number;
  lines: number[];
}

export interface PairedCsvResult {
  /** Per class: b = examples A got right and B wrong, c = the reverse, n = the class's examples. */
  tables: PairedClassCounts;
  /** Each detector's own counts on the same examples. */
  a: DetectorCounts;
  b: DetectorCounts;
  /** Rows used (one per distinct example_id) and data rows in the file. */
  used: number;
  rowCount: number;
  /** Rows left out, grouped by reason (never one message per row). */
  problems: RowProblemGroup[];
  /** Set when nothing could be read (no header, missing columns, empty file). */
  fatal?: string;
}

/**
 * Reads `example_id,label,prediction_a,prediction_b` (header required, any order, case-insensitive;
 * label and predictions yes/no, true/false or 1/0) into each class's paired discordance table and
 * each detector's counts. An example_id seen before is left out (the first row with it is used): the
 * pairing is by example, and an example counted twice would make the comparison look surer than it is.
 */
export function parsePairedCsv(text: string): PairedCsvResult {
  const empty = (): DetectorCounts => ({ yes: { correct: 0, total: 0 }, no: { correct: 0, total: 0 } });
  const result: PairedCsvResult = {
    tables: { yes: { b: 0, c: 0, n: 0 }, no: { b: 0, c: 0, n: 0 } },
    a: empty(),
    b: empty(),
    used: 0,
    rowCount: 0,
    problems: [],
  };
  const table = readCsv(text);
  if ('error' in table) return { ...result, fatal: stripLine(table.error.message) };
  const columns = findColumns(table.header, PAIRED_COLUMNS, []);
  if ('error' in columns) return { ...result, fatal: stripLine(columns.error.message) };
  const errors: RowError[] = [...table.errors];
  const firstLine = new Map<string, number>();
  for (const row of table.rows) {
    const id = (row.cells[columns.example_id] ?? '').trim();
    const label = readAnswer(row.cells[columns.label]);
    const predictionA = readAnswer(row.cells[columns.prediction_a]);
    const predictionB = readAnswer(row.cells[columns.prediction_b]);
    const reasons: string[] = [];
    if (id === '') reasons.push('example_id is empty');
    else if (firstLine.has(id)) reasons.push('example_id repeats an earlier row (the first row with it is used)');
    if (label === null) reasons.push(`label ${ANSWER_HELP}`);
    if (predictionA === null) reasons.push(`prediction_a ${ANSWER_HELP}`);
    if (predictionB === null) reasons.push(`prediction_b ${ANSWER_HELP}`);
    if (reasons.length > 0 || label === null || predictionA === null || predictionB === null) {
      for (const reason of reasons) errors.push({ line: row.line, message: reason });
      continue;
    }
    firstLine.set(id, row.line);
    const cls = label ? 'yes' : 'no';
    const rightA = predictionA === label;
    const rightB = predictionB === label;
    result.tables[cls].n += 1;
    if (rightA && !rightB) result.tables[cls].b += 1;
    if (!rightA && rightB) result.tables[cls].c += 1;
    result.a[cls].total += 1;
    result.b[cls].total += 1;
    if (rightA) result.a[cls].correct += 1;
    if (rightB) result.b[cls].correct += 1;
    result.used += 1;
  }
  result.rowCount = table.rows.length + table.errors.length;
  result.problems = groupRowErrors(errors.map((error) => ({ line: error.line, message: stripLine(error.message) })));
  return result;
}

/** Row errors grouped by their message, in order of first appearance, each with its first few lines. */
export function groupRowErrors(errors: readonly RowError[], linesShown = LINES_SHOWN): RowProblemGroup[] {
  const groups = new Map<string, RowProblemGroup>();
  for (const { line, message } of [...errors].sort((x, y) => x.line - y.line)) {
    const group = groups.get(message) ?? { reason: message, count: 0, lines: [] };
    group.count += 1;
    if (group.lines.length < linesShown) group.lines.push(line);
    groups.set(message, group);
  }
  return [...groups.values()];
}

/** "line 4: expected 4 fields…" → "expected 4 fields…": the line is listed beside the reason. */
function stripLine(message: string): string {
  return message.replace(/^line \d+: /, '');
}
