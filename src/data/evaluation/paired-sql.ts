/**
 * Two detectors on the same examples (issue 30): the per-class discordance tables a paired
 * comparison needs, joined on the example id in DuckDB, and what kept examples out of the pairs.
 * Pure (SQL text and row reading only), so a Node runner of the same SQL shares it.
 */
import type { DetectorCounts, PairedClassCounts } from '../../stats';
import type { ResultRow } from './results';
import { EXAMPLES_TABLE, examplesColumn, normalisedText, predictedYes, SOURCE_TABLE, sourceFiltersWhere, usableRowsWhere, yesNo, type EvaluationFilter, type EvaluationMapping } from './sql';

/** Which two detectors to pair, over which rows, and the slice column to split the tables by (null: none). */
export interface PairingChoice {
  mapping: EvaluationMapping;
  filters: readonly EvaluationFilter[];
  detectorA: string;
  detectorB: string;
  threshold: number | null;
  slice: string | null;
}

/** Why an example (or a row) is left out of the pairs; the page names each with the detectors' names. */
export const PAIRING_PROBLEMS = ['no-id', 'repeated-a', 'repeated-b', 'only-a', 'only-b', 'label-differs'] as const;
export type PairingProblem = (typeof PAIRING_PROBLEMS)[number];

/**
 * One detector's answered rows: its usable rows passing the filters (with a threshold, those with a
 * score), its example id, truth, answer and the slice value ('all' without a slice).
 */
function answeredRows(choice: PairingChoice, detector: string): string {
  const { mapping, filters, threshold, slice } = choice;
  const group = slice === null ? `'all'` : examplesColumn(mapping, slice);
  const answered = threshold === null ? '' : ' AND score IS NOT NULL';
  return `SELECT row_number, example_id, truth, ${predictedYes(threshold)} AS said_yes, ${group} AS grp FROM ${EXAMPLES_TABLE} WHERE ${usableRowsWhere(mapping, filters, detector)}${answered}`;
}

/** The CTEs both statements share: each detector's rows (a, b) and its ids seen exactly once (a1, b1). */
function sharedRows(choice: PairingChoice): string {
  return [
    `WITH a AS (${answeredRows(choice, choice.detectorA)}),`,
    `b AS (${answeredRows(choice, choice.detectorB)}),`,
    `a1 AS (SELECT * FROM a WHERE example_id IS NOT NULL QUALIFY count(*) OVER (PARTITION BY example_id) = 1),`,
    `b1 AS (SELECT * FROM b WHERE example_id IS NOT NULL QUALIFY count(*) OVER (PARTITION BY example_id) = 1)`,
  ].join('\n');
}

/**
 * The discordance tables per group (the slice value of detector A's row; 'all' without a slice):
 * over the examples whose id each detector has exactly once and whose label agrees, per class, b (A
 * right, B wrong), c (A wrong, B right), both right, and n. Repeated ids are left out rather than
 * guessed at: which of two rows would be "the" answer is not knowable.
 */
export function pairedTablesSql(choice: PairingChoice): string {
  return [
    sharedRows(choice) + ',',
    `pairs AS (SELECT a1.grp, a1.truth, a1.said_yes AS a_yes, b1.said_yes AS b_yes FROM a1 JOIN b1 USING (example_id) WHERE a1.truth = b1.truth)`,
    `SELECT grp, ${discordanceColumns('TRUE')} FROM pairs GROUP BY grp ORDER BY grp NULLS LAST`,
  ].join('\n');
}

/**
 * Per class, over rows with `truth`, `a_yes` and `b_yes` (TRUE = YES) where `where` holds: b (A
 * right, B wrong), c (A wrong, B right), both right, and n — the columns `pairedGroupsFromRows` reads.
 */
function discordanceColumns(where: string): string {
  const perClass = (name: string, truth: string) =>
    [
      `count(*) FILTER (WHERE ${where} AND ${truth} AND truth = a_yes AND truth <> b_yes)::DOUBLE AS ${name}_b`,
      `count(*) FILTER (WHERE ${where} AND ${truth} AND truth <> a_yes AND truth = b_yes)::DOUBLE AS ${name}_c`,
      `count(*) FILTER (WHERE ${where} AND ${truth} AND truth = a_yes AND truth = b_yes)::DOUBLE AS ${name}_both`,
      `count(*) FILTER (WHERE ${where} AND ${truth})::DOUBLE AS ${name}_n`,
    ].join(', ');
  return `${perClass('yes', 'truth')}, ${perClass('no', 'NOT truth')}`;
}

/** Why a row is left out of two answer columns' pairs, in the order they are checked. */
export const COLUMN_PAIR_PROBLEMS = {
  emptyLabel: 'empty label',
  unmappedLabel: 'label is neither a YES nor a NO value',
  unmappedA: 'first answer is neither a YES nor a NO value (or empty)',
  unmappedB: 'second answer is neither a YES nor a NO value (or empty)',
} as const;

/**
 * Two answer columns on the same rows (issue 30): each row pairs the prediction column's answer
 * (A) with `columnB`'s (B), both mapped by the label values as the prediction is, over the rows
 * passing the filters — one group 'all' of discordance tables (`pairedGroupsFromRows`), with each
 * reason for leaving a row out counted (`columnPairProblemsFromRow`).
 */
export function columnPairTablesSql(mapping: EvaluationMapping, filters: readonly EvaluationFilter[], columnB: string): string {
  if (mapping.prediction === null) throw new RangeError('a prediction column is needed to pair answer columns');
  const answered = 'truth IS NOT NULL AND a_yes IS NOT NULL AND b_yes IS NOT NULL';
  const reasons = [
    `count(*) FILTER (WHERE truth_text IS NULL)::DOUBLE AS empty_label`,
    `count(*) FILTER (WHERE truth_text IS NOT NULL AND truth IS NULL)::DOUBLE AS unmapped_label`,
    `count(*) FILTER (WHERE truth IS NOT NULL AND a_yes IS NULL)::DOUBLE AS unmapped_a`,
    `count(*) FILTER (WHERE truth IS NOT NULL AND a_yes IS NOT NULL AND b_yes IS NULL)::DOUBLE AS unmapped_b`,
  ];
  return [
    `SELECT 'all' AS grp, ${discordanceColumns(`(${answered})`)}, ${reasons.join(', ')}`,
    `FROM (SELECT truth_text, ${yesNo('truth_text', mapping)} AS truth, ${yesNo('a_text', mapping)} AS a_yes, ${yesNo('b_text', mapping)} AS b_yes`,
    `  FROM (SELECT ${normalisedText(mapping.truth)} AS truth_text, ${normalisedText(mapping.prediction)} AS a_text, ${normalisedText(columnB)} AS b_text`,
    `    FROM ${SOURCE_TABLE}${sourceFiltersWhere(mapping, filters)}))`,
  ].join('\n');
}

/** The reasons of `columnPairTablesSql`'s row with their rows, those with any, in order. */
export function columnPairProblemsFromRow(row: ResultRow): { problem: string; rows: number }[] {
  const counts = [Number(row.empty_label ?? 0), Number(row.unmapped_label ?? 0), Number(row.unmapped_a ?? 0), Number(row.unmapped_b ?? 0)];
  return Object.values(COLUMN_PAIR_PROBLEMS).flatMap((problem, index) => (counts[index]! > 0 ? [{ problem, rows: counts[index]! }] : []));
}

/**
 * What kept examples out of the pairs, by reason: how many ids (rows, for a missing id) and the first
 * three, in order. Rows without an id; ids repeated in A or in B; ids one detector has and the other
 * has not (with a threshold, a row without a score is no answer); ids whose two rows disagree on the label.
 */
export function pairingProblemsSql(choice: PairingChoice): string {
  return [
    sharedRows(choice) + ',',
    `ia AS (SELECT example_id, count(*) AS n, bool_and(truth) AS t FROM a WHERE example_id IS NOT NULL GROUP BY example_id),`,
    `ib AS (SELECT example_id, count(*) AS n, bool_and(truth) AS t FROM b WHERE example_id IS NOT NULL GROUP BY example_id),`,
    `problems AS (`,
    `  SELECT 'no-id' AS problem, lpad(CAST(row_number AS VARCHAR), 20, '0') AS sort_key, 'row ' || row_number AS example FROM (SELECT row_number FROM a WHERE example_id IS NULL UNION ALL SELECT row_number FROM b WHERE example_id IS NULL)`,
    `  UNION ALL SELECT 'repeated-a', example_id, example_id FROM ia WHERE n > 1`,
    `  UNION ALL SELECT 'repeated-b', example_id, example_id FROM ib WHERE n > 1`,
    `  UNION ALL SELECT 'only-a', example_id, example_id FROM ia ANTI JOIN ib USING (example_id)`,
    `  UNION ALL SELECT 'only-b', example_id, example_id FROM ib ANTI JOIN ia USING (example_id)`,
    `  UNION ALL SELECT 'label-differs', example_id, example_id FROM ia JOIN ib USING (example_id) WHERE ia.n = 1 AND ib.n = 1 AND ia.t <> ib.t`,
    `)`,
    `SELECT problem, count(*)::DOUBLE AS ids, list(example ORDER BY sort_key)[1:3] AS examples FROM problems GROUP BY problem ORDER BY problem`,
  ].join('\n');
}

/** One group's paired tables and each detector's own counts on the same examples. */
export interface PairedGroup {
  /** The slice value ('all' without a slice; null for a missing slice value). */
  group: string | null;
  tables: PairedClassCounts;
  a: DetectorCounts;
  b: DetectorCounts;
}

/** A reason with how many ids (or rows) it kept out and up to three of them. */
export interface PairingProblemCount {
  problem: PairingProblem;
  count: number;
  examples: string[];
}

/** Rows of `pairedTablesSql` as tables; each detector's counts follow from them (right = both + own discordant). */
export function pairedGroupsFromRows(rows: readonly ResultRow[]): PairedGroup[] {
  return rows.map((row) => {
    const value = (name: string) => Number(row[name] ?? 0);
    const yes = { b: value('yes_b'), c: value('yes_c'), n: value('yes_n') };
    const no = { b: value('no_b'), c: value('no_c'), n: value('no_n') };
    const side = (own: 'b' | 'c') => ({
      yes: { correct: value('yes_both') + yes[own], total: yes.n },
      no: { correct: value('no_both') + no[own], total: no.n },
    });
    return { group: row.grp === null || row.grp === undefined ? null : String(row.grp), tables: { yes, no }, a: side('b'), b: side('c') };
  });
}

/** Rows of `pairingProblemsSql`, in PAIRING_PROBLEMS order. */
export function pairingProblemsFromRows(rows: readonly ResultRow[]): PairingProblemCount[] {
  const found = rows.map((row) => ({
    problem: String(row.problem) as PairingProblem,
    count: Number(row.ids),
    examples: Array.from((row.examples ?? []) as Iterable<unknown>, String),
  }));
  return found.sort((x, y) => PAIRING_PROBLEMS.indexOf(x.problem) - PAIRING_PROBLEMS.indexOf(y.problem));
}
