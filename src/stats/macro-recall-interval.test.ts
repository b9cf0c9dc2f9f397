import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balancedInterval } from './balanced-interval';
import { binomialPmf } from './binomial-pmf';
import { EmptyClassError } from './empty-class-error';
import { exactLowerBound } from './exact-lower-bound';
import { exactUpperBound } from './exact-upper-bound';
import { macroRecallInterval } from './macro-recall-interval';
import { precisionInterval } from './precision-interval';
import type { Interval } from './types';

type Pair = [number, number];
interface Row {
  matrix: number[][];
  delta: number;
  classes: { recall: Pair; precision: Pair | null; unionBound: Pair }[];
  lower: number;
  upper: number;
}
const FIXTURE = JSON.parse(readFileSync(new URL('./fixtures/macro-recall.json', import.meta.url), 'utf8')) as { provenance: string; rows: Row[] };

/** scipy's bounds agree with ours to ~1e-13 relative; 1e-10 leaves room without hiding a wrong level (δ/K vs δ/2K moves a bound by > 0.1%). */
function expectNear(actual: number, reference: number, what: string) {
  if (!(Math.abs(actual - reference) <= 1e-10 * Math.abs(reference) + 1e-15)) throw new Error(`${what}: ${actual} vs scipy ${reference}`);
}
function expectPair(actual: Interval | null, reference: Pair | null, what: string) {
  if (reference === null) return expect(actual, what).toBeNull();
  expectNear(actual!.lower, reference[0], `${what}.lower`);
  expectNear(actual!.upper, reference[1], `${what}.upper`);
}

describe('macroRecallInterval against scipy (fixtures/macro-recall.json)', () => {
  it('the fixture says where it came from and holds the issue’s matrix at δ = 0.05', () => {
    expect(FIXTURE.provenance).toMatch(/scipy 1\.17.*binomtest\(k, n\)\.proportion_ci\(confidence_level, method='exact'\)/);
    expect(FIXTURE.rows[0]).toMatchObject({ matrix: [[50, 2, 1], [3, 40, 2], [0, 1, 30]], delta: 0.05 });
  });

  it.each(FIXTURE.rows.map((row, index) => [index, JSON.stringify(row.matrix), row] as const))('row %i: %s', (_index, _label, row) => {
    const result = macroRecallInterval(row.matrix, row.delta);
    expectNear(result.lower, row.lower, 'lower');
    expectNear(result.upper, row.upper, 'upper');
    row.classes.forEach((reference, i) => {
      const item = result.classes[i]!;
      expectPair(item.recall, reference.recall, `classes[${i}].recall`);
      expectPair(item.precision, reference.precision, `classes[${i}].precision`);
      expectPair(item.unionBound, reference.unionBound, `classes[${i}].unionBound`);
    });
  });

  it('the issue’s link: recalls 50/53, 40/45, 30/31, macro 93.3% in [78.2%, 98.8%] at δ/6 a bound; bird limits the lower bound', () => {
    const result = macroRecallInterval([[50, 2, 1], [3, 40, 2], [0, 1, 30]], 0.05);
    expect(result.classes.map((item) => `${item.correct}/${item.total}`)).toEqual(['50/53', '40/45', '30/31']);
    expect(result.classes.map((item) => item.answers)).toEqual([53, 43, 33]);
    expect(result.estimate).toBeCloseTo((50 / 53 + 40 / 45 + 30 / 31) / 3, 15);
    expect([result.lower, result.upper]).toEqual([expect.closeTo(0.782275, 6), expect.closeTo(0.987962, 6)]);
    expect(result).toMatchObject({ method: 'exact-union-bound', delta: 0.05, classLevel: 0.05 / 6, limitingClass: 2 });
  });
});

const counts = fc.integer({ min: 1, max: 400 }).chain((total) => fc.record({ total: fc.constant(total), correct: fc.integer({ min: 0, max: total }) }));
const delta = fc.double({ min: 1e-9, max: 0.5, noNaN: true });
/** A K × K matrix with every row non-empty: the diagonal and the row's other cells. */
const squareMatrix = fc.integer({ min: 1, max: 6 }).chain((size) =>
  fc.array(fc.array(fc.integer({ min: 0, max: 60 }), { minLength: size, maxLength: size }), { minLength: size, maxLength: size }).map((rows) => rows.map((row, i) => row.map((cell, j) => (i === j ? cell + 1 : cell)))),
);

describe('macroRecallInterval: properties', () => {
  it('K = 2 is today’s balanced union-bound interval bit for bit, and precision is precisionInterval', () => {
    fc.assert(
      fc.property(counts, counts, delta, (yes, no, level) => {
        const matrix = [[yes.correct, yes.total - yes.correct], [no.total - no.correct, no.correct]];
        const result = macroRecallInterval(matrix, level);
        const today = balancedInterval({ yes, no }, level);
        expect([result.estimate, result.lower, result.upper]).toEqual([today.estimate, today.lower, today.upper]);
        expect(result.classes[0]!.unionBound).toEqual(today.yes);
        expect(result.classes[1]!.unionBound).toEqual(today.no);
        const answersYes = yes.correct + no.total - no.correct;
        if (answersYes > 0) expect(result.classes[0]!.precision).toMatchObject(precisionInterval({ tp: yes.correct, fp: no.total - no.correct }, level));
      }),
      { numRuns: 200 },
    );
  });

  it('the macro bounds are the means of the per-class bounds at δ/(2K); the limiting class costs most', () => {
    fc.assert(
      fc.property(squareMatrix, delta, (matrix, level) => {
        const result = macroRecallInterval(matrix, level);
        const size = matrix.length;
        const level2K = level / (2 * size);
        const lowers = matrix.map((row, i) => exactLowerBound(row.reduce((a, b) => a + b), row[i]!, level2K));
        const uppers = matrix.map((row, i) => exactUpperBound(row.reduce((a, b) => a + b), row[i]!, level2K));
        const mean = (values: number[]) => values.reduce((a, b) => a + b) / size;
        expect(result.lower).toBeCloseTo(mean(lowers), 12);
        expect(result.upper).toBeCloseTo(mean(uppers), 12);
        expect(result.lower).toBeLessThanOrEqual(result.estimate);
        expect(result.estimate).toBeLessThanOrEqual(result.upper);
        const costs = result.classes.map((item) => item.lowerCost);
        expect(costs[result.limitingClass]).toBe(Math.max(...costs));
        expect(costs.reduce((a, b) => a + b)).toBeCloseTo(result.estimate - result.lower, 12);
      }),
      { numRuns: 200 },
    );
  });
});

describe('macroRecallInterval: validation', () => {
  it.each([
    [null, 0.05, 'matrix must be a non-empty array of rows, got null'],
    [[], 0.05, 'matrix must be a non-empty array of rows, got []'],
    [[[1, 2], [3]], 0.05, 'matrix[1] must hold 2 counts (one per class), got 1'],
    [[[1, 2.5], [3, 4]], 0.05, 'matrix[0][1] must be a whole number, got 2.5'],
    [[[1, 2], [-3, 4]], 0.05, 'matrix[1][0] must not be negative, got -3'],
    [[[2 ** 52, 0], [0, 2 ** 52]], 0.05, 'matrix must hold at most 9007199254740991 examples in all, got 9007199254740992'],
    [[[1, 2], [3, 4]], 0, 'delta must be in'],
  ])('%j at δ = %s: %s', (matrix, level, message) => {
    expect(() => macroRecallInterval(matrix as number[][], level)).toThrow(message);
  });

  it('a class with no examples is an EmptyClassError naming its row; a class never answered has no precision', () => {
    expect(() => macroRecallInterval([[3, 1, 0], [0, 0, 0], [0, 1, 2]], 0.05)).toThrow(EmptyClassError);
    expect(() => macroRecallInterval([[3, 1, 0], [0, 0, 0], [0, 1, 2]], 0.05)).toThrow('matrix[1] total = 0');
    expect(macroRecallInterval([[3, 0], [2, 0]], 0.05).classes[1]!.precision).toBeNull();
  });
});

// ---------------------------------------------------------------- exact coverage, K = 3

/**
 * The exact probability that an interval rule covers the macro recall (p₁ + p₂ + p₃)/3 when class i
 * has nᵢ examples each answered right with probability pᵢ: the sum over all (n₁+1)(n₂+1)(n₃+1)
 * diagonals (k₁, k₂, k₃) of Π Bin(kᵢ; nᵢ, pᵢ) where the interval holds the macro recall. The
 * off-diagonal cells do not move the recall interval, so each row is (kᵢ, nᵢ − kᵢ, 0).
 */
function worstCoverage(sizes: readonly [number, number, number], grid: readonly number[], rule: (matrix: number[][]) => Interval) {
  const [n1, n2, n3] = sizes;
  const outcomes: { k: [number, number, number]; interval: Interval }[] = [];
  for (let k1 = 0; k1 <= n1; k1++) {
    for (let k2 = 0; k2 <= n2; k2++) {
      for (let k3 = 0; k3 <= n3; k3++) {
        outcomes.push({ k: [k1, k2, k3], interval: rule([[k1, n1 - k1, 0], [0, k2, n2 - k2], [n3 - k3, 0, k3]]) });
      }
    }
  }
  const pmf = (n: number) => grid.map((p) => Array.from({ length: n + 1 }, (_, k) => binomialPmf(k, n, p)));
  const [pmf1, pmf2, pmf3] = [pmf(n1), pmf(n2), pmf(n3)];
  let worst = 1;
  grid.forEach((p1, a) => grid.forEach((p2, b) => grid.forEach((p3, c) => {
    const macro = (p1 + p2 + p3) / 3;
    let covered = 0;
    for (const { k, interval } of outcomes) {
      if (interval.lower <= macro && macro <= interval.upper) covered += pmf1[a]![k[0]]! * pmf2[b]![k[1]]! * pmf3[c]![k[2]]!;
    }
    worst = Math.min(worst, covered);
  })));
  return worst;
}

/** Round and awkward recalls: the ends, near the ends (where one-sided bounds bite), and inside. */
const GRID = [0, 0.02, 0.1, 0.2, 0.3, 0.45, 0.5, 0.6, 0.7, 0.8, 0.87, 0.93, 0.98, 1];
const SIZE_TRIPLES: [number, number, number][] = [];
for (let a = 1; a <= 6; a++) for (let b = a; b <= 6; b++) for (let c = b; c <= 6; c++) if ((a + b + c) % 2 === 0 || a === c) SIZE_TRIPLES.push([a, b, c]);

describe('macroRecallInterval: exact coverage on grids for K = 3, classes of 1 to 6 examples', () => {
  it.each([0.05, 0.2])('δ = %s: the union-bound interval covers the macro recall with probability ≥ 1 − δ at every grid point', (level) => {
    for (const sizes of SIZE_TRIPLES) {
      const worst = worstCoverage(sizes, GRID, (matrix) => macroRecallInterval(matrix, level));
      if (!(worst >= 1 - level - 1e-12)) throw new Error(`sizes ${sizes.join(', ')}: coverage ${worst} < ${1 - level}`);
    }
  }, 60_000);

  it('the enumeration catches an interval that is too short (no margin below the estimate)', () => {
    const level = 0.2;
    const noMargin = (matrix: number[][]) => {
      const result = macroRecallInterval(matrix, level);
      return { ...result, lower: result.estimate };
    };
    expect(worstCoverage([6, 6, 6], GRID, noMargin)).toBeLessThan(1 - level);
    expect(worstCoverage([6, 6, 6], GRID, (matrix) => macroRecallInterval(matrix, level))).toBeGreaterThanOrEqual(1 - level);
  });
});
