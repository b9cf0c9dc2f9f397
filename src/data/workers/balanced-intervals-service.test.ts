import { afterEach, describe, expect, it, vi } from 'vitest';
import { balancedBuehlerInterval, balancedInversionInterval } from '../../stats';
import {
  balancedNow,
  balancedVersion,
  computeExpensiveIntervals,
  knownExpensiveInterval,
  missingExpensiveIntervals,
  rememberExpensiveInterval,
  subscribeBalanced,
} from './balanced-intervals-service';
import { dealOut, workersFor } from './worker-job';

describe('missingExpensiveIntervals', () => {
  it('computes a few small ones on the spot and leaves large or many ones for the workers, each once', () => {
    const small = { method: 'inversion' as const, yes: { correct: 17, total: 20 }, no: { correct: 8, total: 11 }, delta: 0.05 };
    expect(missingExpensiveIntervals([small, small], 20)).toEqual([]);
    expect(knownExpensiveInterval('inversion', small.yes, small.no, 0.05)).toEqual(balancedInversionInterval(small, 0.05));

    const large = { method: 'inversion' as const, yes: { correct: 4_000, total: 5_000 }, no: { correct: 2_800, total: 3_000 }, delta: 0.05 };
    const empty = { method: 'inversion' as const, yes: { correct: 0, total: 0 }, no: { correct: 1, total: 2 }, delta: 0.05 };
    // Past the methods' ceiling the union bound stands in: nothing to compute.
    const huge = { method: 'buehler' as const, yes: { correct: 1, total: 20_000_000 }, no: { correct: 2, total: 3 }, delta: 0.05 };
    expect(missingExpensiveIntervals([large, large, empty, small, huge], 20)).toEqual([large]);

    const many = Array.from({ length: 3 }, (_, index) => ({ method: 'inversion' as const, yes: { correct: index, total: 10 }, no: { correct: 5, total: 10 }, delta: 0.1 }));
    expect(missingExpensiveIntervals(many, 2)).toEqual(many);
  });

  it('keeps each method apart: the inverted interval of some counts is not Buehler’s', () => {
    const inverted = { method: 'inversion' as const, yes: { correct: 0, total: 30 }, no: { correct: 1, total: 1 }, delta: 0.05 };
    const buehler = { ...inverted, method: 'buehler' as const };
    expect(missingExpensiveIntervals([inverted], 20)).toEqual([]);
    expect(knownExpensiveInterval('buehler', inverted.yes, inverted.no, 0.05)).toBeUndefined();
    expect(missingExpensiveIntervals([inverted, buehler], 20)).toEqual([]);
    expect(knownExpensiveInterval('inversion', inverted.yes, inverted.no, 0.05)).toEqual(balancedInversionInterval(inverted, 0.05));
    expect(knownExpensiveInterval('buehler', inverted.yes, inverted.no, 0.05)).toEqual(balancedBuehlerInterval(inverted, 0.05));
  });
});

describe('computeExpensiveIntervals', () => {
  it('fills the cache by each need’s method (here without workers, as in jsdom) and reports progress up to 1', async () => {
    const yes = { correct: 2_900, total: 3_100 };
    const no = { correct: 2_150, total: 2_200 };
    const needs = [
      { method: 'inversion' as const, yes, no, delta: 0.05 },
      { method: 'inversion' as const, yes, no, delta: 0.01 },
      { method: 'buehler' as const, yes, no, delta: 0.05 },
    ];
    const fractions: number[] = [];
    await new Promise<void>((resolve) => {
      computeExpensiveIntervals(needs, (fraction) => {
        fractions.push(fraction);
        if (fraction === 1) resolve();
      });
    });
    expect(fractions.at(-1)).toBe(1);
    expect(knownExpensiveInterval('inversion', yes, no, 0.05)).toEqual(balancedInversionInterval({ yes, no }, 0.05));
    expect(knownExpensiveInterval('inversion', yes, no, 0.01)).toEqual(balancedInversionInterval({ yes, no }, 0.01));
    expect(knownExpensiveInterval('buehler', yes, no, 0.05)).toEqual(balancedBuehlerInterval({ yes, no }, 0.05));
    expect(knownExpensiveInterval('buehler', yes, no, 0.01)).toBeUndefined();
  });

  it('reports done at once when nothing is missing', () => {
    const fractions: number[] = [];
    computeExpensiveIntervals([], (fraction) => fractions.push(fraction));
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
    await vi.waitFor(() => expect(knownExpensiveInterval('inversion', yes, no, 0.05)).toBeDefined());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(versions).toHaveLength(1);
    expect(balancedNow('inversion', yes, no, 0.05)).toEqual(balancedInversionInterval({ yes, no }, 0.05));
    unsubscribe();
  });

  it('computes Buehler’s interval for Buehler (the worker is told the method), cached apart from the inversion’s', async () => {
    const yes = { correct: 3_000, total: 3_400 };
    const no = { correct: 40, total: 2_500 };
    expect(balancedNow('buehler', yes, no, 0.05)).toBe('pending');
    await vi.waitFor(() => expect(knownExpensiveInterval('buehler', yes, no, 0.05)).toBeDefined());
    expect(balancedNow('buehler', yes, no, 0.05)).toEqual(balancedBuehlerInterval({ yes, no }, 0.05));
    expect(knownExpensiveInterval('inversion', yes, no, 0.05)).toBeUndefined();
    expect(balancedNow('union', yes, no, 0.05)).not.toBe('pending');
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
      await vi.waitFor(() => expect(knownExpensiveInterval('inversion', yes, no, 0.05)).toEqual(balancedInversionInterval({ yes, no }, 0.05)));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('evicts the least recently used interval, not the oldest stored', () => {
    const kept = { correct: 1, total: 3 };
    const interval = { estimate: 0.5, lower: 0.1, upper: 0.9 };
    rememberExpensiveInterval('inversion', kept, kept, 0.5, interval);
    for (let index = 0; index < 199_999; index++) rememberExpensiveInterval('inversion', { correct: index, total: 300_000 }, kept, 0.5, interval);
    expect(knownExpensiveInterval('inversion', kept, kept, 0.5)).toEqual(interval); // read: now the most recent
    rememberExpensiveInterval('buehler', { correct: 1, total: 400_000 }, kept, 0.5, interval); // past the limit: one goes
    expect(knownExpensiveInterval('inversion', kept, kept, 0.5)).toEqual(interval);
    expect(knownExpensiveInterval('inversion', { correct: 0, total: 300_000 }, kept, 0.5)).toBeUndefined();
  });
});
