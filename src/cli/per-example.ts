/**
 * Per-example files (CSV, TSV, JSON Lines, Parquet, .csv.gz) counted by DuckDB's Node client with
 * the dashboard's own evaluation module (`#/data`): the same format detection, SQL, column-role
 * guessing, label values, filters, threshold and unusable-row reasons. @duckdb/node-api is an
 * optional dependency, imported only when such a file is given.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { finished } from 'node:stream/promises';
import type { ClassCounts } from '../stats';
import { CliError, quoted } from './cli-error';
import {
  classCombinationsSql,
  classReadingFromRows,
  createExamplesSql,
  CsvParts,
  detectEvaluationFormat,
  detectorCountsSql,
  FORMAT_SNIFF_BYTES,
  guessMapping,
  JsonLinesReader,
  problemSummarySql,
  quoteIdentifier,
  readerProblem,
  readFileSql,
  sliceAlias,
  sliceCountsSql,
  SOURCE_TABLE,
  type ClassDetector,
  type EvaluationFilter,
  type EvaluationFormat,
  type EvaluationMapping,
  type TypeDetection,
} from './dashboard';
import type { Progress } from './progress';

/** The options of `#/data`'s mapping form, from the command line. */
export interface MappingOptions {
  label?: string;
  prediction?: string;
  score?: string;
  threshold?: number;
  detectorColumn?: string;
  yesValues?: string[];
  noValues?: string[];
  where: EvaluationFilter[];
  slice?: string;
}

export interface UnusableRows {
  reason: string;
  rows: number;
  /** The first few: file lines for CSV/TSV (the header is line 1), rows for JSON Lines and Parquet. */
  lines: number[];
}

export interface GroupCounts {
  group: string | null;
  yes: ClassCounts;
  no: ClassCounts;
}

export interface CountedFile {
  format: EvaluationFormat;
  rows: number;
  usableRows: number;
  unusable: UnusableRows[];
  /** JSON Lines lines that are not a JSON object (left out before rows are numbered). */
  skippedLines: { count: number; lines: number[] };
  /** `line` or `row`: what the numbers in `unusable` count. */
  numbering: 'line' | 'row';
  mapping: EvaluationMapping;
  threshold: number | null;
  /** One entry per detector value (`null` group: the file is one detector). */
  detectors: GroupCounts[];
  /** With --slice: per detector value, the counts per slice value. */
  slices: Map<string | null, GroupCounts[]> | null;
  /**
   * A label column of 3 to MAX_CLASSES values with a prediction column (and no --yes-values,
   * --no-values or --threshold): the file read as K-class detectors, as #/data reads it; `detectors`
   * is then empty and `unusable` holds the rows left out of every matrix, by reason.
   */
  classes: { labels: string[]; detectors: ClassDetector[] } | null;
}

/** The page's default threshold when a score decides (no prediction column). */
const DEFAULT_THRESHOLD = 0.5;
/** The column of a combination's number of rows (see countPerExampleFile). */
const WEIGHT = '__tailbound_rows';
/** Files up to this size (uncompressed CSV/TSV) have their types found from every row, as on the page. */
const WHOLE_SNIFF_BYTES = 64 * 1024 * 1024;

const FORMAT_NAMES: Record<EvaluationFormat, string> = {
  csv: 'CSV',
  tsv: 'TSV',
  'csv.gz': 'gzip-compressed CSV',
  jsonl: 'JSON Lines',
  parquet: 'Parquet',
};

type Query = (sql: string) => Promise<Record<string, unknown>[]>;

interface Engine {
  query: Query;
  progress(): number;
  close(): void;
}

async function startEngine(): Promise<Engine> {
  let api: typeof import('@duckdb/node-api');
  try {
    api = await import('@duckdb/node-api');
  } catch {
    throw new CliError(
      'per-example files are counted by DuckDB, whose Node client (@duckdb/node-api, an optional dependency of tailbound) is not installed here; install it with `npm install @duckdb/node-api@1.4.3-r.3`, or pass counts (a counts CSV, a workspace JSON or --counts).',
    );
  }
  const instance = await api.DuckDBInstance.create(':memory:', {
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
    temp_directory: join(tmpdir(), 'tailbound-duckdb'),
  });
  const connection = await instance.connect();
  // DuckDB tracks a statement's progress (read by the progress line) only with its progress bar on; it prints nothing itself.
  await connection.run('SET enable_progress_bar = true');
  await connection.run('SET enable_progress_bar_print = false');
  return {
    query: async (sql) => (await connection.runAndReadAll(sql)).getRowObjectsJS() as Record<string, unknown>[],
    progress: () => {
      const percentage = Number(connection.progress.percentage);
      return Number.isFinite(percentage) && percentage >= 0 ? Math.min(1, percentage / 100) : 0;
    },
    close: () => {
      connection.closeSync();
      instance.closeSync();
    },
  };
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Reads, maps and counts one per-example file; a CliError names the file and what is wrong. */
export async function countPerExampleFile(path: string, options: MappingOptions, progress: Progress): Promise<CountedFile> {
  const fileName = basename(path);
  const { format, size } = await sniffFormat(path, fileName);
  const engine = await startEngine();
  const scratch = await mkdtemp(join(tmpdir(), 'tailbound-'));
  const task = progress.task(`Reading ${fileName}`, engine.progress);
  try {
    const { source, skippedLines } = await fileSource(path, format, scratch);
    const types: TypeDetection = format !== 'csv.gz' && format !== 'parquet' && size <= WHOLE_SNIFF_BYTES ? 'whole' : 'sampled';
    const { names, mapping, threshold, counting, grouped, rows, usableRows } = await mapAndTotal(engine, path, format, source, types, options);
    if (rows === 0) throw new CliError(`${path}: has column names but no rows.`);
    const classes = usableRows < rows ? await classReading(engine.query, mapping, options) : null;
    if (classes !== null) {
      if (options.slice !== undefined) throw new CliError(`${path}: its labels are ${classes.labels.length} classes; --slice is not available for K-class files yet (--where is).`);
      const unusable = classes.leftOut.map(({ problem, rows: count }) => ({ reason: problem, rows: count, lines: [] }));
      const leftOut = unusable.reduce((sum, problem) => sum + problem.rows, 0);
      return { format, rows, usableRows: rows - leftOut, unusable, skippedLines, numbering: 'row', mapping, threshold, detectors: [], slices: null, classes: { labels: classes.labels, detectors: classes.detectors } };
    }
    task.rename(`Counting ${fileName}`);
    const headerLine = (format === 'csv' || format === 'tsv' || format === 'csv.gz') && !names.every((column, index) => column === `column${index}`);
    const unusable = usableRows === rows ? [] : await unusableRows(engine.query, headerLine ? 1 : 0);
    const detectors = await detectorCounts(engine.query, counting, grouped, options.where, threshold);
    const slices = options.slice === undefined ? null : await sliceCounts(engine.query, mapping, options.slice, options.where, detectors, threshold);
    return { format, rows, usableRows, unusable, skippedLines, numbering: headerLine ? 'line' : 'row', mapping, threshold, detectors, slices, classes: null };
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(`${path}: could not be read as ${FORMAT_NAMES[format]}: ${readerProblem(message(error), fileName, format).split(engineSafe(path)).join(fileName)}`);
  } finally {
    task.done();
    engine.close();
    await rm(scratch, { recursive: true, force: true });
  }
}

/** The file's format, from its name and first bytes (as the page guesses it), and its size. */
async function sniffFormat(path: string, fileName: string): Promise<{ format: EvaluationFormat; size: number }> {
  const info = await stat(path).catch(() => null);
  if (info === null || !info.isFile()) throw new CliError(`${path}: no such file.`);
  const handle = await open(path, 'r');
  const head = new Uint8Array(FORMAT_SNIFF_BYTES);
  const { bytesRead } = await handle.read(head, 0, FORMAT_SNIFF_BYTES, 0);
  await handle.close();
  const guess = detectEvaluationFormat(fileName, info.size, head.subarray(0, bytesRead));
  if (!guess.ok) throw new CliError(`${path}: ${guess.message}`);
  return { format: guess.format, size: info.size };
}

/** The SQL table expression that reads the file (JSON Lines converted to CSV in `scratch` first, its skipped lines kept). */
async function fileSource(path: string, format: EvaluationFormat, scratch: string): Promise<{ source: (types: TypeDetection) => string; skippedLines: { count: number; lines: number[] } }> {
  if (format === 'jsonl') {
    const converted = await jsonLinesToCsv(path, join(scratch, 'evaluation.csv'));
    if (converted.rows === 0) {
      throw new CliError(`${path}: could not be read as JSON Lines: ${converted.skipped.count > 0 ? `no line is a JSON object (line ${converted.skipped.lines[0]} is not)` : 'it has no rows'}.`);
    }
    return { source: (types) => readFileSql(converted.path, 'jsonl', types), skippedLines: converted.skipped };
  }
  const skippedLines = { count: 0, lines: [] as number[] };
  // The page converts Parquet to CSV because DuckDB-WASM would fetch its Parquet reader; here it is built in.
  if (format === 'parquet') return { source: () => `read_parquet(${sqlText(path)})`, skippedLines };
  return { source: (types) => readFileSql(path, format, types), skippedLines };
}

/**
 * Maps the file's columns and builds the examples view, with the rows and the usable rows in all.
 * The page reads the whole file into a table once (it then slices, bins and windows it many times).
 * A gate counts once: the file stays a view, and where a prediction column decides, each distinct
 * combination of the mapped columns' raw values goes through the page's examples statement once,
 * with its number of rows as one more column (the mapping of a row depends on those values alone):
 * the same counts, without trimming and matching the text of every row. A file with unusable rows
 * is counted again row by row, for their line numbers; so are slices and a score with a threshold.
 * Types the reader cannot convert are read again as text, a whole-file sniff that fails as sampled.
 */
async function mapAndTotal(engine: Engine, path: string, format: EvaluationFormat, source: (types: TypeDetection) => string, firstTypes: TypeDetection, options: MappingOptions) {
  let types = firstTypes;
  let mayGroup = true;
  for (;;) {
    try {
      await engine.query(`CREATE OR REPLACE VIEW file_rows AS SELECT * FROM ${source(types)}`);
      const described = await engine.query('DESCRIBE file_rows');
      const names = described.map((row) => String(row.column_name));
      if (names.length === 0) throw new CliError(`${path}: has no columns.`);
      // Distinct counts only decide the split and slice roles, which counting does not use; those the
      // command line asks for (--slice, --where) are named, so no pass over every column is needed.
      const columns = described.map((row) => ({ name: String(row.column_name), type: String(row.column_type), distinct: 0 }));
      const { mapping, threshold } = chooseMapping(path, guessMapping(columns), names, options);
      const grouped = mayGroup && mapping.prediction !== null && options.slice === undefined && !names.includes(WEIGHT);
      const { counting, totals } = grouped ? await groupedExamples(engine.query, mapping) : await rowExamples(engine.query, mapping);
      const rows = Number(totals?.rows ?? 0);
      const usableRows = Number(totals?.usable ?? 0);
      if (grouped && rows !== usableRows) {
        mayGroup = false;
        continue;
      }
      return { names, mapping, threshold, counting, grouped, rows, usableRows };
    } catch (error) {
      if (error instanceof CliError || format === 'parquet') throw error;
      if (types !== 'text' && /conversion error|could not convert/i.test(message(error))) types = 'text';
      else if (types === 'whole' && /when sniffing/i.test(message(error))) types = 'sampled';
      else throw error;
    }
  }
}

/** The examples view over each distinct combination of the counted columns, its number of rows a slice column. */
async function groupedExamples(query: Query, mapping: EvaluationMapping) {
  const used = [...new Set([mapping.detector, mapping.truth, mapping.prediction, ...mapping.slices].filter((column): column is string => column !== null))];
  const list = used.map(quoteIdentifier).join(', ');
  await query(`CREATE OR REPLACE VIEW ${SOURCE_TABLE} AS SELECT ${list}, count(*) AS ${quoteIdentifier(WEIGHT)} FROM file_rows GROUP BY ${list}`);
  // The grouped view holds the counted columns only: ids and times are not among them.
  const counting: EvaluationMapping = { ...mapping, score: null, exampleId: null, timestamp: null, slices: [...mapping.slices, WEIGHT] };
  await query(createExamplesSql(counting));
  const weight = `CAST(${sliceAlias(counting, WEIGHT)} AS DOUBLE)`;
  const [totals] = await query(`SELECT coalesce(sum(${weight}), 0)::DOUBLE AS rows, coalesce(sum(${weight}) FILTER (WHERE problem IS NULL), 0)::DOUBLE AS usable FROM examples`);
  return { counting, totals };
}

/** The examples view over every row of the file. */
async function rowExamples(query: Query, mapping: EvaluationMapping) {
  await query(`CREATE OR REPLACE VIEW ${SOURCE_TABLE} AS SELECT * FROM file_rows`);
  await query(createExamplesSql(mapping));
  const [totals] = await query('SELECT count(*)::DOUBLE AS rows, count(*) FILTER (WHERE problem IS NULL)::DOUBLE AS usable FROM examples');
  return { counting: mapping, totals };
}

/**
 * The file read as K-class detectors, as #/data reads it, when its rows do not all read as YES/NO:
 * a prediction column, no YES/NO values or threshold given, 3 to MAX_CLASSES true-label values, and
 * answers in at least 3 of them (a YES/NO file with a few stray labels, "maybe", answered only YES or
 * NO, stays two-class and its rows are reported). Null otherwise (the two-class reading stands).
 */
async function classReading(query: Query, mapping: EvaluationMapping, options: MappingOptions) {
  if (mapping.prediction === null || options.yesValues !== undefined || options.noValues !== undefined || options.threshold !== undefined) return null;
  const reading = classReadingFromRows(await query(classCombinationsSql(mapping, options.where)), Infinity);
  if (reading.kind !== 'classes') return null;
  const answered = reading.labels.filter((_label, j) => reading.detectors.some(({ matrix }) => matrix.some((row) => row[j]! > 0)));
  return answered.length >= 3 ? reading : null;
}

/** Why rows were left out, with a few of their line numbers (`offset` 1 past a header line). */
async function unusableRows(query: Query, offset: number) {
  return (await query(problemSummarySql())).map((row) => ({
    reason: String(row.problem),
    rows: Number(row.rows),
    lines: (row.examples as unknown[]).map((example) => Number(example) + offset),
  }));
}

/** Each detector's counts; over grouped combinations, each combination's counts times its number of rows. */
async function detectorCounts(query: Query, counting: EvaluationMapping, grouped: boolean, filters: EvaluationFilter[], threshold: number | null): Promise<GroupCounts[]> {
  const detectors = (await query(detectorCountsSql(counting, filters, threshold))).map(groupCounts);
  if (!grouped) return detectors;
  return Promise.all(
    detectors.map(async (detector) => {
      const byWeight = (await query(sliceCountsSql(counting, WEIGHT, filters, detector.group ?? '', null))).map(groupCounts);
      const sum = (pick: (group: GroupCounts) => number) => byWeight.reduce((total, group) => total + pick(group) * Number(group.group), 0);
      return {
        group: detector.group,
        yes: { correct: sum((g) => g.yes.correct), total: sum((g) => g.yes.total) },
        no: { correct: sum((g) => g.no.correct), total: sum((g) => g.no.total) },
      };
    }),
  );
}

/** Each named detector's counts by the values of the slice column. */
async function sliceCounts(query: Query, mapping: EvaluationMapping, slice: string, filters: EvaluationFilter[], detectors: GroupCounts[], threshold: number | null) {
  const slices = new Map<string | null, GroupCounts[]>();
  for (const detector of detectors) {
    if (detector.group === null) continue;
    slices.set(detector.group, (await query(sliceCountsSql(mapping, slice, filters, detector.group, threshold))).map(groupCounts));
  }
  return slices;
}

function engineSafe(path: string): string {
  return `"${path}"`;
}

function sqlText(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

function groupCounts(row: Record<string, unknown>): GroupCounts {
  return {
    group: row.grp === null || row.grp === undefined ? null : String(row.grp),
    yes: { correct: Number(row.yes_correct), total: Number(row.yes_total) },
    no: { correct: Number(row.no_correct), total: Number(row.no_total) },
  };
}

/** The guessed mapping with the command line's choices applied, each column checked against the file's. */
function chooseMapping(path: string, guessed: EvaluationMapping, names: readonly string[], options: MappingOptions): { mapping: EvaluationMapping; threshold: number | null } {
  const column = (option: string, name: string | undefined): string | undefined => {
    if (name === undefined) return undefined;
    if (names.includes(name)) return name;
    throw new CliError(`${option} ${quoted(name)}: ${path} has no such column; its columns are ${names.map((n) => quoted(n)).join(', ')}.`);
  };
  const mapping: EvaluationMapping = { ...guessed, slices: [...guessed.slices] };
  const claim = (name: string) => {
    // A column given a role leaves the others it was guessed for.
    for (const role of ['detector', 'truth', 'prediction', 'score', 'timestamp', 'exampleId', 'split'] as const) if (mapping[role] === name) (mapping as unknown as Record<string, string | null>)[role] = null;
    mapping.slices = mapping.slices.filter((slice) => slice !== name);
  };
  const label = column('--label', options.label);
  const prediction = column('--prediction', options.prediction);
  const score = column('--score', options.score);
  const detector = column('--detector-column', options.detectorColumn);
  for (const [name, role] of [
    [label, 'truth'],
    [prediction, 'prediction'],
    [score, 'score'],
    [detector, 'detector'],
  ] as const) {
    if (name === undefined) continue;
    claim(name);
    (mapping as unknown as Record<string, string | null>)[role] = name;
  }
  if (mapping.truth === null || mapping.truth === '') throw new CliError(`${path}: no label column; name it with --label (columns: ${names.map((n) => quoted(n)).join(', ')}).`);
  if (options.yesValues) mapping.yesValues = options.yesValues;
  if (options.noValues) mapping.noValues = options.noValues;
  const overlap = mapping.yesValues.filter((value) => mapping.noValues.includes(value));
  if (overlap.length > 0) throw new CliError(`--yes-values and --no-values both contain ${overlap.map((v) => quoted(v)).join(', ')}; a value means YES or NO, not both.`);
  // As the page: "Count with score ≥ this threshold" makes the score decide even where a prediction column exists.
  if (options.threshold !== undefined) {
    if (mapping.score === null) throw new CliError(`--threshold needs a score column; ${path} has none guessed — name it with --score (columns: ${names.map((n) => quoted(n)).join(', ')}).`);
    if (options.prediction !== undefined) throw new CliError('--threshold and --prediction both say how the detector answered; give one (with --threshold, YES when score ≥ threshold).');
    mapping.prediction = null;
  }
  if (mapping.prediction === null && mapping.score === null) {
    throw new CliError(`${path}: no prediction or score column was found; name one with --prediction or --score (columns: ${names.map((n) => quoted(n)).join(', ')}).`);
  }
  for (const extra of [options.slice, ...options.where.map((filter) => filter.column)]) {
    if (extra === undefined) continue;
    const name = column(extra === options.slice ? '--slice' : '--where', extra)!;
    if (name !== mapping.detector && !mapping.slices.includes(name)) {
      if (name === mapping.truth || name === mapping.prediction || name === mapping.score) {
        throw new CliError(`${quoted(name)} is ${path}'s ${name === mapping.truth ? 'label' : name === mapping.prediction ? 'prediction' : 'score'} column; slices and filters take the detector column or other (categorical) columns.`);
      }
      claim(name);
      mapping.slices.push(name);
    }
  }
  const threshold = mapping.prediction === null ? (options.threshold ?? DEFAULT_THRESHOLD) : null;
  // Counts, filters and slices never read the timestamp or split columns (the page's time windows and
  // tuning split do): left out, they are not parsed.
  mapping.timestamp = null;
  mapping.split = null;
  return { mapping, threshold };
}

/** JSON Lines to a CSV file through the page's converter (each non-blank line one JSON object; others skipped and counted). */
async function jsonLinesToCsv(path: string, target: string): Promise<{ path: string; rows: number; skipped: { count: number; lines: number[] } }> {
  const csv = new CsvParts();
  const reader = new JsonLinesReader(csv);
  const bodyPath = `${target}.body`;
  const body = createWriteStream(bodyPath);
  const decoder = new TextDecoder();
  for await (const chunk of createReadStream(path)) {
    reader.push(decoder.decode(chunk as Buffer, { stream: true }));
    // Rows go to disk as they come (the page keeps them as Blob parts); the header, known at the end, goes first.
    csv.flush();
    for (const part of csv.parts.splice(0)) if (!body.write(part)) await new Promise<void>((resolve) => body.once('drain', () => resolve()));
  }
  reader.push(decoder.decode());
  reader.end();
  const [header, ...rest] = csv.blobParts();
  for (const part of rest) body.write(part);
  body.end();
  await finished(body);
  const out = createWriteStream(target);
  out.write(header ?? '\n');
  for await (const chunk of createReadStream(bodyPath)) if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  out.end();
  await finished(out);
  await rm(bodyPath, { force: true });
  return { path: target, rows: csv.rows, skipped: { count: reader.skipped.count, lines: reader.skipped.examples } };
}
