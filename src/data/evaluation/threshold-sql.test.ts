import type { DuckDBConnection } from '@duckdb/duckdb-wasm/blocking';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { connectNodeDuckDb } from '../../test/node-duckdb';
import { EXAMPLES_TABLE, THRESHOLD_COUNT, thresholdBinsSql, type EvaluationMapping } from './sql';
import { thresholdCurve } from './threshold';

// The SQL the data view runs, run by DuckDB itself (its blocking Node build, same engine as the page's).
let connection: DuckDBConnection;
beforeAll(async () => {
  connection = await connectNodeDuckDb();
});

const MAPPING: EvaluationMapping = { detector: 'detector', truth: 'truth', prediction: null, score: 'score', timestamp: null, exampleId: null, split: null, slices: [], yesValues: [], noValues: [] };

interface Row {
  score: number;
  truth: boolean;
}

/** The curve from the SQL's bins, as the data view builds it. */
function curveOf(rows: readonly Row[]) {
  const values = rows.map((row) => `('d', ${row.truth}, CAST('${row.score}' AS DOUBLE), NULL)`).join(', ');
  connection.query(`CREATE OR REPLACE TABLE ${EXAMPLES_TABLE} (detector VARCHAR, truth BOOLEAN, score DOUBLE, problem VARCHAR)`);
  connection.query(`INSERT INTO ${EXAMPLES_TABLE} VALUES ${values}`);
  const result = connection.query(thresholdBinsSql(MAPPING, [], 'd')).toArray().map((row) => row.toJSON());
  const yes = new Array<number>(THRESHOLD_COUNT).fill(0);
  const no = new Array<number>(THRESHOLD_COUNT).fill(0);
  for (const row of result) {
    yes[Number(row.bin)] = Number(row.yes_rows);
    no[Number(row.bin)] = Number(row.no_rows);
  }
  return thresholdCurve({ lo: Number(result[0].lo), step: Number(result[0].step), yes, no }, 0.05);
}

/** Every threshold's counts by the definition: YES exactly when score ≥ threshold. */
function expectCountsByDefinition(rows: readonly Row[]) {
  const points = curveOf(rows);
  for (const point of points) {
    expect(point.yes.correct).toBe(rows.filter((row) => row.truth && row.score >= point.threshold).length);
    expect(point.no.correct).toBe(rows.filter((row) => !row.truth && row.score < point.threshold).length);
  }
  return points;
}

describe('thresholdBinsSql run by DuckDB', () => {
  it('counts scores a few ulps apart by their thresholds (rounding makes the first hundred equal)', () => {
    const points = expectCountsByDefinition([
      { score: 0.3, truth: true },
      { score: 0.30000000000000004, truth: true },
      { score: 0.3, truth: false },
    ]);
    // Threshold 50 is 0.3 itself: both YES rows are at or above it.
    expect(points[50]!.threshold).toBe(0.3);
    expect(points[50]!.yes.correct).toBe(2);
    expectCountsByDefinition([
      { score: 1 - 2 ** -53, truth: true },
      { score: 1, truth: true },
      { score: 1 - 2 ** -53, truth: false },
    ]);
  });

  it('gives at every threshold exactly the counts of YES when score ≥ threshold, spread or clustered scores', () => {
    const near = fc.tuple(fc.constantFrom(0.3, 1 - 2 ** -53, -5, 1e-300), fc.integer({ min: 0, max: 3 })).map(([base, ulps]) => {
      let score = base;
      for (let step = 0; step < ulps; step++) score = nextUp(score);
      return score;
    });
    const score = fc.oneof(fc.double({ min: -5, max: 5, noNaN: true, noDefaultInfinity: true }), near);
    fc.assert(
      fc.property(fc.array(fc.record({ score, truth: fc.boolean() }), { minLength: 1, maxLength: 40 }), (rows) => {
        expectCountsByDefinition(rows);
      }),
      { numRuns: 150, endOnFailure: true },
    );
  });
});

/** The next double above x (x finite). */
function nextUp(x: number): number {
  if (x === 0) return Number.MIN_VALUE;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  view.setBigUint64(0, x > 0 ? bits + 1n : bits - 1n);
  return view.getFloat64(0);
}
