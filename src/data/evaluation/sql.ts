/**
 * The SQL that the evaluation engine (DuckDB) runs over a per-example file, built from structured
 * choices only: column names and values are always quoted here, never pasted from a link or a field.
 * Pure functions, so every statement is unit-tested without a database.
 */

/** What the file is, by its name and first bytes (see `detectEvaluationFormat`). */
export type EvaluationFormat = 'csv' | 'tsv' | 'csv.gz' | 'jsonl' | 'parquet';

/** The role of each column and the text values that mean YES and NO (compared trimmed, lower-case). */
export interface EvaluationMapping {
  /** Column naming the detector; null: the whole file is one detector. */
  detector: string | null;
  truth: string;
  /** Column with the detector's answer; null when the answer comes from `score` ≥ a threshold. */
  prediction: string | null;
  score: string | null;
  timestamp: string | null;
  exampleId: string | null;
  /** Column whose values split the rows into a tuning part and a held-out part (for the threshold); null: none. */
  split: string | null;
  /** Categorical columns kept for slices and filters. */
  slices: string[];
  yesValues: string[];
  noValues: string[];
}

/** A structured filter on a slice column, the detector column or the split column. */
export interface EvaluationFilter {
  column: string;
  operator: '=' | '!=';
  value: string;
}

/** The opened file read once into a DuckDB table (every later query reads it, not the file), and the mapped examples. */
export const SOURCE_TABLE = 'source';
export const EXAMPLES_TABLE = 'examples';
/** Number of thresholds on the threshold curve. */
export const THRESHOLD_COUNT = 200;

/** "a""b" — a DuckDB identifier, any characters allowed. */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** 'it''s' — a DuckDB string literal; NUL cannot appear in a literal and is refused. */
export function quoteText(value: string): string {
  if (value.includes('\0')) throw new RangeError('a value contains a NUL character');
  return `'${value.replaceAll("'", "''")}'`;
}

/** An exact DOUBLE literal: the shortest round-trip decimal, parsed by DuckDB with correct rounding. */
export function doubleLiteral(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  return `CAST(${quoteText(String(value))} AS DOUBLE)`;
}

/**
 * How a file's column types are found: from its first 20,480 rows (`sampled`, for large files: one
 * pass fewer), from every row (`whole`: a column of 0s and 1s that holds 0.5 further down is read as
 * numbers, not whole numbers that would round it), or none, every column as text (`text`: the
 * fallback when a value far down does not fit the type the sample gave; the mapping casts each value
 * on its own, and one that does not fit is an unusable row).
 */
export type TypeDetection = 'sampled' | 'whole' | 'text';

/**
 * The table function that reads a registered file of the given format. JSON Lines and Parquet with
 * nested columns reach DuckDB as CSV converted in the browser (convert.ts; flat Parquet is loaded as
 * Arrow instead, parquet-arrow.ts), whose early rows may lack columns
 * first seen later: `null_padding` reads those as missing.
 */
export function readFileSql(fileName: string, format: EvaluationFormat, types: TypeDetection = 'sampled'): string {
  const name = quoteText(fileName);
  const typing = types === 'text' ? 'all_varchar = true' : `sample_size = ${types === 'whole' ? -1 : 20480}`;
  switch (format) {
    case 'csv':
    case 'csv.gz':
      // The sniffer finds delimiter, quoting, header and types; a BOM and CRLF are handled by the reader.
      return `read_csv(${name}, auto_detect = true, ${typing})`;
    case 'tsv':
      return `read_csv(${name}, auto_detect = true, delim = '\t', ${typing})`;
    case 'jsonl':
    case 'parquet':
      return `read_csv(${name}, auto_detect = true, header = true, delim = ',', quote = '"', escape = '"', null_padding = true, ${typing})`;
  }
}

/** The characters taken off both ends of a value (see `trimmed`). */
const EDGE_SPACES = [' ', '\t', '\r', '\n'];
const ESCAPES: Record<string, string> = { '\t': '\\t', '\r': '\\r', '\n': '\\n' };

/** Text of spaces, tabs, CRs and LFs as a DuckDB literal: ' ', or E'…' with its escapes where one is needed. */
function edgeLiteral(text: string): string {
  const escaped = text.replace(/[\t\r\n]/g, (character) => ESCAPES[character]!);
  return escaped === text ? `'${text}'` : `E'${escaped}'`;
}

/**
 * `text` without spaces, tabs, CRs and LFs at either end, as JavaScript's trim() takes them off the
 * values the user maps (DuckDB's trim() alone leaves tabs and line ends: "yes\t" could never be
 * mapped). Trimming a set of characters walks every value's code points; nearly every value has
 * none of them at either end, so only those that do are trimmed (DuckDB-WASM, 1,000,000 rows with
 * four trimmed columns: the examples table 1.9–2.1 s → 1.1–1.3 s in Node; in Chromium on a started
 * engine 1.66–2.26 s → 1.33–1.58 s, three interleaved runs each).
 */
function trimmed(text: string): string {
  const edges = EDGE_SPACES.map(edgeLiteral).flatMap((space) => [`prefix(${text}, ${space})`, `suffix(${text}, ${space})`]);
  return `CASE WHEN ${edges.join(' OR ')} THEN trim(${text}, ${edgeLiteral(EDGE_SPACES.join(''))}) ELSE ${text} END`;
}

/**
 * A timestamp column's value as a UTC TIMESTAMP (NULL where it is not one). Through TIMESTAMPTZ: an
 * offset (…T23:30:00-05:00) is honoured whether the column was read as timestamps with a zone or as
 * text (a plain TIMESTAMP cast drops it from text); windows are in UTC.
 */
export function timestampValue(column: string): string {
  return `TRY_CAST(TRY_CAST(${quoteIdentifier(column)} AS TIMESTAMPTZ) AS TIMESTAMP)`;
}

/** A column's value as text, untouched (the cheap thing to group by: see `normalised`). */
export function columnText(column: string): string {
  return `CAST(${quoteIdentifier(column)} AS VARCHAR)`;
}

/**
 * A text expression as the mapping compares it: trimmed, lower-case, '' as missing. Per row this is
 * the costly part of a whole-file GROUP BY (the character-set trim, ~0.3 s a million rows in
 * DuckDB-WASM), so a count by label groups the raw `columnText` first and normalises the few groups.
 */
export function normalised(text: string): string {
  return `nullif(lower(${trimmed(text)}), '')`;
}

/** Text of a column as the mapping compares it: trimmed, lower-case, '' as missing. */
export function normalisedText(column: string): string {
  return normalised(columnText(column));
}

function valueList(values: readonly string[]): string {
  return values.length === 0 ? 'NULL' : values.map((value) => quoteText(value.trim().toLowerCase())).join(', ');
}

export function yesNo(textColumn: string, mapping: EvaluationMapping): string {
  return `CASE WHEN ${textColumn} IN (${valueList(mapping.yesValues)}) THEN TRUE WHEN ${textColumn} IN (${valueList(mapping.noValues)}) THEN FALSE END`;
}

/**
 * WHERE conditions for statements that read the opened file itself (not the examples table): each
 * filter on the column's text, the detector column trimmed (as the examples table holds it); '' for none.
 */
export function sourceFiltersWhere(mapping: Pick<EvaluationMapping, 'detector'>, filters: readonly EvaluationFilter[]): string {
  const conditions = filters.map((filter) => {
    const column = filter.column === mapping.detector ? detectorText(mapping.detector) : `CAST(${quoteIdentifier(filter.column)} AS VARCHAR)`;
    return filter.operator === '=' ? `${column} = ${quoteText(filter.value)}` : `${column} IS DISTINCT FROM ${quoteText(filter.value)}`;
  });
  return conditions.length === 0 ? '' : ` WHERE ${conditions.join(' AND ')}`;
}

/** A detector column's value as the examples table holds it: trimmed text, '' as missing. */
export function detectorText(column: string): string {
  return detectorName(columnText(column));
}

/** A detector name from a text expression, as `detectorText` gives it: trimmed, '' as missing. */
export function detectorName(text: string): string {
  return `nullif(${trimmed(text)}, '')`;
}

/** The alias a slice column gets in the examples table: s0, s1, … in mapping order. */
export function sliceAlias(mapping: EvaluationMapping, column: string): string {
  const index = mapping.slices.indexOf(column);
  if (index === -1) throw new RangeError(`“${column}” is not a slice column`);
  return `s${index}`;
}

/** Reasons a row cannot be used, in the order they are checked (the first that applies is counted). */
export const ROW_PROBLEMS = {
  emptyDetector: 'empty detector',
  emptyLabel: 'empty label',
  unmappedLabel: 'label is neither a YES nor a NO value',
  emptyPrediction: 'empty prediction',
  unmappedPrediction: 'prediction is neither a YES nor a NO value',
  emptyScore: 'empty score',
  badScore: 'score is not a number',
} as const;

/**
 * Builds the examples table: one row per file row with its 1-based row number, detector, the mapped
 * truth and prediction (TRUE = YES), score, timestamp, example id (trimmed text), slice columns as text, and `problem`, the first
 * reason the row cannot be counted (NULL for usable rows). Detector names are kept as written.
 */
export function createExamplesSql(mapping: EvaluationMapping): string {
  const detector = mapping.detector === null ? `'all'` : detectorText(mapping.detector);
  const predictionText = mapping.prediction === null ? 'NULL' : normalisedText(mapping.prediction);
  const scoreRaw = mapping.score === null ? 'NULL' : quoteIdentifier(mapping.score);
  const timestamp = mapping.timestamp === null ? 'NULL' : timestampValue(mapping.timestamp);
  const split = mapping.split === null ? 'NULL' : `CAST(${quoteIdentifier(mapping.split)} AS VARCHAR)`;
  // Ids are compared as trimmed text, so 7 in one detector's rows meets "7" in another's.
  const exampleId = mapping.exampleId === null ? 'NULL' : `nullif(${trimmed(`CAST(${quoteIdentifier(mapping.exampleId)} AS VARCHAR)`)}, '')`;
  const slices = mapping.slices.map((column, index) => `CAST(${quoteIdentifier(column)} AS VARCHAR) AS s${index}`);
  const checks = [
    `WHEN detector IS NULL THEN ${quoteText(ROW_PROBLEMS.emptyDetector)}`,
    `WHEN truth_text IS NULL THEN ${quoteText(ROW_PROBLEMS.emptyLabel)}`,
    `WHEN truth IS NULL THEN ${quoteText(ROW_PROBLEMS.unmappedLabel)}`,
    ...(mapping.prediction === null
      ? [
          `WHEN score IS NULL AND nullif(${trimmed('CAST(score_raw AS VARCHAR)')}, '') IS NULL THEN ${quoteText(ROW_PROBLEMS.emptyScore)}`,
          `WHEN score IS NULL THEN ${quoteText(ROW_PROBLEMS.badScore)}`,
        ]
      : [`WHEN prediction_text IS NULL THEN ${quoteText(ROW_PROBLEMS.emptyPrediction)}`, `WHEN predicted IS NULL THEN ${quoteText(ROW_PROBLEMS.unmappedPrediction)}`]),
  ];
  return [
    `CREATE OR REPLACE TABLE ${EXAMPLES_TABLE} AS`,
    `SELECT row_number, detector, example_id, truth, predicted, score, ts, split${mapping.slices.map((_, index) => `, s${index}`).join('')},`,
    `  CASE ${checks.join(' ')} END AS problem`,
    `FROM (`,
    // A numeric score column is used as it is (no round trip through text); text is cast, trimmed if it must be.
    // NaN and ±Infinity are not scores (NaN would compare as at least every threshold).
    `  SELECT *, ${yesNo('truth_text', mapping)} AS truth, ${yesNo('prediction_text', mapping)} AS predicted,`,
    `    CASE WHEN isfinite(score_any) THEN score_any END AS score`,
    `  FROM (SELECT *, coalesce(TRY_CAST(score_raw AS DOUBLE), TRY_CAST(${trimmed('CAST(score_raw AS VARCHAR)')} AS DOUBLE)) AS score_any`,
    `  FROM (`,
    `    SELECT row_number, ${detector} AS detector, ${normalisedText(mapping.truth)} AS truth_text, ${predictionText} AS prediction_text,`,
    `      ${scoreRaw} AS score_raw, ${timestamp} AS ts, ${split} AS split, ${exampleId} AS example_id${slices.map((slice) => `, ${slice}`).join('')}`,
    `    FROM (SELECT row_number() OVER () AS row_number, * FROM ${SOURCE_TABLE})`,
    `  ))`,
    `)`,
  ].join('\n');
}

/** The column of the examples table that a filter or slice on `column` reads. */
export function examplesColumn(mapping: EvaluationMapping, column: string): string {
  if (column === mapping.detector) return 'detector';
  if (column === mapping.split) return 'split';
  return sliceAlias(mapping, column);
}

/** Filters apply to the detector column and the slice columns only; one on any other column is left out. */
export function isFilterable(mapping: EvaluationMapping, column: string): boolean {
  return column === mapping.detector || mapping.slices.includes(column);
}

/** WHERE clause for usable rows that pass every filter (a missing slice value never equals anything). */
export function usableRowsWhere(mapping: EvaluationMapping, filters: readonly EvaluationFilter[], detector?: string): string {
  const conditions = ['problem IS NULL'];
  if (detector !== undefined) conditions.push(`detector = ${quoteText(detector)}`);
  for (const filter of filters) {
    const column = examplesColumn(mapping, filter.column);
    conditions.push(filter.operator === '=' ? `${column} = ${quoteText(filter.value)}` : `${column} IS DISTINCT FROM ${quoteText(filter.value)}`);
  }
  return conditions.join(' AND ');
}

/** The detector's answer: the prediction column, or score ≥ threshold when a threshold is set. */
export function predictedYes(threshold: number | null): string {
  return threshold === null ? 'predicted' : `(score >= ${doubleLiteral(threshold)})`;
}

/**
 * The four counts per group, as DOUBLE so that Arrow hands back plain numbers. With a threshold, a
 * row without a score has no answer: it is left out (as the threshold curve leaves it out), not
 * counted as wrong.
 */
function countColumns(threshold: number | null): string {
  const yes = predictedYes(threshold);
  const answered = threshold === null ? '' : ' AND score IS NOT NULL';
  return [
    `count(*) FILTER (WHERE truth AND ${yes})::DOUBLE AS yes_correct`,
    `count(*) FILTER (WHERE truth${answered})::DOUBLE AS yes_total`,
    `count(*) FILTER (WHERE NOT truth AND NOT ${yes})::DOUBLE AS no_correct`,
    `count(*) FILTER (WHERE NOT truth${answered})::DOUBLE AS no_total`,
  ].join(', ');
}

/** Per-detector counts: the one GROUP BY that turns examples into detectors. */
export function detectorCountsSql(mapping: EvaluationMapping, filters: readonly EvaluationFilter[], threshold: number | null): string {
  return `SELECT detector AS grp, ${countColumns(threshold)} FROM ${EXAMPLES_TABLE} WHERE ${usableRowsWhere(mapping, filters)} GROUP BY detector ORDER BY detector`;
}

/** Counts per value of a slice column for one detector (a missing value is its own group, NULL). */
export function sliceCountsSql(
  mapping: EvaluationMapping,
  column: string,
  filters: readonly EvaluationFilter[],
  detector: string,
  threshold: number | null,
): string {
  const alias = examplesColumn(mapping, column);
  return `SELECT ${alias} AS grp, ${countColumns(threshold)} FROM ${EXAMPLES_TABLE} WHERE ${usableRowsWhere(mapping, filters, detector)} GROUP BY ${alias} ORDER BY ${alias} NULLS LAST`;
}

/** The split column's values (as written) among the usable rows, most rows first, at most `limit`. */
export function splitValuesSql(limit: number): string {
  return `SELECT split AS value, count(*)::DOUBLE AS rows FROM ${EXAMPLES_TABLE} WHERE problem IS NULL AND split IS NOT NULL GROUP BY 1 ORDER BY rows DESC, value LIMIT ${Math.floor(limit)}`;
}

/** Unusable rows by reason: how many, and the first few row numbers. */
export function problemSummarySql(): string {
  return `SELECT problem, count(*)::DOUBLE AS rows, list(row_number::DOUBLE ORDER BY row_number)[1:3] AS examples FROM ${EXAMPLES_TABLE} WHERE problem IS NOT NULL GROUP BY problem ORDER BY rows DESC, problem`;
}

/** The most frequent values of a column (for the label map and for guessing roles), at most `limit`. */
export function valueCountsSql(column: string, limit: number): string {
  // Counted by the raw text first, then normalised per distinct text (see `normalised`).
  const raw = `SELECT ${columnText(column)} AS raw, count(*) AS n FROM ${SOURCE_TABLE} GROUP BY 1`;
  return `SELECT ${normalised('raw')} AS value, sum(n)::DOUBLE AS rows FROM (${raw}) GROUP BY 1 ORDER BY rows DESC, value NULLS LAST LIMIT ${Math.floor(limit)}`;
}

/** How many distinct values each column has, capped (the cap is enough to tell categorical from not). */
export function distinctCountsSql(columns: readonly string[]): string {
  return `SELECT ${columns.map((column, index) => `approx_count_distinct(${quoteIdentifier(column)})::DOUBLE AS c${index}`).join(', ')}, count(*)::DOUBLE AS total_rows FROM ${SOURCE_TABLE}`;
}

/** The first rows, every value as text, for the preview. */
export function previewSql(columns: readonly string[], rows: number): string {
  return `SELECT ${columns.map((column) => `CAST(${quoteIdentifier(column)} AS VARCHAR) AS ${quoteIdentifier(column)}`).join(', ')} FROM ${SOURCE_TABLE} LIMIT ${Math.floor(rows)}`;
}

/**
 * One detector's usable rows binned against THRESHOLD_COUNT evenly spaced thresholds
 * t_i = lo + i·step (lo, step = the scores' min and (max − min)/(THRESHOLD_COUNT − 1)): each row's bin
 * is the largest i with t_i ≤ score, with t_i computed in doubles exactly as the curve computes it, so
 * YES at t_i ⇔ bin ≥ i, exactly. Found by bisection (t_i never decreases with i), one bit per step:
 * floor((score − lo)/step) can be off by many bins where the scores lie a few ulps apart (0.3 and
 * 0.30000000000000004: rounding makes the first hundred thresholds equal).
 * Returns lo, step and, per bin, the should-be-YES and should-be-NO rows.
 */
export function thresholdBinsSql(mapping: EvaluationMapping, filters: readonly EvaluationFilter[], detector: string): string {
  const last = THRESHOLD_COUNT - 1;
  const bits = Math.ceil(Math.log2(THRESHOLD_COUNT));
  // Step k adds 2^(bits − 1 − k) to b where that threshold is still ≤ the score.
  const bisection = Array.from({ length: bits }, (_, k) => {
    const add = 2 ** (bits - 1 - k);
    return `b${k + 1} AS (SELECT truth, score, lo, step, b + CASE WHEN b + ${add} <= ${last} AND lo + (b + ${add}) * step <= score THEN ${add} ELSE 0 END AS b FROM b${k}),`;
  });
  return [
    `WITH usable AS (SELECT truth, score FROM ${EXAMPLES_TABLE} WHERE ${usableRowsWhere(mapping, filters, detector)} AND score IS NOT NULL AND isfinite(score)),`,
    `bounds AS (SELECT min(score) AS lo, (max(score) - min(score)) / ${last} AS step FROM usable),`,
    `b0 AS (SELECT truth, score, lo, step, 0 AS b FROM usable, bounds),`,
    ...bisection,
    `binned AS (SELECT truth, CASE WHEN step = 0 THEN 0 ELSE b END AS bin FROM b${bits})`,
    `SELECT bin, count(*) FILTER (WHERE truth)::DOUBLE AS yes_rows, count(*) FILTER (WHERE NOT truth)::DOUBLE AS no_rows,`,
    `  (SELECT lo FROM bounds) AS lo, (SELECT step FROM bounds) AS step FROM binned GROUP BY bin ORDER BY bin`,
  ].join('\n');
}

/** Time windows for the accuracy-over-time table. */
export const TIME_WINDOWS = ['day', 'week', 'month'] as const;
export type TimeWindow = (typeof TIME_WINDOWS)[number];

/** Seconds between the first and the last timestamp of the usable rows. */
export function timeSpanSql(): string {
  return `SELECT (epoch(max(ts)) - epoch(min(ts)))::DOUBLE AS span FROM ${EXAMPLES_TABLE} WHERE problem IS NULL AND ts IS NOT NULL`;
}

/** One detector's counts per day, week (from Monday) or month, labelled by the window's first day. */
export function timeCountsSql(
  mapping: EvaluationMapping,
  filters: readonly EvaluationFilter[],
  detector: string,
  threshold: number | null,
  window: TimeWindow,
): string {
  if (!TIME_WINDOWS.includes(window)) throw new RangeError(`unknown time window ${String(window)}`);
  return `SELECT strftime(date_trunc('${window}', ts), '%Y-%m-%d') AS grp, ${countColumns(threshold)} FROM ${EXAMPLES_TABLE} WHERE ${usableRowsWhere(mapping, filters, detector)} AND ts IS NOT NULL GROUP BY 1 ORDER BY 1`;
}
