import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { balancedBuehlerInterval, balancedInversionInterval } from '../../stats';
import {
  balancedForListRow,
  balancedNow,
  LIST_ALWAYS_ON_PAGE_LABELS,
  LIST_ON_PAGE_MS,
  balancedVersion,
  computeExpensiveIntervals,
  knownExpensiveInterval,
  missingExpensiveIntervals,
  rememberExpensiveInterval,
  subscribeBalanced,
} from './balanced-intervals-service';
import { dealOutByClassSize, workersFor } from './worker-job';

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
  const sizes = (pair: readonly [number, number]) => pair;
  const cost = ([a, b]: readonly [number, number]) => Math.sqrt(a) + Math.sqrt(b) + 1;

  it('deal items by their larger class size, each size to one part, the costliest first to the lightest part', () => {
    const items: [number, number][] = [[10, 400], [20, 100], [50, 20], [100, 100], [30, 30]];
    // Sizes 100 (cost 36.5), 400 (24.2), 50 (12.5), 30 (12.0): 100 to part 1, 400 to part 2, 50 to
    // part 2 (then 36.7), 30 to part 1 (36.5 was lighter).
    // Each part in order of the larger size, then the smaller.
    expect(dealOutByClassSize(items, 2, sizes)).toEqual([
      [[30, 30], [20, 100], [100, 100]],
      [[50, 20], [10, 400]],
    ]);
    expect(dealOutByClassSize([[1, 1]], 4, sizes)).toEqual([[[1, 1]]]);
    expect(dealOutByClassSize([[1, 1], [2, 2]], 0, sizes)).toEqual([[[1, 1], [2, 2]]]);
  });

  it("deal the items of a size holding more than a part's share (one test set) one by one", () => {
    const oneTestSet: [number, number][] = Array.from({ length: 7 }, () => [40, 60]);
    expect(dealOutByClassSize(oneTestSet, 3, sizes).map((part) => part.length)).toEqual([3, 2, 2]);
  });

  it("keep every item once, each part in order of class size, and the parts' loads within one size's cost of each other", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 60 })), { maxLength: 80 }), fc.integer({ min: 1, max: 8 }), (items, parts) => {
        const dealt = dealOutByClassSize(items, parts, sizes);
        expect(dealt.every((part) => part.length > 0)).toBe(true);
        const order = (item: readonly [number, number]) => Math.max(...item) * 1_000 + Math.min(...item);
        for (const part of dealt) expect(part.map(order)).toEqual(part.map(order).sort((x, y) => x - y));
        expect(dealt.flat().length).toBe(items.length);
        expect(new Set(dealt.flat()).size).toBe(items.length);
        const bySize = new Map<number, number>();
        for (const item of items) bySize.set(Math.max(...item), (bySize.get(Math.max(...item)) ?? 0) + cost(item));
        const share = [...bySize.values()].reduce((sum, value) => sum + value, 0) / parts;
        // A size within its share is never split.
        for (const [size, total] of bySize) if (total <= share) expect(dealt.filter((part) => part.some((item) => Math.max(...item) === size))).toHaveLength(1);
        const loads = [...dealt.map((part) => part.reduce((sum, item) => sum + cost(item), 0)), ...Array<number>(parts - dealt.length).fill(0)];
        expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(Math.max(0, ...bySize.values()) + 1e-9);
      }),
    );
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

  it('computes a list render’s share of small intervals on the page and queues the rest, then gives the next render its share', async () => {
    // Each interval takes 0.6 of the share by this clock: two are computed in a run, the rest queued.
    let clock = 0;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => (clock += 0.6 * LIST_ON_PAGE_MS));
    const total = LIST_ALWAYS_ON_PAGE_LABELS + 1;
    const needs = Array.from({ length: 5 }, (_, index) => ({ yes: { correct: 150 + index, total }, no: { correct: 20, total: 29 } }));
    const shown = needs.map(({ yes, no }) => balancedForListRow('buehler', yes, no, 0.07));
    expect(shown.map((interval) => interval === 'pending')).toEqual([false, false, true, true, true]);
    shown.slice(0, 2).forEach((interval, index) => expect(interval).toEqual(balancedBuehlerInterval(needs[index]!, 0.07)));
    // Queued to the worker, a row is not computed here again, even once the next run has its share.
    await Promise.resolve();
    const queued = needs[2]!;
    expect(balancedForListRow('buehler', queued.yes, queued.no, 0.07)).toBe('pending');
    const next = { yes: { correct: 9, total }, no: { correct: 20, total: 29 } };
    expect(balancedForListRow('buehler', next.yes, next.no, 0.07)).toEqual(balancedBuehlerInterval(next, 0.07));
    // Other views are never held back by a list's share, nor are tiny classes.
    const more = Array.from({ length: 4 }, (_, index) => balancedNow('buehler', { correct: 5 + index, total }, { correct: 20, total: 29 }, 0.07));
    expect(more).not.toContain('pending');
    const tiny = Array.from({ length: 4 }, (_, index) => balancedForListRow('buehler', { correct: 5 + index, total: 47 }, { correct: 20, total: 29 }, 0.07));
    expect(tiny).not.toContain('pending');
    now.mockRestore();
    await vi.waitFor(() => needs.forEach(({ yes, no }) => expect(knownExpensiveInterval('buehler', yes, no, 0.07)).toEqual(balancedBuehlerInterval({ yes, no }, 0.07))));
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
