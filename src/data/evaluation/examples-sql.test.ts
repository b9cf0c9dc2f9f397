import type { DuckDBConnection } from '@duckdb/duckdb-wasm/blocking';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { connectNodeDuckDb, openNodeDuckDb } from '../../test/node-duckdb';
import {
  createExamplesSql,
  detectorCountsSql,
  normalisedText,
  problemSummarySql,
  readFileSql,
  SOURCE_TABLE,
  timeCountsSql,
  valueCountsSql,
  type EvaluationMapping,
  type TypeDetection,
} from './sql';

// The examples table and the counts, built by the SQL the data view runs, in DuckDB itself.
let connection: DuckDBConnection;
beforeAll(async () => {
  connection = await connectNodeDuckDb();
});

const BASE: EvaluationMapping = { detector: null, truth: 'label', prediction: null, score: 'score', timestamp: null, exampleId: null, split: null, slices: [], yesValues: ['yes'], noValues: ['no'] };

/** A source table of text columns (as a CSV read as text), then the examples table for `mapping`. */
function load(columns: string[], rows: (string | null)[][], mapping: EvaluationMapping) {
  const values = rows.map((row) => `(${row.map((cell) => (cell === null ? 'NULL' : `'${cell.replaceAll("'", "''")}'`)).join(', ')})`).join(', ');
  connection.query(`CREATE OR REPLACE TABLE ${SOURCE_TABLE} AS SELECT * FROM (VALUES ${values}) AS t(${columns.map((column) => `"${column}"`).join(', ')})`);
  connection.query(createExamplesSql(mapping));
}

const query = (sql: string) => connection.query(sql).toArray().map((row) => row.toJSON());

describe('the examples table and counts, run by DuckDB', () => {
  it('a NaN or infinite score is not a number (NaN compared as at least every threshold)', () => {
    load(['label', 'score'], [['yes', '0.9'], ['yes', 'NaN'], ['no', 'inf'], ['no', '0.1']], BASE);
    expect(query(problemSummarySql()).map((row) => [row.problem, row.rows])).toEqual([['score is not a number', 2]]);
    expect(query(detectorCountsSql(BASE, [], 0.5))).toEqual([{ grp: 'all', yes_correct: 1, yes_total: 1, no_correct: 1, no_total: 1 }]);
  });

  it('with a prediction column and a threshold, rows without a score are left out, not counted wrong', () => {
    const mapping = { ...BASE, prediction: 'predicted' };
    load(['label', 'predicted', 'score'], [['yes', 'yes', '0.9'], ['yes', 'yes', null], ['no', 'no', '0.1'], ['no', 'no', '']], mapping);
    expect(query(detectorCountsSql(mapping, [], 0.5))).toEqual([{ grp: 'all', yes_correct: 1, yes_total: 1, no_correct: 1, no_total: 1 }]);
    // Without a threshold the prediction decides, and every row counts.
    expect(query(detectorCountsSql(mapping, [], null))).toEqual([{ grp: 'all', yes_correct: 2, yes_total: 2, no_correct: 2, no_total: 2 }]);
  });

  it('label values are compared trimmed of tabs and line ends as well as spaces', () => {
    load(['label', 'score'], [['yes\t', '0.9'], ['no\r', '0.1'], [' Yes ', '0.8']], BASE);
    expect(query(problemSummarySql())).toEqual([]);
    expect(query(detectorCountsSql(BASE, [], 0.5))).toEqual([{ grp: 'all', yes_correct: 2, yes_total: 2, no_correct: 1, no_total: 1 }]);
  });

  it('maps each row as trimmed, lower-case text would, with the first failing reason and its row number (fast-check)', () => {
    const mapping = { ...BASE, detector: 'model', prediction: 'answer' };
    const text = fc.option(fc.constantFrom('yes', 'no', 'Yes', ' no', 'yes\t', 'NO\r\n', 'maybe', '', ' ', '\t'), { nil: null });
    const name = fc.option(fc.constantFrom('a', ' a', 'a\n', 'b', 'B', '', '\r'), { nil: null });
    fc.assert(
      fc.property(fc.array(fc.tuple(name, text, text), { minLength: 1, maxLength: 40 }), (rows) => {
        load(['model', 'label', 'answer', 'score'], rows.map(([model, label, answer]) => [model, label, answer, '0.5']), mapping);
        const clean = (value: string | null) => (value === null || value.trim() === '' ? null : value.trim());
        const answerOf = (value: string | null) => ({ yes: true, no: false })[clean(value)?.toLowerCase() ?? ''];
        const problems = new Map<string, number[]>();
        const counts = new Map<string, { grp: string; yes_correct: number; yes_total: number; no_correct: number; no_total: number }>();
        rows.forEach(([model, label, answer], index) => {
          const truth = answerOf(label);
          const predicted = answerOf(answer);
          const problem =
            clean(model) === null ? 'empty detector' : clean(label) === null ? 'empty label' : truth === undefined ? 'label is neither a YES nor a NO value' : clean(answer) === null ? 'empty prediction' : predicted === undefined ? 'prediction is neither a YES nor a NO value' : null;
          if (problem !== null) return void problems.set(problem, [...(problems.get(problem) ?? []), index + 1]);
          const group = clean(model)!;
          const entry = counts.get(group) ?? { grp: group, yes_correct: 0, yes_total: 0, no_correct: 0, no_total: 0 };
          if (truth) entry.yes_total += 1;
          else entry.no_total += 1;
          if (truth && predicted) entry.yes_correct += 1;
          if (!truth && !predicted) entry.no_correct += 1;
          counts.set(group, entry);
        });
        const expectedProblems = [...problems].map(([problem, lines]) => ({ problem, rows: lines.length, examples: lines.slice(0, 3) }));
        const byRows = (a: { rows: number; problem: string }, b: { rows: number; problem: string }) => b.rows - a.rows || (a.problem < b.problem ? -1 : 1);
        expect(query(problemSummarySql()).map((row) => ({ problem: row.problem, rows: row.rows, examples: [...row.examples] }))).toEqual(expectedProblems.sort(byRows));
        expect(query(detectorCountsSql(mapping, [], null))).toEqual([...counts.values()].sort((a, b) => (a.grp < b.grp ? -1 : 1)));
      }),
      { numRuns: 60 },
    );
  });

  it('a timestamp’s UTC offset is honoured when the column is text', () => {
    const mapping = { ...BASE, timestamp: 'time' };
    load(['label', 'score', 'time'], [['yes', '0.9', '2024-03-31T23:30:00-05:00'], ['yes', '0.9', '2024-03-31T23:30:00'], ['no', '0.1', 'not a time']], mapping);
    expect(query(timeCountsSql(mapping, [], 'all', 0.5, 'month')).map((row) => [row.grp, row.yes_total])).toEqual([
      ['2024-03-01', 1],
      ['2024-04-01', 1],
    ]);
  });
});

describe('reading a file whose values far down do not fit the types of its first rows', () => {
  it('types from every row keep 0.5 after 30,000 whole numbers; as text, "NA" is read too', async () => {
    const db = await openNodeDuckDb();
    const reader = db.connect();
    const lines = ['label,score', ...Array.from({ length: 30_000 }, (_, index) => `${index % 2 ? 'yes' : 'no'},${index % 2}`)];
    const read = (types: TypeDetection) => {
      reader.query(`CREATE OR REPLACE TABLE ${SOURCE_TABLE} AS SELECT * FROM ${readFileSql('scores.csv', 'csv', types)}`);
      return reader.query(`SELECT CAST(score AS VARCHAR) AS score FROM ${SOURCE_TABLE} OFFSET 30000`).toArray().map((row) => row.toJSON().score);
    };
    db.registerFileText('scores.csv', [...lines, 'yes,0.5', 'no,0.6'].join('\n'));
    // From the first rows alone the column is whole numbers, and DuckDB rounds what follows.
    expect(read('sampled')).toEqual(['1', '1']);
    expect(read('whole')).toEqual(['0.5', '0.6']);
    db.registerFileText('scores.csv', [...lines, 'yes,0.5', 'no,NA'].join('\n'));
    expect(() => read('sampled')).toThrow(/Conversion Error/);
    expect(read('text')).toEqual(['0.5', 'NA']);
  });
});

describe('valueCountsSql (counted by raw text, then normalised), run by DuckDB', () => {
  const direct = (values: (string | null)[], limit: number) => {
    const counts = new Map<string | null, number>();
    for (const value of values) {
      const key = value === null || value.trim() === '' ? null : value.trim().toLowerCase();
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const order = ([a, m]: [string | null, number], [b, n]: [string | null, number]) => n - m || (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);
    return [...counts].sort(order).slice(0, limit).map(([value, rows]) => ({ value, rows }));
  };

  it('gives a direct count of the trimmed, lower-case values, most rows first, ties by value, missing last (fast-check)', () => {
    const value = fc.option(fc.constantFrom('a', ' A', 'a\t', 'A\r\n', 'b', 'B ', '', '  ', 'c', '\tc', 'd', 'é'));
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 6 }), (values, limit) => {
        connection.query(`CREATE OR REPLACE TABLE ${SOURCE_TABLE} AS SELECT * FROM (VALUES ${values.map((cell) => (cell === null ? '(NULL)' : `('${cell}')`)).join(', ')}) AS t(label)`);
        expect(query(valueCountsSql('label', limit))).toEqual(direct(values, limit));
      }),
      { numRuns: 100, seed: 31 },
    );
  });

  it('counts a typed column as its every row normalised would (-0 and 0, NaN, NULL as text)', () => {
    const cells = ["'-0.0'", "'0.0'", "'1'", "'1.0'", "'nan'", "'-nan'", 'NULL', "'2.5'"].map((cell) => `(${cell}::DOUBLE)`);
    connection.query(`CREATE OR REPLACE TABLE ${SOURCE_TABLE} AS SELECT * FROM (VALUES ${cells.join(', ')}) AS t(label)`);
    const perRow = `SELECT ${normalisedText('label')} AS value, count(*)::DOUBLE AS rows FROM ${SOURCE_TABLE} GROUP BY 1 ORDER BY rows DESC, value NULLS LAST`;
    expect(query(valueCountsSql('label', 10))).toEqual(query(perRow));
    expect(query(valueCountsSql('label', 10))).toContainEqual({ value: '1.0', rows: 2 });
  });
});
