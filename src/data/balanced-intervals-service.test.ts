import { afterEach, describe, expect, it, vi } from 'vitest';
import { balancedInversionInterval } from '../stats';
import { computeInversions, knownInversion, missingInversions } from './balanced-intervals-service';
import { dealOut, workersFor } from './worker-job';

describe('missingInversions', () => {
  it('computes a few small ones on the spot and leaves large or many ones for the workers, each once', () => {
    const small = { yes: { correct: 17, total: 20 }, no: { correct: 8, total: 11 }, delta: 0.05 };
    expect(missingInversions([small, small], 20)).toEqual([]);
    expect(knownInversion(small.yes, small.no, 0.05)).toEqual(balancedInversionInterval(small, 0.05));

    const large = { yes: { correct: 4_000, total: 5_000 }, no: { correct: 2_800, total: 3_000 }, delta: 0.05 };
    const empty = { yes: { correct: 0, total: 0 }, no: { correct: 1, total: 2 }, delta: 0.05 };
    expect(missingInversions([large, large, empty, small], 20)).toEqual([large]);

    const many = Array.from({ length: 3 }, (_, index) => ({ yes: { correct: index, total: 10 }, no: { correct: 5, total: 10 }, delta: 0.1 }));
    expect(missingInversions(many, 2)).toEqual(many);
  });
});

describe('computeInversions', () => {
  it('fills the cache (here without workers, as in jsdom) and reports progress up to 1', async () => {
    const needs = [
      { yes: { correct: 2_900, total: 3_100 }, no: { correct: 2_150, total: 2_200 }, delta: 0.05 },
      { yes: { correct: 2_900, total: 3_100 }, no: { correct: 2_150, total: 2_200 }, delta: 0.01 },
    ];
    const fractions: number[] = [];
    await new Promise<void>((resolve) => {
      computeInversions(needs, (fraction) => {
        fractions.push(fraction);
        if (fraction === 1) resolve();
      });
    });
    expect(fractions.at(-1)).toBe(1);
    for (const need of needs) expect(knownInversion(need.yes, need.no, need.delta)).toEqual(balancedInversionInterval(need, need.delta));
  });

  it('reports done at once when nothing is missing', () => {
    const fractions: number[] = [];
    computeInversions([], (fraction) => fractions.push(fraction));
    expect(fractions).toEqual([1]);
  });
});

describe('worker pools', () => {
  it('deal items out in turn, dropping empty parts', () => {
    expect(dealOut([1, 2, 3, 4, 5], 2)).toEqual([[1, 3, 5], [2, 4]]);
    expect(dealOut([1], 4)).toEqual([[1]]);
    expect(dealOut([1, 2], 0)).toEqual([[1, 2]]);
  });

  afterEach(() => vi.unstubAllGlobals());

  it('use one worker per core (at most 8), no more than one per given number of items, at least one', () => {
    vi.stubGlobal('navigator', { hardwareConcurrency: 4 });
    expect(workersFor(1, 50)).toBe(1);
    expect(workersFor(0, 50)).toBe(1);
    expect(workersFor(120, 50)).toBe(3);
    expect(workersFor(10_000, 50)).toBe(4);
    vi.stubGlobal('navigator', { hardwareConcurrency: 64 });
    expect(workersFor(10_000, 50)).toBe(8);
    vi.stubGlobal('navigator', {});
    expect(workersFor(10_000, 50)).toBe(1);
  });
});
