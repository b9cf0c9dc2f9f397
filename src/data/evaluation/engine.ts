/**
 * The evaluation engine's browser client: the one module views use to read per-example files.
 * DuckDB-WASM (duckdb.ts) is imported only on the first call, runs in its own Web Worker and gets the
 * browser File as a handle (read in slices, never whole into page memory); only small aggregates
 * come back. Every statement is built by sql.ts from structured choices, and every answer is read
 * by results.ts, which any other runner of the same SQL shares.
 */
import { detectEvaluationFormat, engineFileName, FORMAT_SNIFF_BYTES } from './file-format';
import {
  createExamplesSql,
  detectorCountsSql,
  distinctCountsSql,
  previewSql,
  problemSummarySql,
  readFileSql,
  type EvaluationFormat,
  type TypeDetection,
  sliceCountsSql,
  SOURCE_TABLE,
  splitValuesSql,
  thresholdBinsSql,
  timeCountsSql,
  timeSpanSql,
  type TimeWindow,
  valueCountsSql,
  type EvaluationFilter,
  type EvaluationMapping,
} from './sql';
import { classCombinationsSql, classReadingFromRows, classSlicesFromRows, type ClassColumns, type ClassGroup, type ClassReading, type ClassSlice } from './confusion-sql';
import type { SkippedLines } from './convert';
import {
  columnPairProblemsFromRow,
  columnPairTablesSql,
  pairedGroupsFromRows,
  pairedTablesSql,
  pairingProblemsFromRows,
  pairingProblemsSql,
  type PairedGroup,
  type PairingChoice,
  type PairingProblemCount,
} from './paired-sql';
import { COUNTED_COLUMNS, PREVIEW_COLUMNS } from './mapping';
import type { ThresholdBins } from './threshold';
import type { ConvertJob, ConvertMessage } from './convert.worker';
import type { DuckDbRuntime } from './duckdb';
import {
  asFileError,
  errorMessage,
  EvaluationCancelled,
  EvaluationFileError,
  FORMAT_NAMES,
  groupCounts,
  rowProblems,
  thresholdBinsFromRows,
  timeSpanFromRow,
  valueCounts,
  type GroupCounts,
  type OpenedEvaluation,
  type OpenStage,
  type PreparedExamples,
  type ResultRow,
  type ValueCount,
} from './results';

const PREVIEW_ROWS = 10;
/** Files up to this size (uncompressed CSV) have their column types found from every row. */
const WHOLE_SNIFF_BYTES = 64 * 1024 * 1024;

let runtime: Promise<DuckDbRuntime> | null = null;
/** Rejects every pending call when the work is cancelled; replaced for the next generation. */
let cancelSignal = newCancelSignal();
let registeredFile: string | null = null;

function newCancelSignal() {
  let cancel = () => {};
  const promise = new Promise<never>((_, reject) => {
    cancel = () => reject(new EvaluationCancelled());
  });
  promise.catch(() => {});
  return { promise, cancel };
}

function engine(): Promise<DuckDbRuntime> {
  runtime ??= import('./duckdb').then((module) => module.startDuckDb());
  runtime.catch(() => {
    runtime = null;
  });
  return runtime;
}

/**
 * Starts DuckDB ahead of a file (downloading and compiling its wasm takes ~3 s on a 2-core machine):
 * called when the reader clicks the file picker or drags a file into its drop zone, so the engine starts
 * while they choose. A failure here is not reported: the file's own open starts it again and says why.
 */
export function startEvaluationEngine(): void {
  engine().catch(() => {});
}

/** Runs one statement unless cancelled first. */
async function run(sql: string): Promise<ResultRow[]> {
  const signal = cancelSignal.promise;
  const db = await Promise.race([engine(), signal]);
  return Promise.race([db.query(sql), signal]);
}

/** Runs one long statement, passing DuckDB's progress (0–1) to `onProgress` while it runs. */
async function runReporting(sql: string, onProgress: (fraction: number) => void): Promise<ResultRow[]> {
  const db = await Promise.race([engine(), cancelSignal.promise]);
  db.setProgressListener(onProgress);
  try {
    return await run(sql);
  } finally {
    db.setProgressListener(null);
  }
}

/**
 * Stops whatever the engine is doing: the worker is terminated (the next call starts a new one) and
 * every pending call rejects with EvaluationCancelled. The opened file must be opened again.
 */
export function cancelEvaluationWork(): void {
  const stopping = runtime;
  runtime = null;
  registeredFile = null;
  converter?.terminate();
  converter = null;
  cancelSignal.cancel();
  cancelSignal = newCancelSignal();
  void stopping?.then((db) => db.terminate()).catch(() => {});
}

/** One scan of a text file into the source table (and one run of the CSV sniffer); mapping, counts and slices then read the table. */
async function loadText(name: string, format: EvaluationFormat, size: number, onProgress: (stage: OpenStage) => void): Promise<void> {
  const load = (types: TypeDetection) =>
    runReporting(`CREATE OR REPLACE TABLE ${SOURCE_TABLE} AS SELECT * FROM ${readFileSql(name, format, types)}`, (fraction) => onProgress({ stage: 'reading', fraction }));
  // Files up to WHOLE_SNIFF_BYTES have their types found from every row (an extra pass, under a
  // second there); larger ones from a sample, and read again as text if a value far down does not fit.
  let types: TypeDetection = format !== 'csv.gz' && size <= WHOLE_SNIFF_BYTES ? 'whole' : 'sampled';
  for (;;) {
    try {
      await load(types);
      return;
    } catch (error) {
      if (types !== 'text' && /conversion error|could not convert/i.test(errorMessage(error))) types = 'text';
      // The sniffer gives up on the whole file when one line does not fit; read from a sample, the reader names that line.
      else if (types === 'whole' && /when sniffing/i.test(errorMessage(error))) types = 'sampled';
      else throw error;
      onProgress({ stage: 'reading', fraction: 0 });
    }
  }
}

/**
 * Opens a per-example file: finds its format, hands it to DuckDB, and returns its columns (with
 * types and distinct counts), its row count and the first rows. Throws EvaluationFileError with a
 * message naming the file for anything that cannot be read (empty, binary, malformed, truncated).
 */
export async function openEvaluationFile(file: File, onProgress: (stage: OpenStage) => void = () => {}): Promise<OpenedEvaluation> {
  const head = new Uint8Array(await file.slice(0, FORMAT_SNIFF_BYTES).arrayBuffer());
  const guess = detectEvaluationFormat(file.name, file.size, head);
  if (!guess.ok) throw new EvaluationFileError(guess.message);
  const { format } = guess;
  const signal = cancelSignal.promise;
  const starting = engine();
  // Parquet's row groups go into the engine as each arrives, in order (the first replaces the table),
  // so that DuckDB loads one while the next is decoded; their end is awaited below.
  let loadingArrow: Promise<void> | null = null;
  const onArrowPart = (ipc: Uint8Array) => {
    const first = loadingArrow === null;
    loadingArrow = (loadingArrow ?? Promise.resolve()).then(async () => (await starting).loadArrow(SOURCE_TABLE, ipc, first));
    loadingArrow.catch(() => {});
  };
  // JSON Lines and Parquet are converted in a worker of their own while DuckDB starts (its wasm takes ~3 s on a cold page).
  const converting =
    format === 'jsonl' || format === 'parquet'
      ? Promise.race([convertFile(file, format, (fraction) => onProgress({ stage: 'converting', fraction }), onArrowPart), signal]).catch((error: unknown) => {
          throw error instanceof EvaluationCancelled ? error : new EvaluationFileError(`“${file.name}” could not be read as ${FORMAT_NAMES[format]}: ${errorMessage(error)}`);
        })
      : null;
  // Should the engine fail first, its error is the one reported.
  converting?.catch(() => {});
  const db = await Promise.race([starting, signal]);
  const name = engineFileName(format);
  if (registeredFile !== null) await Promise.race([db.dropFile(registeredFile), signal]);
  registeredFile = null;
  const converted = await converting;
  const arrow = converted?.kind === 'arrow';
  const readable = converted?.kind === 'done' ? new File([converted.csv], name) : file;
  const skipped: SkippedLines = converted?.kind === 'done' ? converted.skipped : { count: 0, examples: [] };
  if (!arrow) {
    await Promise.race([db.registerFile(name, readable), signal]);
    registeredFile = name;
  }
  try {
    onProgress({ stage: 'reading', fraction: 0 });
    // Parquet's columns arrive typed, as Arrow: no sniffing, nothing to read again.
    if (arrow) await Promise.race([loadingArrow, signal]);
    else await loadText(name, format, readable.size, onProgress);
    onProgress({ stage: 'summarising' });
    const described = await run(`DESCRIBE ${SOURCE_TABLE}`);
    const names = described.map((row) => String(row.column_name));
    if (names.length === 0) throw new EvaluationFileError(`“${file.name}” has no columns.`);
    // A wide file (thousands of feature columns) has only its first columns counted and previewed.
    const counted = names.slice(0, COUNTED_COLUMNS);
    const previewed = names.slice(0, PREVIEW_COLUMNS);
    const [distinct] = await run(distinctCountsSql(counted));
    const preview = await run(previewSql(previewed, PREVIEW_ROWS));
    const columns = described.map((row, index) => ({
      name: String(row.column_name),
      type: String(row.column_type),
      distinct: Number(distinct?.[`c${index}`] ?? 0),
    }));
    const rows = Number(distinct?.total_rows ?? 0);
    if (rows === 0) throw new EvaluationFileError(`“${file.name}” has column names but no rows.`);
    return {
      fileName: file.name,
      format,
      bytes: file.size,
      rows,
      columns,
      countedColumns: counted.length,
      preview: preview.map((row) => previewed.map((column) => (row[column] === null || row[column] === undefined ? '' : String(row[column])))),
      headerLine: (format === 'csv' || format === 'tsv' || format === 'csv.gz') && !names.every((column, index) => column === `column${index}`),
      skipped,
    };
  } catch (error) {
    throw asFileError(error, file.name, format);
  }
}

/** The most frequent normalised (trimmed, lower-case) values of a column. */
export async function columnValues(column: string, limit = 12): Promise<ValueCount[]> {
  return valueCounts(await run(valueCountsSql(column, limit)));
}

/** Builds the mapped examples table (reporting DuckDB's progress) and counts the unusable rows by reason. */
export async function prepareExamples(mapping: EvaluationMapping, onProgress: (fraction: number) => void = () => {}): Promise<PreparedExamples> {
  await runReporting(createExamplesSql(mapping), onProgress);
  const problems = rowProblems(await run(problemSummarySql()));
  const [total] = await run('SELECT count(*)::DOUBLE AS rows FROM examples WHERE problem IS NULL');
  return { usableRows: Number(total?.rows ?? 0), problems };
}

/** The split column's values as written (usable rows), most rows first. */
export async function splitValues(limit = 50): Promise<ValueCount[]> {
  return (await run(splitValuesSql(limit))).map((row) => ({ value: String(row.value), rows: Number(row.rows) }));
}

/** Per-detector counts over the usable rows that pass the filters (one GROUP BY). */
export async function detectorCounts(mapping: EvaluationMapping, filters: readonly EvaluationFilter[], threshold: number | null): Promise<GroupCounts[]> {
  return (await run(detectorCountsSql(mapping, filters, threshold))).map(groupCounts);
}

/** One detector's counts per value of a slice column. */
export async function sliceCounts(
  mapping: EvaluationMapping,
  column: string,
  filters: readonly EvaluationFilter[],
  detector: string,
  threshold: number | null,
): Promise<GroupCounts[]> {
  return (await run(sliceCountsSql(mapping, column, filters, detector, threshold))).map(groupCounts);
}

/** One detector's rows binned by score against THRESHOLD_COUNT thresholds (see thresholdBinsSql). */
export async function thresholdBins(mapping: EvaluationMapping, filters: readonly EvaluationFilter[], detector: string): Promise<ThresholdBins | null> {
  return thresholdBinsFromRows(await run(thresholdBinsSql(mapping, filters, detector)));
}

/** The usable rows' time span in seconds (null without timestamps). */
export async function timeSpan(): Promise<number | null> {
  const [row] = await run(timeSpanSql());
  return timeSpanFromRow(row);
}

/** One detector's counts per time window. */
export async function timeCounts(
  mapping: EvaluationMapping,
  filters: readonly EvaluationFilter[],
  detector: string,
  threshold: number | null,
  window: TimeWindow,
): Promise<GroupCounts[]> {
  return (await run(timeCountsSql(mapping, filters, detector, threshold, window))).map(groupCounts);
}

/** The file read as K-class detectors: each detector's confusion matrix over the true-label values (3 to MAX_CLASSES of them). */
export async function classMatrices(mapping: ClassColumns, filters: readonly EvaluationFilter[]): Promise<ClassReading> {
  return classReadingFromRows(await run(classCombinationsSql(mapping, filters)));
}

/** One detector's K-class matrices per value of a slice column or per day, over the reading's classes `labels`. */
export async function classSliceMatrices(mapping: ClassColumns, filters: readonly EvaluationFilter[], group: ClassGroup, labels: readonly string[], detector: string): Promise<ClassSlice[]> {
  return classSlicesFromRows(await run(classCombinationsSql(mapping, filters, group)), labels, detector);
}

/** Two answer columns on the same rows (the prediction column's and `columnB`'s): their discordance tables, and the rows left out by reason. */
export async function columnPairTables(mapping: EvaluationMapping, filters: readonly EvaluationFilter[], columnB: string): Promise<{ group: PairedGroup; problems: { problem: string; rows: number }[] }> {
  const [row] = await run(columnPairTablesSql(mapping, filters, columnB));
  return { group: pairedGroupsFromRows([row!])[0]!, problems: columnPairProblemsFromRow(row!) };
}

/** Two detectors' discordance tables on the same examples (per slice value with a slice). */
export async function pairedTables(choice: PairingChoice): Promise<PairedGroup[]> {
  return pairedGroupsFromRows(await run(pairedTablesSql(choice)));
}

/** What kept examples out of two detectors' pairs, by reason. */
export async function pairingProblems(choice: PairingChoice): Promise<PairingProblemCount[]> {
  return pairingProblemsFromRows(await run(pairingProblemsSql(choice)));
}

let converter: Worker | null = null;

/** JSON Lines to a CSV Blob, Parquet to Arrow streams a row group each (or CSV when nested), in a Web Worker (see convert.ts, parquet-arrow.ts). */
function convertFile(file: File, format: 'jsonl' | 'parquet', onProgress: (fraction: number) => void, onArrowPart: (ipc: Uint8Array) => void) {
  return new Promise<Extract<ConvertMessage, { kind: 'done' | 'arrow' }>>((resolve, reject) => {
    converter?.terminate();
    const worker = new Worker(new URL('./convert.worker.ts', import.meta.url), { type: 'module' });
    converter = worker;
    const finish = () => {
      worker.terminate();
      if (converter === worker) converter = null;
    };
    worker.onmessage = (event: MessageEvent<ConvertMessage>) => {
      const reply = event.data;
      if (reply.kind === 'progress') return onProgress(reply.fraction);
      if (reply.kind === 'arrow-part') return onArrowPart(reply.ipc);
      finish();
      if (reply.kind === 'done' || reply.kind === 'arrow') resolve(reply);
      else reject(new Error(reply.message));
    };
    worker.onerror = (event) => {
      finish();
      reject(new Error(event.message || 'the conversion worker failed'));
    };
    worker.postMessage({ file, format } satisfies ConvertJob);
  });
}
