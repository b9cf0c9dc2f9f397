import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balancedConfidenceSequence, proportionConfidenceSequence, sequentialBoundTable, sequentialMissProbability } from './index';
import { tableIndex } from './sequential-table-index';

interface Row {
  successes: number;
  trials: number;
  delta: number;
  expectedTrials: number | null;
  lower: string;
  upper: string;
}
const FIXTURE = JSON.parse(readFileSync(new URL('./fixtures/confidence-sequence.json', import.meta.url), 'utf8')) as { provenance: string; rows: Row[] };

describe('proportionConfidenceSequence against mpmath quadrature (fixtures/confidence-sequence.json)', () => {
  it.each(FIXTURE.rows.map((row) => [`${row.successes}/${row.trials} δ=${row.delta} n₀=${row.expectedTrials ?? '–'}`, row] as const))('%s', (_name, row) => {
    const options = row.expectedTrials === null ? {} : { expectedTrials: row.expectedTrials };
    const result = proportionConfidenceSequence(row.successes, row.trials, row.delta, options);
    const [lower, upper] = [Number(row.lower), Number(row.upper)];
    // Rounded outward: never inside the reference boundary, and close to it — within 1e-9 for Robbins'
    // mixture, 1e-8 for the tuned one (the fixture's quadrature is within 2.1e-7 of the closed form in ln M there).
    const close = row.expectedTrials === null ? 1e-9 : 1e-8;
    expect(result.lower).toBeLessThanOrEqual(lower + 1e-15);
    expect(result.upper).toBeGreaterThanOrEqual(upper - 1e-15);
    expect(lower - result.lower).toBeLessThan(close);
    expect(result.upper - upper).toBeLessThan(close);
    expect(result.estimate).toBe(row.successes / row.trials);
  });

  it('one-sided: the same end with all of δ, the other end 0 or 1', () => {
    const two = proportionConfidenceSequence(90, 100, 0.05);
    expect(proportionConfidenceSequence(90, 100, 0.05, { sides: 'lower' })).toEqual({ estimate: 0.9, lower: two.lower, upper: 1 });
    expect(proportionConfidenceSequence(90, 100, 0.05, { sides: 'upper' })).toEqual({ estimate: 0.9, lower: 0, upper: two.upper });
  });

  it('balanced: each class at δ/2 (as the fixed-n balanced interval spends δ/4 on each of a class bounds), averaged', () => {
    const row = (successes: number, trials: number) => FIXTURE.rows.find((item) => item.successes === successes && item.trials === trials && item.delta === 0.05 && item.expectedTrials === null)!;
    const [yes, no] = [row(90, 100), row(45, 50)];
    const result = balancedConfidenceSequence({ yes: { correct: 90, total: 100 }, no: { correct: 45, total: 50 } }, 0.1);
    expect(result.lower).toBeCloseTo((Number(yes.lower) + Number(no.lower)) / 2, 9);
    expect(result.upper).toBeCloseTo((Number(yes.upper) + Number(no.upper)) / 2, 9);
    expect(result.yes).toEqual(proportionConfidenceSequence(90, 100, 0.05));
    expect(() => balancedConfidenceSequence({ yes: { correct: 101, total: 100 }, no: { correct: 1, total: 2 } }, 0.1)).toThrow(/^yes\.correct must be ≤ yes\.total \(100\), got 101$/);
  });

  it('validates with RangeErrors naming the argument', () => {
    expect(() => proportionConfidenceSequence(11, 10, 0.05)).toThrow(/^successes must be ≤ trials \(10\), got 11$/);
    expect(() => proportionConfidenceSequence(1, 2e9, 0.05)).toThrow(/^trials must be ≤ 1e9/);
    expect(() => proportionConfidenceSequence(1, 2, 1)).toThrow(/^delta /);
    expect(() => proportionConfidenceSequence(1, 2, 0.05, { sides: 'both' as never })).toThrow(/^options\.sides /);
    expect(() => proportionConfidenceSequence(1, 2, 0.05, { expectedTrials: 0 })).toThrow(/^options\.expectedTrials /);
    expect(() => sequentialBoundTable(5001, 0.05)).toThrow(/^horizon must be in \[1, 5000\]/);
    expect(() => sequentialBoundTable(5, 0.05, { method: 'wald' as never })).toThrow(/^options\.method /);
    expect(() => sequentialMissProbability(0.5, {} as never)).toThrow(/^table /);
  });

  it('properties: ordered, nested in δ, symmetric under k ↔ n − k', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 1e-6, max: 0.5, noNaN: true }), fc.option(fc.integer({ min: 1, max: 1e6 }), { nil: undefined }), (trials, share, delta, expectedTrials) => {
        const successes = Math.round(share * trials);
        const result = proportionConfidenceSequence(successes, trials, delta, { expectedTrials });
        expect(result.lower).toBeLessThanOrEqual(result.estimate);
        expect(result.estimate).toBeLessThanOrEqual(result.upper);
        const wider = proportionConfidenceSequence(successes, trials, delta / 2, { expectedTrials });
        expect(wider.lower).toBeLessThanOrEqual(result.lower + 1e-12);
        expect(wider.upper).toBeGreaterThanOrEqual(result.upper - 1e-12);
        const mirrored = proportionConfidenceSequence(trials - successes, trials, delta, { expectedTrials });
        expect(1 - mirrored.upper).toBeCloseTo(result.lower, 9);
      }),
      { seed: 32, numRuns: 200 },
    );
  });
});

describe('sequentialMissProbability: the exact chance of ever excluding p when looking after every label', () => {
  it('equals the sum over all 2¹² label paths (N = 12, brute force)', () => {
    const table = sequentialBoundTable(12, 0.3);
    for (const p of [0.2, 0.5, 0.85]) {
      let missed = 0;
      for (let path = 0; path < 2 ** 12; path++) {
        let successes = 0;
        let probability = 1;
        let excluded = false;
        for (let trials = 1; trials <= 12; trials++) {
          const success = (path >> (trials - 1)) & 1;
          successes += success;
          probability *= success ? p : 1 - p;
          const index = tableIndex(trials, successes);
          excluded ||= p < table.lower[index]! || p > table.upper[index]!;
        }
        if (excluded) missed += probability;
      }
      expect(sequentialMissProbability(p, table)).toBeCloseTo(missed, 14);
      expect(missed).toBeGreaterThan(0); // the check is not empty
    }
  });

  const GRID = Array.from({ length: 99 }, (_, index) => (index + 1) / 100);
  const ONE_SIDED = (table: ReturnType<typeof sequentialBoundTable>, side: 'lower' | 'upper') => ({
    ...table,
    lower: side === 'lower' ? table.lower : new Float64Array(table.lower.length),
    upper: side === 'upper' ? table.upper : new Float64Array(table.upper.length).fill(1),
  });

  it.each([0.1, 0.05, 0.01])('N = 500, δ = %s: two-sided and one-sided sequences miss at most δ on 99 values of p', (delta) => {
    const table = sequentialBoundTable(500, delta);
    // The one-sided sequence's table is the two-sided one with the other end at 0 or 1 (checked at spots).
    expect(proportionConfidenceSequence(377, 412, delta, { sides: 'lower' }).lower).toBe(table.lower[tableIndex(412, 377)]);
    const worst = { two: 0, lower: 0, upper: 0 };
    for (const p of GRID) {
      worst.two = Math.max(worst.two, sequentialMissProbability(p, table));
      worst.lower = Math.max(worst.lower, sequentialMissProbability(p, ONE_SIDED(table, 'lower')));
      worst.upper = Math.max(worst.upper, sequentialMissProbability(p, ONE_SIDED(table, 'upper')));
    }
    expect(worst.two).toBeLessThanOrEqual(delta);
    expect(worst.lower).toBeLessThanOrEqual(delta);
    expect(worst.upper).toBeLessThanOrEqual(delta);
    expect(worst.two).toBeGreaterThan(delta / 10); // a real test: the sequence does exclude p sometimes
  }, 30_000);

  it('N = 500, δ = 0.05: the mixture tuned to n₀ = 500 misses at most δ', () => {
    const table = sequentialBoundTable(500, 0.05, { expectedTrials: 500 });
    const worst = Math.max(...GRID.map((p) => sequentialMissProbability(p, table)));
    expect(worst).toBeLessThanOrEqual(0.05);
  }, 30_000);

  it('Clopper–Pearson looked at after every label misses far more than δ (N = 500)', () => {
    const measured = { two: 0, lower: 0 };
    const two = sequentialBoundTable(500, 0.05, { method: 'clopper-pearson' });
    const lower = sequentialBoundTable(500, 0.05, { method: 'clopper-pearson', sides: 'lower' });
    for (const p of GRID) {
      measured.two = Math.max(measured.two, sequentialMissProbability(p, two));
      measured.lower = Math.max(measured.lower, sequentialMissProbability(p, lower));
    }
    // Measured (worst p of the grid): 0.3674 two-sided (7.3 × δ), 0.3163 lower bound alone (6.3 × δ) —
    // against ≤ 0.05 for the confidence sequence. (δ = 0.1: 0.584 / 0.494; δ = 0.01: 0.101 / 0.093.)
    expect(measured.two).toBeCloseTo(0.3674, 3);
    expect(measured.lower).toBeCloseTo(0.3163, 3);
  }, 30_000);
});
