import type { DuckDBConnection } from '@duckdb/duckdb-wasm/blocking';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { connectNodeDuckDb } from '../../test/node-duckdb';
import { CLASS_ROW_PROBLEMS, classCombinationsSql, classReadingFromRows, classSlicesFromRows, classWindowsFromDays, MAX_CLASSES } from './confusion-sql';
import { SOURCE_TABLE, type EvaluationMapping } from './sql';

// The confusion matrices, built by the SQL the data view runs, in DuckDB itself, checked against a
// count made here in plain TypeScript from the same rows.
let connection: DuckDBConnection;
beforeAll(async () => {
  connection = await connectNodeDuckDb();
});

const MAPPING: EvaluationMapping = { detector: 'model', truth: 'label', prediction: 'predicted', score: null, timestamp: null, exampleId: null, split: null, slices: ['site'], yesValues: ['yes'], noValues: ['no'] };
type Row = [model: string | null, label: string | null, predicted: string | null, site: string];

function read(rows: Row[], mapping = MAPPING, filters = [] as { column: string; operator: '=' | '!='; value: string }[]) {
  const cell = (value: string | null) => (value === null ? 'NULL' : `'${value.replaceAll("'", "''")}'`);
  connection.query(
    `CREATE OR REPLACE TABLE ${SOURCE_TABLE} AS SELECT * FROM (VALUES ${rows.map((row) => `(${row.map(cell).join(', ')})`).join(', ')}) AS t(model, label, predicted, site)`,
  );
  return classReadingFromRows(connection.query(classCombinationsSql(mapping, filters)).toArray().map((row) => row.toJSON()));
}

describe('classCombinationsSql with a slice column + classSlicesFromRows', () => {
  it('gives one detector’s matrix per slice value over the whole file’s classes, and the slices sum to its matrix (fast-check)', () => {
    const value = fc.constantFrom('a', 'b', 'c', ' B', '', 'zz');
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('m1', 'm2'), fc.option(value), fc.option(value), fc.constantFrom('x', 'y', 'z')), { minLength: 1, maxLength: 60 }), (rows) => {
        const reading = read(rows as Row[]);
        if (reading.kind !== 'classes') return;
        const detector = reading.detectors[0]!;
        const sliced = classSlicesFromRows(connection.query(classCombinationsSql(MAPPING, [], { column: 'site' })).toArray().map((row) => row.toJSON()), reading.labels, detector.detector);
        expect(sliced.map((slice) => slice.slice)).toEqual([...new Set((rows as Row[]).filter((row) => row[0] === detector.detector).map((row) => row[3]))].sort().filter((site) => sliced.some((slice) => slice.slice === site)));
        const sum = reading.labels.map((_row, i) => reading.labels.map((_column, j) => sliced.reduce((total, slice) => total + slice.matrix[i]![j]!, 0)));
        expect(sum).toEqual(detector.matrix);
        for (const slice of sliced) expect(slice.missing).toEqual(reading.labels.filter((_label, i) => slice.matrix[i]!.every((count) => count === 0)));
      }),
      { numRuns: 40 },
    );
  });

  it('keeps a missing slice value as a slice of its own, last', () => {
    connection.query(`CREATE OR REPLACE TABLE ${SOURCE_TABLE} AS SELECT * FROM (VALUES ('m', 'a', 'a', NULL), ('m', 'b', 'b', 's2'), ('m', 'c', 'a', 's10'), ('m', 'c', 'c', 's2')) AS t(model, label, predicted, site)`);
    const rows = connection.query(classCombinationsSql(MAPPING, [], { column: 'site' })).toArray().map((row) => row.toJSON());
    expect(classSlicesFromRows(rows, ['a', 'b', 'c'], 'm')).toEqual([
      { slice: 's2', matrix: [[0, 0, 0], [0, 1, 0], [0, 0, 1]], missing: ['a'] },
      { slice: 's10', matrix: [[0, 0, 0], [0, 0, 0], [1, 0, 0]], missing: ['a', 'b'] },
      { slice: null, matrix: [[1, 0, 0], [0, 0, 0], [0, 0, 0]], missing: ['b', 'c'] },
    ]);
  });
});

describe('classCombinationsSql by day + classWindowsFromDays', () => {
  it('reads a timestamp column’s UTC days (an offset honoured) and sums them into weeks from Monday and months', () => {
    connection.query(
      `CREATE OR REPLACE TABLE ${SOURCE_TABLE} AS SELECT * FROM (VALUES ('m', 'a', 'a', '2026-03-01T23:30:00-05:00'), ('m', 'b', 'b', '2026-03-02'), ('m', 'c', 'a', '2026-03-08 12:00'), ('m', 'c', 'c', '2026-03-09'), ('m', 'a', 'b', 'not a time')) AS t(model, label, predicted, ts)`,
    );
    const days = classSlicesFromRows(connection.query(classCombinationsSql(MAPPING, [], { dayOf: 'ts' })).toArray().map((row) => row.toJSON()), ['a', 'b', 'c'], 'm');
    // 23:30 at −05:00 on 1 March is 2 March in UTC.
    expect(days.map((day) => day.slice)).toEqual(['2026-03-02', '2026-03-08', '2026-03-09', null]);
    const weeks = classWindowsFromDays(days, ['a', 'b', 'c'], 'week');
    expect(weeks).toEqual({
      windows: [
        { slice: '2026-03-02', matrix: [[1, 0, 0], [0, 1, 0], [1, 0, 0]], missing: [] },
        { slice: '2026-03-09', matrix: [[0, 0, 0], [0, 0, 0], [0, 0, 1]], missing: ['a', 'b'] },
      ],
      withoutTime: 1,
    });
    expect(classWindowsFromDays(days, ['a', 'b', 'c'], 'month').windows.map((window) => [window.slice, window.matrix.flat().reduce((sum, cell) => sum + cell, 0)])).toEqual([['2026-03-01', 4]]);
    expect(classWindowsFromDays(days, ['a', 'b', 'c'], 'day').windows).toEqual(days.filter((day) => day.slice !== null));
  });
});

describe('classCombinationsSql + classReadingFromRows', () => {
  it('gives the issue’s cat/dog/bird matrix for one detector, labels compared trimmed and lower-case', () => {
    const matrix = [
      [50, 2, 1],
      [3, 40, 2],
      [0, 1, 30],
    ];
    const classes = ['bird', 'cat', 'dog'];
    const rows: Row[] = [];
    // Rows in the order cat, dog, bird of the issue's link; the reading sorts the classes.
    const order = ['cat', 'dog', 'bird'];
    matrix.forEach((row, i) => row.forEach((count, j) => rows.push(...Array.from({ length: count }, (): Row => ['m', i === 0 ? ` ${order[i]!.toUpperCase()} ` : order[i]!, order[j]!, 'x']))));
    const reading = read(rows, { ...MAPPING, detector: null });
    expect(reading).toEqual({
      kind: 'classes',
      labels: classes,
      detectors: [{ detector: 'all', matrix: [[30, 0, 1], [1, 50, 2], [2, 3, 40]], missing: [] }],
      moreDetectors: 0,
      leftOut: [],
    });
  });

  it('counts every detector’s matrix as a direct count does, and names what it leaves out (fast-check)', () => {
    const value = fc.constantFrom('a', 'b', 'c', 'd', ' B', '', 'zz');
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('m1', 'm2', ' m1\t', '', null), fc.option(value), fc.option(value), fc.constantFrom('x', 'y')), { minLength: 1, maxLength: 60 }), (rows) => {
        const reading = read(rows as Row[], MAPPING, [{ column: 'site', operator: '!=', value: 'y' }]);
        const kept = (rows as Row[]).filter((row) => row[3] !== 'y');
        const norm = (text: string | null) => (text === null || text.trim() === '' ? null : text.trim().toLowerCase());
        const labels = [...new Set(kept.map((row) => norm(row[1])).filter((label) => label !== null))].sort();
        if (labels.length < 3) {
          expect(reading).toEqual({ kind: 'not-classes', labels: labels.length });
          return;
        }
        if (reading.kind !== 'classes') throw new Error('expected classes');
        expect(reading.labels).toEqual(labels);
        const left = new Map<string, number>();
        const matrices = new Map<string, number[][]>();
        for (const [model, label, predicted] of kept) {
          const detector = model === null || model.trim() === '' ? null : model.trim();
          const truth = norm(label);
          const answer = norm(predicted);
          const problem =
            detector === null ? CLASS_ROW_PROBLEMS.emptyDetector
            : truth === null ? CLASS_ROW_PROBLEMS.emptyLabel
            : answer === null ? CLASS_ROW_PROBLEMS.emptyAnswer
            : !labels.includes(answer) ? CLASS_ROW_PROBLEMS.unknownAnswer
            : null;
          if (problem !== null) {
            left.set(problem, (left.get(problem) ?? 0) + 1);
            continue;
          }
          const matrix = matrices.get(detector!) ?? labels.map(() => labels.map(() => 0));
          matrices.set(detector!, matrix);
          matrix[labels.indexOf(truth!)]![labels.indexOf(answer!)]! += 1;
        }
        expect(Object.fromEntries(reading.leftOut.map(({ problem, rows: count }) => [problem, count]))).toEqual(Object.fromEntries(left));
        expect(reading.detectors.map((detector) => [detector.detector, detector.matrix])).toEqual([...matrices].sort(([a], [b]) => (a < b ? -1 : 1)));
        for (const detector of reading.detectors) expect(detector.missing).toEqual(labels.filter((_label, i) => detector.matrix[i]!.every((count) => count === 0)));
      }),
      { numRuns: 150, seed: 31 },
    );
  });

  it('reads two label values, or more than MAX_CLASSES, as not classes; needs a prediction column', () => {
    expect(read([['m', 'yes', 'no', 'x'], ['m', 'no', 'no', 'x']])).toEqual({ kind: 'not-classes', labels: 2 });
    const many = Array.from({ length: MAX_CLASSES + 1 }, (_, i): Row => ['m', `c${i}`, `c${i}`, 'x']);
    expect(read(many)).toEqual({ kind: 'not-classes', labels: MAX_CLASSES + 1 });
    expect(read(many.slice(1))).toMatchObject({ kind: 'classes', labels: expect.arrayContaining(['c1']) });
    expect(() => classCombinationsSql({ ...MAPPING, prediction: null }, [])).toThrow(/prediction column/);
  });

  it('quotes column names and filter values (a quote in either cannot break the statement)', () => {
    const sql = classCombinationsSql({ ...MAPPING, detector: 'mo"del', truth: "la'bel" }, [{ column: 'si"te', operator: '=', value: "o'k" }]);
    expect(sql).toContain('"mo""del"');
    expect(sql).toContain(`'o''k'`);
    expect(sql).toContain(`"la'bel"`);
  });
});
