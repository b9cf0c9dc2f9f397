import { describe, expect, it } from 'vitest';
import { wholeIn, realIn } from './arbitraries.test-util';
import fc from 'fast-check';
import { balancedCoverage } from './balanced-coverage';
import { balancedCoverageGrid } from './balanced-coverage-grid';
import { balancedInterval } from './balanced-interval';
import { binomialPmf } from './binomial-pmf';
import { EmptyClassError } from './empty-class-error';

/** The definition, pair by pair, with the core's balancedInterval and binomialPmf: the oracle. */
function coverageByDefinition(nYes: number, nNo: number, pYes: number, pNo: number, delta: number): number {
  const truth = (pYes + pNo) / 2;
  let sum = 0;
  for (let kYes = 0; kYes <= nYes; kYes++) {
    for (let kNo = 0; kNo <= nNo; kNo++) {
      const interval = balancedInterval({ yes: { correct: kYes, total: nYes }, no: { correct: kNo, total: nNo } }, delta);
      if (interval.lower <= truth && truth <= interval.upper) sum += binomialPmf(kYes, nYes, pYes) * binomialPmf(kNo, nNo, pNo);
    }
  }
  return sum;
}

describe('balancedCoverage', () => {
  it('equals the pair-by-pair definition with the core balancedInterval (to 1e-14)', () => {
    const cases: Array<[number, number, number, number, number]> = [
      [1, 1, 0.5, 0.5, 0.05],
      [5, 12, 0.9, 0.3, 0.05],
      [20, 7, 0.99, 0.6, 0.1],
      [30, 30, 0.75, 0.75, 0.01],
      [13, 40, 0, 1, 0.2],
      [25, 25, 0.95, 0.97, 0.5],
    ];
    for (const [nYes, nNo, pYes, pNo, delta] of cases) {
      expect(Math.abs(balancedCoverage(nYes, nNo, pYes, pNo, delta) - coverageByDefinition(nYes, nNo, pYes, pNo, delta))).toBeLessThanOrEqual(1e-14);
    }
  });

  it('matches the definition on random small cases too (fast-check)', () => {
    fc.assert(
      fc.property(wholeIn(1, 15), wholeIn(1, 15), realIn(), realIn(), realIn(0.001, 0.9), (nYes, nNo, pYes, pNo, delta) => {
          expect(Math.abs(balancedCoverage(nYes, nNo, pYes, pNo, delta) - coverageByDefinition(nYes, nNo, pYes, pNo, delta))).toBeLessThanOrEqual(1e-14);
        },
      ),
      { seed: 60, numRuns: 300 },
    );
  });

  it('validates its arguments, naming them', () => {
    expect(() => balancedCoverage(0, 10, 0.5, 0.5, 0.05)).toThrow(EmptyClassError);
    expect(() => balancedCoverage(10, 2.5, 0.5, 0.5, 0.05)).toThrow(/^nNo must be a whole number, got 2\.5$/);
    expect(() => balancedCoverage(10, 10, 1.5, 0.5, 0.05)).toThrow(/^pYes must be in \[0, 1\], got 1\.5$/);
    expect(() => balancedCoverage(10, 10, 0.5, -1, 0.05)).toThrow(/^pNo must be in \[0, 1\], got -1$/);
    expect(() => balancedCoverage(10, 10, 0.5, 0.5, 0)).toThrow(/^delta must be in \(0, 1\), got 0$/);
    expect(() => balancedCoverageGrid(10, 10, 0.05, [0.5], [0.5, Number.NaN])).toThrow(/^pNoValues\[1\] must be in \[0, 1\], got NaN$/);
  });
});

describe('balancedCoverageGrid', () => {
  const grid = Array.from({ length: 50 }, (_, index) => (index + 0.5) / 50);

  it('never undercovers: ≥ 1 − δ on a 50 × 50 grid of (p₊, p₋) for class sizes up to 60', () => {
    for (const [nYes, nNo] of [[1, 1], [3, 60], [10, 10], [25, 40], [60, 60]]) {
      for (const delta of [0.05, 0.2]) {
        const coverage = balancedCoverageGrid(nYes!, nNo!, delta, grid, grid);
        expect(Math.min(...coverage.flat())).toBeGreaterThanOrEqual(1 - delta);
        expect(Math.max(...coverage.flat())).toBeLessThanOrEqual(1);
      }
    }
  });

  it('is laid out as [pYes index][pNo index] and reports progress row by row', () => {
    const progress: Array<[number, number]> = [];
    const coverage = balancedCoverageGrid(8, 20, 0.05, [0.2, 0.9, 0.6], [0.7, 0.1], (done, total) => progress.push([done, total]));
    expect(progress).toEqual([[1, 3], [2, 3], [3, 3]]);
    expect(coverage).toHaveLength(3);
    expect(coverage[1]![0]).toBe(balancedCoverage(8, 20, 0.9, 0.7, 0.05));
    expect(coverage[2]![1]).toBe(balancedCoverage(8, 20, 0.6, 0.1, 0.05));
  });

  // Its speed (60 × 60 labels on a 50 × 50 grid) is measured by `npm run bench`, not asserted here.
  it('60 × 60 labels on a 50 × 50 grid never undercovers', () => {
    const coverage = balancedCoverageGrid(60, 60, 0.05, grid, grid);
    expect(Math.min(...coverage.flat())).toBeGreaterThanOrEqual(0.95);
  });
});
