import type { DuckDBConnection } from '@duckdb/duckdb-wasm/blocking';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { connectNodeDuckDb } from '../../test/node-duckdb';
import {
  COLUMN_PAIR_PROBLEMS,
  columnPairProblemsFromRow,
  columnPairTablesSql,
  pairedGroupsFromRows,
  pairedTablesSql,
  pairingProblemsFromRows,
  pairingProblemsSql,
  type PairingChoice,
} from './paired-sql';
import { createExamplesSql, SOURCE_TABLE, type EvaluationMapping } from './sql';

// The paired tables, built by the SQL the data view runs, in DuckDB itself, checked against a count
// made here in plain TypeScript from the same rows.
let connection: DuckDBConnection;
beforeAll(async () => {
  connection = await connectNodeDuckDb();
});

const MAPPING: EvaluationMapping = {
  detector: 'model',
  truth: 'label',
  prediction: 'predicted',
  score: 'score',
  timestamp: null,
  exampleId: 'id',
  split: null,
  slices: ['site'],
  yesValues: ['yes'],
  noValues: ['no'],
};
const COLUMNS = ['id', 'model', 'label', 'predicted', 'score', 'site'];
type Row = [id: string | null, model: string, label: string, predicted: string, score: string, site: string];

function load(rows: Row[]) {
  const values = rows.map((row) => `(${row.map((cell) => (cell === null ? 'NULL' : `'${cell}'`)).join(', ')})`).join(', ');
  connection.query(`CREATE OR REPLACE TABLE ${SOURCE_TABLE} AS SELECT * FROM (VALUES ${values}) AS t(${COLUMNS.join(', ')})`);
  connection.query(createExamplesSql(MAPPING));
}
const query = (sql: string) => connection.query(sql).toArray().map((row) => row.toJSON());
const choice = (overrides: Partial<PairingChoice> = {}): PairingChoice => ({ mapping: MAPPING, filters: [], detectorA: 'A', detectorB: 'B', threshold: null, slice: null, ...overrides });

/** The tables counted directly: ids each model has once, same label; b = A right and B wrong. */
function countedByHand(rows: Row[]) {
  const byModel = (model: string) => {
    const seen = new Map<string, Row[]>();
    for (const row of rows) if (row[1] === model && row[0] !== null) seen.set(row[0], [...(seen.get(row[0]) ?? []), row]);
    return seen;
  };
  const a = byModel('A');
  const b = byModel('B');
  const tables = { yes: { b: 0, c: 0, n: 0 }, no: { b: 0, c: 0, n: 0 } };
  for (const [id, rowsA] of a) {
    const rowA = rowsA[0];
    const rowB = b.get(id)?.[0];
    if (rowsA.length !== 1 || b.get(id)?.length !== 1 || !rowA || !rowB || rowB[2] !== rowA[2]) continue;
    const table = rowA[2] === 'yes' ? tables.yes : tables.no;
    const aRight = rowA[3] === rowA[2];
    const bRight = rowB[3] === rowA[2];
    table.n += 1;
    if (aRight && !bRight) table.b += 1;
    if (!aRight && bRight) table.c += 1;
  }
  return tables;
}

describe('two detectors paired on the example id, run by DuckDB', () => {
  it('random files: the tables equal a direct count; each detector’s counts follow from them', () => {
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let trial = 0; trial < 8; trial += 1) {
      const rows: Row[] = [];
      for (let id = 0; id < 40; id += 1) {
        const label = random() < 0.5 ? 'yes' : 'no';
        for (const model of ['A', 'B']) {
          if (random() < 0.1) continue; // missing for this model
          const copies = random() < 0.05 ? 2 : 1;
          for (let copy = 0; copy < copies; copy += 1) {
            const rowLabel = random() < 0.03 ? (label === 'yes' ? 'no' : 'yes') : label;
            rows.push([String(id), model, rowLabel, random() < 0.7 ? rowLabel : rowLabel === 'yes' ? 'no' : 'yes', '0.5', id % 2 ? 'x' : 'y']);
          }
        }
      }
      load(rows);
      const [all] = pairedGroupsFromRows(query(pairedTablesSql(choice())));
      if (!all) throw new Error('no pairs');
      expect(all.tables).toEqual(countedByHand(rows));
      expect(all.a.yes.total).toBe(all.tables.yes.n);
      expect(all.a.yes.correct - all.b.yes.correct).toBe(all.tables.yes.b - all.tables.yes.c);
      expect(all.a.no.correct - all.b.no.correct).toBe(all.tables.no.b - all.tables.no.c);
      // Per slice the tables add up to the whole.
      const slices = pairedGroupsFromRows(query(pairedTablesSql(choice({ slice: 'site' }))));
      expect(slices.map((slice) => slice.group)).toEqual(['x', 'y']);
      expect(slices.reduce((sum, slice) => sum + slice.tables.yes.b + slice.tables.no.c, 0)).toBe(all.tables.yes.b + all.tables.no.c);
    }
  });

  it('names what is left out: no id, repeated ids, ids in one detector only, labels that differ', () => {
    load([
      ['1', 'A', 'yes', 'yes', '0.9', 'x'],
      ['1', 'B', 'yes', 'no', '0.2', 'x'],
      ['2', 'A', 'no', 'no', '0.1', 'x'],
      ['2', 'A', 'no', 'yes', '0.1', 'x'],
      ['2', 'B', 'no', 'no', '0.1', 'x'],
      ['3', 'A', 'yes', 'yes', '0.9', 'y'],
      ['4', 'B', 'no', 'no', '0.3', 'y'],
      ['5', 'A', 'yes', 'yes', '0.8', 'y'],
      ['5', 'B', 'no', 'no', '0.8', 'y'],
      [null, 'B', 'no', 'no', '0.3', 'y'],
    ]);
    expect(pairingProblemsFromRows(query(pairingProblemsSql(choice())))).toEqual([
      { problem: 'no-id', count: 1, examples: ['row 10'] },
      { problem: 'repeated-a', count: 1, examples: ['2'] },
      { problem: 'only-a', count: 1, examples: ['3'] },
      { problem: 'only-b', count: 1, examples: ['4'] },
      { problem: 'label-differs', count: 1, examples: ['5'] },
    ]);
    const [all] = pairedGroupsFromRows(query(pairedTablesSql(choice())));
    expect(all?.tables).toEqual({ yes: { b: 1, c: 0, n: 1 }, no: { b: 0, c: 0, n: 0 } });
    // With a threshold the score decides, and a detector's row is A's answer at score ≥ 0.5.
    const [thresholded] = pairedGroupsFromRows(query(pairedTablesSql(choice({ threshold: 0.5 }))));
    expect(thresholded?.tables.yes).toEqual({ b: 1, c: 0, n: 1 });
  });
});

describe('columnPairTablesSql (two answer columns on the same rows)', () => {
  const PAIR_MAPPING: EvaluationMapping = { ...MAPPING, detector: null, prediction: 'pred_a', exampleId: null, score: null, yesValues: ['yes', '1'], noValues: ['no', '0'] };
  type PairRow = [label: string | null, predA: string | null, predB: string | null, site: string];

  function readPairs(rows: PairRow[], filters: PairingChoice['filters'] = []) {
    const cell = (value: string | null) => (value === null ? 'NULL' : `'${value}'`);
    connection.query(`CREATE OR REPLACE TABLE ${SOURCE_TABLE} AS SELECT * FROM (VALUES ${rows.map((row) => `(${row.map(cell).join(', ')})`).join(', ')}) AS t(label, pred_a, pred_b, site)`);
    const [row] = query(columnPairTablesSql(PAIR_MAPPING, filters, 'pred_b'));
    return { group: pairedGroupsFromRows([row!])[0]!, problems: columnPairProblemsFromRow(row!) };
  }

  it('counts the discordance tables and the rows left out as a direct count does (fast-check)', () => {
    const value = fc.constantFrom('yes', 'no', ' YES', '1', '0', 'maybe', '', null);
    fc.assert(
      fc.property(fc.array(fc.tuple(value, value, value, fc.constantFrom('x', 'y')), { minLength: 1, maxLength: 50 }), (rows) => {
        const { group, problems } = readPairs(rows as PairRow[], [{ column: 'site', operator: '=', value: 'x' }]);
        const meaning = (text: string | null) => {
          const norm = text === null ? '' : text.trim().toLowerCase();
          return norm === 'yes' || norm === '1' ? true : norm === 'no' || norm === '0' ? false : null;
        };
        const tables = { yes: { b: 0, c: 0, n: 0 }, no: { b: 0, c: 0, n: 0 } };
        const left = new Map<string, number>();
        const leave = (problem: string) => left.set(problem, (left.get(problem) ?? 0) + 1);
        for (const [label, predA, predB, site] of rows as PairRow[]) {
          if (site !== 'x') continue;
          const truth = meaning(label);
          const a = meaning(predA);
          const b = meaning(predB);
          if (label === null || label.trim() === '') leave(COLUMN_PAIR_PROBLEMS.emptyLabel);
          else if (truth === null) leave(COLUMN_PAIR_PROBLEMS.unmappedLabel);
          else if (a === null) leave(COLUMN_PAIR_PROBLEMS.unmappedA);
          else if (b === null) leave(COLUMN_PAIR_PROBLEMS.unmappedB);
          else {
            const table = truth ? tables.yes : tables.no;
            table.n += 1;
            if (a === truth && b !== truth) table.b += 1;
            if (a !== truth && b === truth) table.c += 1;
          }
        }
        expect(group.tables).toEqual(tables);
        expect(Object.fromEntries(problems.map(({ problem, rows: count }) => [problem, count]))).toEqual(Object.fromEntries(left));
      }),
      { numRuns: 120, seed: 30 },
    );
  });

  it('gives each column’s own counts beside the tables, and needs a prediction column', () => {
    const { group } = readPairs([
      ['yes', 'yes', 'no', 'x'],
      ['yes', 'yes', 'yes', 'x'],
      ['no', 'yes', 'no', 'x'],
    ]);
    expect(group.a).toEqual({ yes: { correct: 2, total: 2 }, no: { correct: 0, total: 1 } });
    expect(group.b).toEqual({ yes: { correct: 1, total: 2 }, no: { correct: 1, total: 1 } });
    expect(() => columnPairTablesSql({ ...PAIR_MAPPING, prediction: null }, [], 'pred_b')).toThrow(/prediction column/);
  });
});
