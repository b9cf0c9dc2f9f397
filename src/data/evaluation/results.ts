/**
 * What the evaluation engine answers, and how a query's rows become those answers: pure (no DuckDB,
 * no Worker, no DOM), so that any runner of the SQL in sql.ts — DuckDB-WASM in the browser
 * (engine.ts) or DuckDB's Node client — turns its rows into the same results.
 */
import type { ClassCounts } from '../../stats';
import type { SkippedLines } from './convert';
import { readerProblem } from './file-format';
import { THRESHOLD_COUNT, type EvaluationFormat } from './sql';
import type { ThresholdBins } from './threshold';

/** One row of a query's answer, column name to value. */
export type ResultRow = Record<string, unknown>;

export interface EvaluationColumn {
  name: string;
  /** DuckDB's type for it: VARCHAR, BIGINT, DOUBLE, BOOLEAN, TIMESTAMP … */
  type: string;
  /**
   * Approximate number of distinct values (HyperLogLog; exact enough to tell categorical columns);
   * 0 where they were not counted (past COUNTED_COLUMNS: see `countedColumns`).
   */
  distinct: number;
}

export interface OpenedEvaluation {
  fileName: string;
  format: EvaluationFormat;
  bytes: number;
  rows: number;
  columns: EvaluationColumn[];
  /** The first rows, each value as text ('' for missing), of the first PREVIEW_COLUMNS columns. */
  preview: string[][];
  /** How many of the first columns had their distinct values counted (all up to COUNTED_COLUMNS). */
  countedColumns: number;
  /** Whether row n of the data is line n + 1 of the file (CSV/TSV with a header row). */
  headerLine: boolean;
  /** JSON Lines lines that are not a JSON object, left out before counting rows. */
  skipped: SkippedLines;
}

export interface ValueCount {
  value: string | null;
  rows: number;
}

export interface RowProblem {
  reason: string;
  rows: number;
  /** The first few row numbers (1-based, data rows). */
  examples: number[];
}

export interface PreparedExamples {
  usableRows: number;
  problems: RowProblem[];
}

export interface GroupCounts {
  /** The detector or slice value; null for rows whose slice value is missing. */
  group: string | null;
  yes: ClassCounts;
  no: ClassCounts;
}

/** A file that cannot be read, with a message naming the file and what is wrong. */
export class EvaluationFileError extends Error {
  override readonly name = 'EvaluationFileError';
}

/** Raised in place of a result when the user cancelled (or another file was opened). */
export class EvaluationCancelled extends Error {
  override readonly name = 'EvaluationCancelled';
  constructor() {
    super('Cancelled.');
  }
}

/**
 * What opening a file is doing: converting JSON Lines or Parquet to CSV (fraction of the file),
 * reading it into DuckDB's table (DuckDB's progress: the share of the bytes read), then summarising
 * the columns (no fraction).
 */
export type OpenStage = { stage: 'converting' | 'reading'; fraction: number } | { stage: 'summarising' };

/** A format's name in messages. */
export const FORMAT_NAMES: Record<EvaluationFormat, string> = {
  csv: 'CSV',
  tsv: 'TSV',
  'csv.gz': 'gzip-compressed CSV',
  jsonl: 'JSON Lines',
  parquet: 'Parquet',
};

/** A row of detectorCountsSql, sliceCountsSql or timeCountsSql as counts. */
export function groupCounts(row: ResultRow): GroupCounts {
  return {
    group: row.grp === null || row.grp === undefined ? null : String(row.grp),
    yes: { correct: Number(row.yes_correct), total: Number(row.yes_total) },
    no: { correct: Number(row.no_correct), total: Number(row.no_total) },
  };
}

/** The rows of valueCountsSql. */
export function valueCounts(rows: readonly ResultRow[]): ValueCount[] {
  return rows.map((row) => ({ value: row.value === null ? null : String(row.value), rows: Number(row.rows) }));
}

/** The rows of problemSummarySql: unusable rows by reason, with their first row numbers. */
export function rowProblems(rows: readonly ResultRow[]): RowProblem[] {
  return rows.map((row) => ({
    reason: String(row.problem),
    rows: Number(row.rows),
    examples: (row.examples as number[]).map(Number),
  }));
}

/** The rows of thresholdBinsSql as bins (null when the detector has no scored rows). */
export function thresholdBinsFromRows(rows: readonly ResultRow[]): ThresholdBins | null {
  if (rows.length === 0) return null;
  const yes = new Array<number>(THRESHOLD_COUNT).fill(0);
  const no = new Array<number>(THRESHOLD_COUNT).fill(0);
  for (const row of rows) {
    yes[Number(row.bin)] = Number(row.yes_rows);
    no[Number(row.bin)] = Number(row.no_rows);
  }
  return { lo: Number(rows[0]!.lo), step: Number(rows[0]!.step), yes, no };
}

/** The row of timeSpanSql: the usable rows' time span in seconds (null without timestamps). */
export function timeSpanFromRow(row: ResultRow | undefined): number | null {
  return row?.span === null || row?.span === undefined ? null : Number(row.span);
}

/** An error's message (anything thrown). */
export const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** DuckDB's message, prefixed with the file and the format it was read as. */
export function asFileError(error: unknown, fileName: string, format: EvaluationFormat): Error {
  if (error instanceof EvaluationFileError || error instanceof EvaluationCancelled) return error;
  return new EvaluationFileError(`“${fileName}” could not be read as ${FORMAT_NAMES[format]}: ${readerProblem(errorMessage(error), fileName, format)}`);
}
