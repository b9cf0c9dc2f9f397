import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balancedConfidenceSequence, labelsToClearLowerBound, sequentialStopDistribution, type SequentialPlanSetup } from './index';
import { StoppingCountGrid } from './stopping-count-grid';

/**
 * Independent check: every label outcome of every batch enumerated (2^(batches·(b₊ + b₋)) paths), the
 * stopping rule applied with `balancedConfidenceSequence` itself after each batch, probabilities summed by stop.
 */
function bruteForce(setup: SequentialPlanSetup): { stop: number[]; never: number } {
  const { current, accuracy, batch, batches, target, delta } = setup;
  const perBatch = batch.yes + batch.no;
  const stop = new Array<number>(batches + 1).fill(0);
  let never = 0;
  const clears = (yes: number, no: number, look: number) => {
    const yesTotal = current.yes.total + look * batch.yes;
    const noTotal = current.no.total + look * batch.no;
    if (yesTotal === 0 || noTotal === 0) return false;
    return balancedConfidenceSequence({ yes: { correct: yes, total: yesTotal }, no: { correct: no, total: noTotal } }, delta).lower >= target;
  };
  for (let path = 0; path < 2 ** (perBatch * batches); path++) {
    let [yes, no, probability] = [current.yes.correct, current.no.correct, 1];
    let stoppedAt = clears(yes, no, 0) ? 0 : -1;
    for (let look = 1; look <= batches; look++) {
      for (let label = 0; label < perBatch; label++) {
        const right = (path >> ((look - 1) * perBatch + label)) & 1;
        const isYes = label < batch.yes;
        const p = isYes ? accuracy.yes : accuracy.no;
        probability *= right ? p : 1 - p;
        if (isYes) yes += right;
        else no += right;
      }
      if (stoppedAt < 0 && clears(yes, no, look)) stoppedAt = look;
    }
    if (stoppedAt < 0) never += probability;
    else stop[stoppedAt]! += probability;
  }
  return { stop, never };
}

const EXAMPLE: SequentialPlanSetup = {
  current: { yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } },
  accuracy: { yes: 0.95, no: 55 / 60 },
  batch: { yes: 40, no: 60 },
  batches: 50,
  target: 0.9,
  delta: 0.05,
};

describe('sequentialStopDistribution: the exact stopping distribution of a batched anytime-valid plan', () => {
  it.each([
    ['one of each class a batch, 6 batches, labels in hand', 5, { current: { yes: { correct: 2, total: 2 }, no: { correct: 1, total: 2 } }, accuracy: { yes: 0.9, no: 0.7 }, batch: { yes: 1, no: 1 }, batches: 6, target: 0.3, delta: 0.4 }],
    ['two YES and one NO a batch from nothing, 4 batches', 3, { current: { yes: { correct: 0, total: 0 }, no: { correct: 0, total: 0 } }, accuracy: { yes: 0.8, no: 0.95 }, batch: { yes: 2, no: 1 }, batches: 4, target: 0.25, delta: 0.5 }],
    ['already clearing with the labels in hand', 1, { current: { yes: { correct: 30, total: 30 }, no: { correct: 30, total: 30 } }, accuracy: { yes: 0.5, no: 0.5 }, batch: { yes: 1, no: 1 }, batches: 3, target: 0.5, delta: 0.5 }],
  ] as [string, number, SequentialPlanSetup][])('equals the brute-force sum over every label path: %s', (_name, stopLooks, setup) => {
    const result = sequentialStopDistribution(setup);
    const expected = bruteForce(setup);
    result.stopProbability.forEach((probability, look) => expect(probability).toBeCloseTo(expected.stop[look]!, 13));
    expect(result.neverCleared).toBeCloseTo(expected.never, 13);
    expect(result.dropped).toBeLessThan(1e-14);
    // Not an empty check: the rule stops at this many different batches (at once, in the last case).
    expect(expected.stop.filter((probability) => probability > 0).length).toBe(stopLooks);
    expect(expected.never).toBeLessThan(1);
  });

  it('the example plan (38/40, 55/60 at 95% and 91.7%, batches of 40 + 60, 50 batches): its figures, all mass accounted for', () => {
    const result = sequentialStopDistribution(EXAMPLE);
    // Measured (2026-11-27): expected ≈ 2,163 new labels, 90% by 3,200, 0.12% not by 5,000; dropped ~2e-14.
    expect(result.expectedLabels).toBeCloseTo(2162.9, 0);
    expect(result.quantileLabels).toBe(3200);
    expect(result.neverCleared).toBeCloseTo(1.179e-3, 5);
    expect(result.dropped).toBeLessThan(1e-12);
    expect(result.stopProbability.reduce((sum, probability) => sum + probability, 0) + result.neverCleared + result.dropped).toBeCloseTo(1, 12);
  });

  it('needs more labels than the fixed-n plan (it may look after every batch), but within a few times as many', () => {
    const fixed = labelsToClearLowerBound({ current: EXAMPLE.current, yesAccuracy: 0.95, noAccuracy: 55 / 60, yesShare: 0.4, delta: 0.05 }, 0.9);
    const sequential = sequentialStopDistribution(EXAMPLE);
    // Union bound, looked at once: 667 more labels; the sequence's expected stop ≈ 2,163 (3.2×).
    expect(fixed.additional).toBe(667);
    expect(sequential.expectedLabels).toBeGreaterThan(fixed.additional!);
    expect(sequential.expectedLabels).toBeLessThan(5 * fixed.additional!);
  }, 20_000);

  it('properties: the stop probabilities and the never-cleared mass sum to 1; a higher target never stops sooner', () => {
    fc.assert(
      fc.property(
        fc.record({ yes: fc.double({ min: 0.5, max: 1, noNaN: true }), no: fc.double({ min: 0.5, max: 1, noNaN: true }) }),
        fc.record({ yes: fc.integer({ min: 1, max: 12 }), no: fc.integer({ min: 1, max: 12 }) }),
        fc.integer({ min: 1, max: 15 }),
        fc.double({ min: 0.3, max: 0.9, noNaN: true }),
        fc.double({ min: 0.01, max: 0.3, noNaN: true }),
        (accuracy, batch, batches, target, delta) => {
          const setup = { current: { yes: { correct: 9, total: 10 }, no: { correct: 8, total: 10 } }, accuracy, batch, batches, target, delta };
          const lower = sequentialStopDistribution(setup);
          const higher = sequentialStopDistribution({ ...setup, target: Math.min(target + 0.05, 0.99) });
          const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
          expect(sum(lower.stopProbability) + lower.neverCleared + lower.dropped).toBeCloseTo(1, 10);
          let [cumulativeLower, cumulativeHigher] = [0, 0];
          lower.stopProbability.forEach((probability, look) => {
            cumulativeLower += probability;
            cumulativeHigher += higher.stopProbability[look]!;
            expect(cumulativeHigher).toBeLessThanOrEqual(cumulativeLower + 1e-12);
          });
          expect(higher.expectedLabels).toBeGreaterThanOrEqual(lower.expectedLabels - 1e-9);
        },
      ),
      { seed: 32, numRuns: 60 },
    );
  }, 30_000);

  it('the grid step: one batch convolves both classes; trimming drops only edges under the limit', () => {
    const grid = new StoppingCountGrid(3, 4);
    grid.advance({ from: 0, row: new Float64Array([0.1, 0.9]) }, { from: 0, row: new Float64Array([0.2, 0.8]) });
    expect(grid.at(4, 5)).toBeCloseTo(0.72, 15);
    expect(grid.at(3, 4)).toBeCloseTo(0.02, 15);
    expect(grid.stopWhere((yes, no) => yes + no === 9)).toBeCloseTo(0.72, 15);
    expect(grid.trimEdges(0.05)).toBe(0); // every edge holds more (rows 0.1, 0.18; columns 0.2, 0.08)
    expect(grid.trimEdges(0.11)).toBeCloseTo(0.1, 15); // the k₊ = 3 row and the k₋ = 5 column go
    expect([grid.minYes, grid.minNo, grid.rows, grid.columns, grid.at(4, 4)]).toEqual([4, 4, 1, 1, expect.closeTo(0.18, 15)]);
  });

  it('validates with RangeErrors naming the field', () => {
    const bad = (change: Partial<SequentialPlanSetup>) => () => sequentialStopDistribution({ ...EXAMPLE, ...change });
    expect(bad({ accuracy: { yes: 1.2, no: 0.9 } })).toThrow(/^accuracy\.yes must be in \[0, 1\]/);
    expect(bad({ batch: { yes: 0, no: 10 }, current: { yes: { correct: 0, total: 0 }, no: { correct: 1, total: 1 } } })).toThrow(/^batch\.yes must be ≥ 1 while current\.yes\.total is 0/);
    expect(bad({ batches: 0 })).toThrow(/^batches must be in \[1, 1000\]/);
    expect(bad({ target: 1 })).toThrow(/^target must be in \(0, 1\)/);
    expect(bad({ level: 1 })).toThrow(/^level /);
    expect(bad({ current: { yes: { correct: 3, total: 2 }, no: { correct: 1, total: 1 } } })).toThrow(/^current\.yes\.correct must be ≤ current\.yes\.total \(2\), got 3$/);
  });
});
