import Papa from 'papaparse';
import type { ClassCounts } from '../../stats';
import { type Detector, DETECTOR_ID_PATTERN, MAX_ID_LENGTH, MAX_NAME_LENGTH, MAX_QUERY_LENGTH, slugify, uniqueId, validateCounts } from '../detectors/detector';
import type { ClassDetector } from '../detectors/class-detector';
import { MAX_DETECTORS_PER_FILE, parseDetectorsFile, type PathError } from '../detectors/detectors-schema';
import { clip } from '../links';
import { formatWholeCount } from '../format/count-format';
import { FORMULA_START } from './export-files';
import { readGroundlightEvaluation, type GroundlightEvaluation } from './groundlight-evaluation';

/**
 * Reading user files into detectors. Everything here returns a preview — detectors plus row-level
 * errors — and never touches the workspace: the UI adds detectors only after the user confirms.
 * Papa Parse runs on the main thread (its `worker: true` mode breaks in Vite 8 builds); a 5 MB file
 * parses in well under a second.
 */

/** Files larger than this are refused before reading. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

/**
 * Why a file belongs in the evaluation data view (`#/data`) rather than this import, or null: JSON
 * Lines, Parquet, gzip and TSV files are per-example results, and so is anything past MAX_IMPORT_BYTES.
 */
export function perExampleFileReason(fileName: string, bytes: number): string | null {
  const name = fileName.toLowerCase();
  if (/\.(jsonl|ndjson|parquet|gz|tsv)$/.test(name)) return `${fileName} looks like per-example results (JSON Lines, Parquet, gzip or TSV)`;
  const tooBig = checkImportSize(bytes);
  return tooBig ? `${fileName} was not read: the ${tooBig}` : null;
}

/** null when `bytes` is within MAX_IMPORT_BYTES, otherwise "file is 7.2 MB; the limit is 5 MB". */
export function checkImportSize(bytes: number): string | null {
  if (bytes <= MAX_IMPORT_BYTES) return null;
  return `file is ${formatMegabytes(bytes)}; the limit is ${formatMegabytes(MAX_IMPORT_BYTES)}`;
}

function formatMegabytes(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  // One decimal, rounded up so a file just over the limit never reads as "5 MB; the limit is 5 MB".
  const shown = Math.ceil(megabytes * 10) / 10;
  return `${Number.isInteger(shown) ? shown.toFixed(0) : shown.toFixed(1)} MB`;
}

/** A problem with one row of a CSV file; `line` is the 1-based line in the file (header = line 1). */
export interface RowError {
  line: number;
  message: string;
}

export interface CsvImportResult {
  /** Detectors built from the valid rows only (rows with errors are left out). */
  detectors: Detector[];
  /** Rows that were left out, with the reason; a `line: 1` error about the header means nothing was read. */
  errors: RowError[];
  /** Rows that were used but need the user's attention (e.g. a second, different query for a detector). */
  warnings: RowError[];
  /** Data rows in the file, valid or not (excluding the header and blank lines). */
  rowCount: number;
}

export type ImportKind = 'json' | 'per-example-csv' | 'counts-csv' | 'unknown';

export const PER_EXAMPLE_COLUMNS = ['detector', 'label', 'prediction'] as const;
export const COUNTS_COLUMNS = ['detector', 'yes_correct', 'yes_total', 'no_correct', 'no_total'] as const;

/**
 * Which reader fits a file, judged by its content: JSON if it starts with `{` or `[`; per-example CSV
 * if the header has label and prediction columns; counts CSV if it has yes_correct…no_total; otherwise
 * the extension decides between JSON and 'unknown'.
 */
export function detectImportKind(fileName: string, text: string): ImportKind {
  const content = stripBom(text).trimStart();
  if (content.startsWith('{') || content.startsWith('[')) return 'json';
  const firstLine = content.split(/\r\n|\r|\n/, 1)[0] ?? '';
  const header = new Set(splitHeader(firstLine));
  if (header.has('label') && header.has('prediction')) return 'per-example-csv';
  if (['yes_correct', 'yes_total', 'no_correct', 'no_total'].every((column) => header.has(column))) return 'counts-csv';
  return /\.json$/i.test(fileName) ? 'json' : 'unknown';
}

export type ImportPreview =
  | { kind: 'json'; detectors: Detector[]; classDetectors: ClassDetector[]; errors: PathError[] }
  | ({ kind: 'per-example-csv' | 'counts-csv' } & CsvImportResult)
  | { kind: 'unknown'; message: string }
  /** Groundlight's evaluation JSON: not detectors the workspace takes (see `readGroundlightEvaluation`). */
  | { kind: 'groundlight'; evaluation: GroundlightEvaluation };

/** Detects the kind of file and reads it with the matching parser. */
export function parseImportFile(fileName: string, text: string): ImportPreview {
  const kind = detectImportKind(fileName, text);
  switch (kind) {
    case 'json': {
      const evaluation = readGroundlightEvaluation(parsedJson(text));
      return evaluation === null ? { kind, ...parseDetectorsJsonText(text) } : { kind: 'groundlight', evaluation };
    }
    case 'per-example-csv':
      return { kind, ...parsePerExampleCsv(text) };
    case 'counts-csv':
      return { kind, ...parseCountsCsv(text) };
    default:
      return {
        kind,
        message:
          `${fileName || 'the file'} is neither a detectors JSON file nor a CSV with the columns ` +
          `${PER_EXAMPLE_COLUMNS.join(',')} (one row per example) or ${COUNTS_COLUMNS.join(',')} (one row per detector)`,
      };
  }
}

/** The JSON in a text, or undefined when it is not JSON (the detectors reader then says why). */
function parsedJson(text: string): unknown {
  try {
    return JSON.parse(stripBom(text));
  } catch {
    return undefined;
  }
}

/** A detectors JSON file's text → detectors of both kinds, or its syntax error / schema errors (all or nothing). */
export function parseDetectorsJsonText(text: string): { detectors: Detector[]; classDetectors: ClassDetector[]; errors: PathError[] } {
  let json: unknown;
  try {
    json = JSON.parse(stripBom(text));
  } catch (error) {
    return { detectors: [], classDetectors: [], errors: [{ path: '(file)', message: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` }] };
  }
  const parsed = parseDetectorsFile(json);
  return parsed.ok ? { detectors: parsed.detectors, classDetectors: parsed.classDetectors, errors: [] } : { detectors: [], classDetectors: [], errors: parsed.errors };
}

const YES_WORDS = new Set(['yes', 'true', '1']);
const NO_WORDS = new Set(['no', 'false', '0']);
export const ANSWER_HELP = 'must be yes/no, true/false or 1/0';

/**
 * A CSV of per-example results → counts per detector. Columns (header required, any order, names
 * case-insensitive): detector, label, prediction, and optionally query. label and prediction are
 * yes/no, true/false or 1/0 (case-insensitive, trimmed). yes.total = rows labelled yes, yes.correct =
 * those also predicted yes; likewise for no. Detectors keep the order of their first row; ids are
 * slugs of their names, made unique.
 */
export function parsePerExampleCsv(text: string): CsvImportResult {
  const table = readCsv(text);
  if ('error' in table) return emptyResult(table.error);
  const columns = findColumns(table.header, PER_EXAMPLE_COLUMNS, ['query']);
  if ('error' in columns) return emptyResult(columns.error);
  const errors: RowError[] = [...table.errors];
  const warnings: RowError[] = [];
  const byName = new Map<string, { name: string; query: string; queryLine: number; yes: ClassCounts; no: ClassCounts }>();
  for (const row of table.rows) {
    const problems: string[] = [];
    const name = withoutFormulaGuard((row.cells[columns.detector] ?? '').trim());
    if (name === '') problems.push('detector is empty');
    else if (name.length > MAX_NAME_LENGTH) problems.push(`detector name is longer than ${MAX_NAME_LENGTH} characters`);
    const label = readAnswer(row.cells[columns.label]);
    if (label === null) problems.push(`label ${ANSWER_HELP}, got '${clip(row.cells[columns.label] ?? '')}'`);
    const prediction = readAnswer(row.cells[columns.prediction]);
    if (prediction === null) problems.push(`prediction ${ANSWER_HELP}, got '${clip(row.cells[columns.prediction] ?? '')}'`);
    const query = columns.query === undefined ? '' : (row.cells[columns.query] ?? '').trim();
    if (query.length > MAX_QUERY_LENGTH) problems.push(`query is longer than ${MAX_QUERY_LENGTH} characters`);
    if (problems.length > 0 || label === null || prediction === null) {
      errors.push({ line: row.line, message: `line ${row.line}: ${problems.join('; ')}` });
      continue;
    }
    let entry = byName.get(name);
    if (entry === undefined) {
      if (byName.size >= MAX_DETECTORS_PER_FILE) {
        errors.push({ line: row.line, message: `line ${row.line}: more than ${formatWholeCount(MAX_DETECTORS_PER_FILE)} detectors; row skipped` });
        continue;
      }
      entry = { name, query, queryLine: row.line, yes: { correct: 0, total: 0 }, no: { correct: 0, total: 0 } };
      byName.set(name, entry);
    } else if (query !== '' && entry.query === '') {
      entry.query = query;
      entry.queryLine = row.line;
    } else if (query !== '' && query !== entry.query) {
      warnings.push({
        line: row.line,
        message: `line ${row.line}: query for '${clip(name)}' differs from the one on line ${entry.queryLine}; keeping line ${entry.queryLine}'s`,
      });
    }
    const counts = label ? entry.yes : entry.no;
    counts.total += 1;
    if (prediction === label) counts.correct += 1;
  }
  const taken = new Set<string>();
  const detectors = [...byName.values()].map(({ name, query, yes, no }) => ({
    id: uniqueId(slugify(name) || 'detector', taken),
    name,
    query,
    yes,
    no,
  }));
  return { detectors, errors: byLine(errors), warnings, rowCount: table.rows.length + table.errors.length };
}

/**
 * A CSV of counts, one row per detector. Columns (header required, any order, case-insensitive):
 * detector (or name), yes_correct, yes_total, no_correct, no_total, and optionally id and query.
 * Without an id column, ids are slugs of the names. Duplicate ids or names are errors.
 */
export function parseCountsCsv(text: string): CsvImportResult {
  const table = readCsv(text);
  if ('error' in table) return emptyResult(table.error);
  const header = table.header.map((column) => (column === 'name' && !table.header.includes('detector') ? 'detector' : column));
  const columns = findColumns(header, COUNTS_COLUMNS, ['id', 'query']);
  if ('error' in columns) return emptyResult(columns.error);
  const errors: RowError[] = [...table.errors];
  const rowsById = new Map<string, number>();
  const rowsByName = new Map<string, number>();
  const pending: { line: number; id: string | null; name: string; query: string; yes: ClassCounts; no: ClassCounts }[] = [];
  for (const row of table.rows) {
    const cell = (index: number | undefined) => (index === undefined ? '' : (row.cells[index] ?? '').trim());
    const problems: string[] = [];
    const name = withoutFormulaGuard(cell(columns.detector));
    if (name === '') problems.push('detector is empty');
    else if (name.length > MAX_NAME_LENGTH) problems.push(`detector name is longer than ${MAX_NAME_LENGTH} characters`);
    else if (rowsByName.has(name)) problems.push(`detector '${clip(name)}' is already on line ${rowsByName.get(name)}`);
    const query = withoutFormulaGuard(cell(columns.query));
    if (query.length > MAX_QUERY_LENGTH) problems.push(`query is longer than ${MAX_QUERY_LENGTH} characters`);
    const idText = cell(columns.id);
    if (idText !== '') {
      if (idText.length > MAX_ID_LENGTH || !DETECTOR_ID_PATTERN.test(idText)) {
        problems.push(`id must be 1–${MAX_ID_LENGTH} letters, digits, '-', '_' or '.', starting with a letter or digit, got '${clip(idText)}'`);
      } else if (rowsById.has(idText)) {
        problems.push(`id '${idText}' is already on line ${rowsById.get(idText)}`);
      }
    }
    const classes = (['yes', 'no'] as const).map((cls) => {
      const correct = cell(columns[`${cls}_correct`]);
      const total = cell(columns[`${cls}_total`]);
      for (const error of validateCounts({ correct, total }, cls)) {
        // "yes_correct must be ≤ yes_total (12), got 15" — the column names the user sees.
        problems.push(`${cls}_${error.field} ${error.reason.replace('≤ total', `≤ ${cls}_total`)}`);
      }
      return { correct: Number(correct), total: Number(total) };
    });
    if (problems.length > 0) {
      errors.push({ line: row.line, message: `line ${row.line}: ${problems.join('; ')}` });
      continue;
    }
    if (pending.length >= MAX_DETECTORS_PER_FILE) {
      errors.push({ line: row.line, message: `line ${row.line}: more than ${formatWholeCount(MAX_DETECTORS_PER_FILE)} detectors; row skipped` });
      continue;
    }
    rowsByName.set(name, row.line);
    if (idText !== '') rowsById.set(idText, row.line);
    pending.push({ line: row.line, id: idText || null, name, query, yes: classes[0]!, no: classes[1]! });
  }
  // Explicit ids first, so a slug never takes an id that a later row states explicitly.
  const taken = new Set(rowsById.keys());
  const detectors = pending.map(({ id, name, query, yes, no }) => ({
    id: id ?? uniqueId(slugify(name) || 'detector', taken),
    name,
    query,
    yes,
    no,
  }));
  return { detectors, errors: byLine(errors), warnings: [], rowCount: table.rows.length + table.errors.length };
}

export interface CsvRow {
  line: number;
  cells: string[];
}

/**
 * Parses CSV text with Papa Parse into a lower-cased header and data rows that carry their 1-based
 * line number in the file (fields with embedded newlines span several lines; a row's number is the
 * line it starts on). Accepts a BOM, CRLF/CR/LF line ends, and comma, semicolon or tab delimiters.
 * Blank lines are skipped.
 */
export function readCsv(text: string): { header: string[]; rows: CsvRow[]; errors: RowError[] } | { error: RowError } {
  const normalised = stripBom(text).replace(/\r\n?/g, '\n');
  if (normalised.trim() === '') {
    return { error: { line: 1, message: 'line 1: the file is empty; expected a header row naming the columns' } };
  }
  let header: string[] | null = null;
  let headerColumns = 0;
  const rows: CsvRow[] = [];
  const errors: RowError[] = [];
  let rowStart = 0;
  let line = 1;
  Papa.parse<string[]>(normalised, {
    delimitersToGuess: [',', ';', '\t'],
    step: (result) => {
      const cells = result.data;
      const rowLine = line;
      const end = result.meta.cursor;
      line += countNewlines(normalised, rowStart, end);
      rowStart = end;
      if (cells.every((cell) => cell.trim() === '')) return;
      const quoteError = result.errors.find((error) => error.type === 'Quotes');
      if (quoteError) {
        const reason =
          quoteError.code === 'MissingQuotes'
            ? 'a quoted field is never closed, so the rest of the file was read as part of it'
            : 'misplaced quote: a field that starts with " must end with " (write "" for a quote inside it)';
        errors.push({ line: rowLine, message: `line ${rowLine}: ${reason}` });
        return;
      }
      if (header === null) {
        header = cells.map((cell) => cell.trim().toLowerCase());
        headerColumns = cells.length;
        return;
      }
      if (cells.length !== headerColumns) {
        errors.push({
          line: rowLine,
          message: `line ${rowLine}: expected ${headerColumns} fields like the header, got ${cells.length}`,
        });
        return;
      }
      rows.push({ line: rowLine, cells });
    },
  });
  if (header === null) return { error: errors[0] ?? { line: 1, message: 'line 1: no header row found' } };
  return { header, rows, errors };
}

function byLine(errors: RowError[]): RowError[] {
  return errors.sort((a, b) => a.line - b.line);
}

function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let index = text.indexOf('\n', from); index !== -1 && index < to; index = text.indexOf('\n', index + 1)) count += 1;
  return count;
}

/** Column indexes by name; an error naming the missing columns when a required one is absent. */
export function findColumns<R extends string, O extends string>(
  header: readonly string[],
  required: readonly R[],
  optional: readonly O[],
): (Record<R, number> & Partial<Record<O, number>>) | { error: RowError } {
  const missing = required.filter((column) => !header.includes(column));
  if (missing.length > 0) {
    return {
      error: {
        line: 1,
        message: `line 1: the header must name the columns ${required.join(', ')}${optional.length ? ` (optionally ${optional.join(', ')})` : ''}; missing ${missing.join(', ')} (found: ${header.map((column) => column || '(blank)').join(', ')})`,
      },
    };
  }
  const found: Record<string, number> = {};
  for (const column of [...required, ...optional]) {
    const index = header.indexOf(column);
    if (index !== -1) found[column] = index;
  }
  return found as Record<R, number> & Partial<Record<O, number>>;
}

export function readAnswer(cell: string | undefined): boolean | null {
  const word = (cell ?? '').trim().toLowerCase();
  if (YES_WORDS.has(word)) return true;
  if (NO_WORDS.has(word)) return false;
  return null;
}

function splitHeader(line: string): string[] {
  return line.split(/[,;\t]/).map((column) => column.trim().replace(/^"|"$/g, '').trim().toLowerCase());
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function emptyResult(error: RowError): CsvImportResult {
  return { detectors: [], errors: [error], warnings: [], rowCount: 0 };
}

/**
 * A text cell as it was before our CSV exports guarded it: they put a single quote before a cell
 * a spreadsheet could take for a formula (`textCell`, `FORMULA_START`), so that re-importing an
 * export keeps names as they were.
 */
function withoutFormulaGuard(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}
