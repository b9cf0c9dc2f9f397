import { afterEach, describe, expect, it, vi } from 'vitest';
import { balancedInversionInterval } from '../stats';
import { balancedNow, balancedVersion, computeInversions, knownInversion, missingInversions, rememberInversion, subscribeBalanced } from './balanced-intervals-service';
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

describe('balancedNow and the cache', () => {
  it('queues an interval once while it is being computed, and tells the views once it arrives', async () => {
    const yes = { correct: 3_300, total: 3_500 };
    const no = { correct: 2_400, total: 2_600 };
    const versions: number[] = [];
    const unsubscribe = subscribeBalanced(() => versions.push(balancedVersion()));
    expect(balancedNow('inversion', yes, no, 0.05)).toBe('pending');
    await Promise.resolve(); // the job starts (a microtask); asked again meanwhile, it is not queued again
    expect(balancedNow('inversion', yes, no, 0.05)).toBe('pending');
    await vi.waitFor(() => expect(knownInversion(yes, no, 0.05)).toBeDefined());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(versions).toHaveLength(1);
    expect(balancedNow('inversion', yes, no, 0.05)).toEqual(balancedInversionInterval({ yes, no }, 0.05));
    unsubscribe();
  });

  it('computes on the page when the worker fails, so "computing…" ends', async () => {
    vi.stubGlobal(
      'Worker',
      class {
        onmessage: unknown = null;
        onerror: ((event: { message: string }) => void) | null = null;
        postMessage() {
          setTimeout(() => this.onerror?.({ message: 'blocked by the page’s policy' }));
        }
        terminate() {}
      },
    );
    try {
      const yes = { correct: 3_100, total: 3_500 };
      const no = { correct: 2_300, total: 2_600 };
      expect(balancedNow('inversion', yes, no, 0.05)).toBe('pending');
      await vi.waitFor(() => expect(knownInversion(yes, no, 0.05)).toEqual(balancedInversionInterval({ yes, no }, 0.05)));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('evicts the least recently used interval, not the oldest stored', () => {
    const kept = { correct: 1, total: 3 };
    const interval = { estimate: 0.5, lower: 0.1, upper: 0.9 };
    rememberInversion(kept, kept, 0.5, interval);
    for (let index = 0; index < 199_999; index++) rememberInversion({ correct: index, total: 300_000 }, kept, 0.5, interval);
    expect(knownInversion(kept, kept, 0.5)).toEqual(interval); // read: now the most recent
    rememberInversion({ correct: 1, total: 400_000 }, kept, 0.5, interval); // past the limit: one goes
    expect(knownInversion(kept, kept, 0.5)).toEqual(interval);
    expect(knownInversion({ correct: 0, total: 300_000 }, kept, 0.5)).toBeUndefined();
  });
});
