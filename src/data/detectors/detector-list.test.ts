import { describe, expect, it, vi } from 'vitest';
import { balancedBuehlerInterval, balancedInterval, balancedInversionInterval } from '../../stats';
import { balancedIntervalBy } from '../methods/balanced-method';
import type { Detector } from './detector';
import {
  balancedLowerOrNaN,
  detectorBalancedEstimate,
  detectorIntervals,
  detectorLowerBound,
  detectorsWithoutLowerBound,
  rememberLowerBounds,
} from './detector-intervals';
import { visibleDetectors } from './detector-list';

function detector(id: string, name: string, yes: [number, number], no: [number, number], query = ''): Detector {
  return { id, name, query, yes: { correct: yes[0], total: yes[1] }, no: { correct: no[0], total: no[1] } };
}

// estimate 0.9 with few labels (wide interval, low lower bound) vs 0.85 with many (narrow, high lower bound)
const few = detector('few', 'Bravo few labels', [9, 10], [9, 10], 'Is there a forklift?');
const many = detector('many', 'alpha many labels', [850, 1000], [850, 1000]);
const empty = detector('empty', 'Charlie empty class', [0, 0], [10, 10]);
const perfect = detector('perfect', 'Delta 2', [50, 50], [50, 50]);
const all = [few, many, empty, perfect];

describe('visibleDetectors', () => {
  it('sorts by estimate ascending, empty classes last', () => {
    expect(visibleDetectors(all, { filter: '', sort: 'estimate' }, 0.05, 'union').map((d) => d.id)).toEqual(['many', 'few', 'perfect', 'empty']);
  });

  it('sorts by lower bound ascending: the wide interval comes first despite its higher estimate', () => {
    expect(balancedInterval(few, 0.05).lower).toBeLessThan(balancedInterval(many, 0.05).lower);
    expect(visibleDetectors(all, { filter: '', sort: 'lower' }, 0.05, 'union').map((d) => d.id)).toEqual(['few', 'many', 'perfect', 'empty']);
  });

  it('sorts by name, case-insensitive and with numbers in natural order', () => {
    const named = [detector('a', 'Zone 10', [1, 1], [1, 1]), detector('b', 'zone 9', [1, 1], [1, 1]), detector('c', 'Aisle', [1, 1], [1, 1])];
    expect(visibleDetectors(named, { filter: '', sort: 'name' }, 0.05, 'union').map((d) => d.name)).toEqual(['Aisle', 'zone 9', 'Zone 10']);
  });

  it('breaks ties by name then id, so the order is stable', () => {
    const twins = [detector('b', 'Same', [1, 2], [1, 2]), detector('a', 'Same', [1, 2], [1, 2])];
    expect(visibleDetectors(twins, { filter: '', sort: 'estimate' }, 0.05, 'union').map((d) => d.id)).toEqual(['a', 'b']);
  });

  it('orders tied detectors by name naturally, ignoring case and accents', () => {
    const tied = ['Zone 10', 'zone 9', 'Éclair', 'aisle', 'Camera 100', 'Camera 20'].map((name) => detector(name, name, [3, 4], [3, 4]));
    expect(visibleDetectors(tied, { filter: '', sort: 'lower' }, 0.05, 'union').map((d) => d.name)).toEqual(['aisle', 'Camera 20', 'Camera 100', 'Éclair', 'zone 9', 'Zone 10']);
  });

  it('filters by name, query or id, case-insensitive and trimmed, without touching the input', () => {
    const input = [...all];
    expect(visibleDetectors(input, { filter: '  FORKLIFT ', sort: 'name' }, 0.05, 'union')).toEqual([few]);
    expect(visibleDetectors(input, { filter: 'perf', sort: 'name' }, 0.05, 'union')).toEqual([perfect]);
    expect(visibleDetectors(input, { filter: 'nothing like this', sort: 'name' }, 0.05, 'union')).toEqual([]);
    expect(input).toEqual(all);
  });

  it('matches names written with accents in either Unicode form, and dotted capitals, accents ignored', () => {
    const cafe = detector('cafe', 'Cafe\u0301 counter', [1, 2], [1, 2]);
    const istanbul = detector('ist', 'İstanbul gate', [1, 2], [1, 2]);
    for (const typed of ['café', 'cafe\u0301', 'CAFE']) expect(visibleDetectors([cafe, istanbul], { filter: typed, sort: 'name' }, 0.05, 'union')).toEqual([cafe]);
    expect(visibleDetectors([cafe, istanbul], { filter: 'istanbul', sort: 'name' }, 0.05, 'union')).toEqual([istanbul]);
  });

  // Its speed at 10,000 detectors (≤ 100 ms per keystroke) is measured by `npm run bench`, not asserted here.
  it('filters and sorts 10,000 detectors by lower bound, worst first', () => {
    const big = Array.from({ length: 10_000 }, (_, i) =>
      detector(`d${i}`, `Detector ${i}`, [(i * 7) % 101, 100 + (i % 50)], [(i * 13) % 201, 200 + (i % 30)]),
    );
    const listed = visibleDetectors(big, { filter: 'detector 1', sort: 'lower' }, 0.05, 'union');
    expect(listed.length).toBe(1111); // "Detector 1", "Detector 10"–"19", "100"–"199", "1000"–"1999"
    const lowers = listed.map((item) => balancedInterval(item, 0.05).lower);
    expect(lowers).toEqual([...lowers].sort((a, b) => a - b));
  });
});

describe('detectorIntervals', () => {
  it('gives the stats module’s intervals by the chosen method, the union bound beside it, and null for empty classes', async () => {
    expect(detectorIntervals(few, 0.05, 'union').balanced).toEqual(interval(balancedInterval(few, 0.05)));
    expect(detectorIntervals(few, 0.05, 'inversion').balanced).toEqual(balancedInversionInterval(few, 0.05));
    // A list's run computes its share on the page (the first always): a new run for the next one.
    await Promise.resolve();
    expect(detectorIntervals(few, 0.05, 'buehler').balanced).toEqual(balancedBuehlerInterval(few, 0.05));
    expect(detectorIntervals(few, 0.05, 'buehler').union).toEqual(balancedInterval(few, 0.05));
    expect(detectorIntervals(few, 0.05, 'inversion').union).toEqual(balancedInterval(few, 0.05));
    expect(detectorIntervals(empty, 0.05, 'inversion')).toMatchObject({ balanced: null, union: null, yes: null });
    expect(detectorIntervals(empty, 0.05, 'union').no?.estimate).toBe(1);
  });

  it('sorts by estimate with the δ-independent estimate', () => {
    const fresh = [detector('x', 'X', [3, 4], [5, 9]), detector('y', 'Y', [1, 4], [5, 9])];
    visibleDetectors(fresh, { filter: '', sort: 'estimate' }, 0.05, 'union');
    expect(visibleDetectors(fresh, { filter: '', sort: 'estimate' }, 0.2, 'union').map((d) => d.id)).toEqual(['y', 'x']);
    expect(detectorBalancedEstimate(fresh[0]!)).toBe(balancedInterval(fresh[0]!, 0.2).estimate);
  });

  it.each(['union', 'inversion', 'buehler'] as const)('sorts by %s lower bounds computed elsewhere (a worker) once remembered, and knows which are missing', (method) => {
    const fresh = [detector('x', 'X', [3, 4], [5, 9]), detector('y', 'Y', [1, 4], [5, 9]), detector('z', 'Z', [0, 0], [5, 9])];
    const delta = { union: 0.07, inversion: 0.071, buehler: 0.072 }[method];
    expect(detectorsWithoutLowerBound(fresh, delta, method)).toEqual(method === 'union' ? fresh : fresh.slice(0, 2));
    rememberLowerBounds(fresh, delta, method, fresh.map((d) => balancedLowerOrNaN(method, d.yes, d.no, delta)));
    expect(detectorsWithoutLowerBound(fresh, delta, method)).toEqual([]);
    expect(detectorLowerBound(fresh[0]!, delta, method)).toBe(balancedIntervalBy(method, fresh[0]!.yes, fresh[0]!.no, delta).lower);
    expect(detectorLowerBound(fresh[2]!, delta, method)).toBeNull();
    expect(visibleDetectors(fresh, { filter: '', sort: 'lower' }, delta, method).map((d) => d.id)).toEqual(['y', 'x', 'z']);
  });

  it('keeps the expensive methods’ bounds apart: the inversion’s, remembered, are not Buehler’s', () => {
    const fresh = [detector('x', 'X', [0, 30], [1, 1]), detector('y', 'Y', [20, 30], [1, 1])];
    const delta = 0.073;
    rememberLowerBounds(fresh, delta, 'inversion', fresh.map((d) => balancedLowerOrNaN('inversion', d.yes, d.no, delta)));
    expect(detectorsWithoutLowerBound(fresh, delta, 'inversion')).toEqual([]);
    expect(detectorsWithoutLowerBound(fresh, delta, 'buehler')).toEqual(fresh);
    expect(detectorLowerBound(fresh[0]!, delta, 'buehler')).toBeNull();
    expect(detectorIntervals(fresh[0]!, delta, 'buehler').balanced).toEqual(balancedBuehlerInterval(fresh[0]!, delta));
  });

  it('the inverted interval of large counts is pending until the worker (here: the page, after a tick) delivers it', async () => {
    const large = detector('large', 'Large', [45_000, 50_000], [9_500, 10_000]);
    expect(detectorIntervals(large, 0.05, 'inversion').balanced).toBe('pending');
    await vi.waitFor(() => expect(detectorIntervals(large, 0.05, 'inversion').balanced).not.toBe('pending'), { timeout: 20_000 });
    expect(detectorIntervals(large, 0.05, 'inversion').balanced).toEqual(balancedInversionInterval(large, 0.05));
  });
});

function interval({ estimate, lower, upper }: { estimate: number; lower: number; upper: number }) {
  return { estimate, lower, upper };
}
