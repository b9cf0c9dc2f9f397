import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { binomialCdf, binomialPmf, binomialSf } from '../../stats';
import { AXIS_STEPS, massWindow, snapToTicks, tailSeries, type TailSide } from './tail-series';

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('tailSeries', () => {
  it('draws every outcome of the blog’s Figure 4 as its own bar, with the PMF’s values', () => {
    const series = tailSeries(100, 80, 0.83, 'left');
    expect(series.binWidth).toBe(1);
    for (const bin of series.bins) {
      expect(bin.from).toBe(bin.to);
      const pmf = binomialPmf(bin.from, 100, 0.83);
      expect(Math.abs(bin.mass - pmf)).toBeLessThanOrEqual(1e-12 * pmf);
      expect(bin.inTail).toBe(bin.to <= 80);
    }
    expect(series.tailMass).toBe(binomialCdf(80, 100, 0.83));
    expect(series.tailMass).toBeCloseTo(0.2477, 4);
  });

  it('aggregates N = 10^6 into at most ~200 bars around the mass, with k an edge', () => {
    const series = tailSeries(1_000_000, 800_000, 0.8, 'left');
    expect(series.bins.length).toBeLessThanOrEqual(202);
    expect(series.binWidth).toBeGreaterThan(1);
    // mean ± 8 sd is 796,798–803,202: six tick steps of 2,000 around it (see snapToTicks)
    expect([series.lo, series.hi, series.tickStep]).toEqual([794_000, 806_000, 2_000]);
    expect(series.bins.find((bin) => bin.to === 800_000)?.inTail).toBe(true);
    expect(series.bins.find((bin) => bin.from === 800_001)?.inTail).toBe(false);
  });

  it('always includes k, even far from the mass', () => {
    const series = tailSeries(1_000_000, 0, 0.8, 'left');
    expect(series.lo).toBe(0);
    expect(series.bins[0]).toMatchObject({ from: 0, to: 0, inTail: true });
    expect(series.bins[0]!.mass).toBe(binomialCdf(0, 1_000_000, 0.8));
  });

  it('has bin masses that sum to 1 within 1e-12 and shading that equals the tail exactly (property)', () => {
    const cases = fc.record({
      n: fc.oneof(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 1, max: 1_000_000 })),
      kFraction: fc.double({ min: 0, max: 1, noNaN: true }),
      p: fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(0, 1, 1e-6, 1 - 1e-6)),
      side: fc.constantFrom<TailSide>('left', 'right'),
      maxBins: fc.integer({ min: 10, max: 400 }),
    });
    fc.assert(
      fc.property(cases, ({ n, kFraction, p, side, maxBins }) => {
        const k = Math.min(n, Math.floor(kFraction * (n + 1)));
        const series = tailSeries(n, k, p, side, maxBins);
        const masses = series.bins.map((bin) => bin.mass);
        expect(Math.abs(sum(masses) + series.outsideMass - 1)).toBeLessThan(1e-12);
        expect(series.outsideMass).toBeLessThan(3e-14);
        expect(series.bins.length).toBeLessThanOrEqual(maxBins + 2);
        for (const mass of masses) expect(mass).toBeGreaterThanOrEqual(-1e-16);
        // contiguous bins covering exactly [lo, hi], with k inside the window
        expect(series.bins[0]!.from).toBe(series.lo);
        expect(series.bins[series.bins.length - 1]!.to).toBe(series.hi);
        series.bins.slice(1).forEach((bin, i) => expect(bin.from).toBe(series.bins[i]!.to + 1));
        expect(series.lo <= k && k <= series.hi).toBe(true);
        // shaded bins are exactly the tail's outcomes, and their mass is the tail probability
        for (const bin of series.bins) {
          expect(bin.inTail).toBe(side === 'left' ? bin.to <= k : bin.from >= k);
          if (bin.inTail) expect(side === 'left' ? bin.to <= k : bin.from >= k).toBe(true);
          else expect(side === 'left' ? bin.from > k : bin.to < k).toBe(true);
        }
        const shaded = sum(series.bins.filter((bin) => bin.inTail).map((bin) => bin.mass));
        expect(Math.abs(shaded - series.tailMass)).toBeLessThan(1e-12);
        const exactTail = side === 'left' ? binomialCdf(k, n, p) : k === 0 ? 1 : binomialSf(k - 1, n, p);
        expect(series.tailMass).toBe(exactTail);
      }),
      { seed: 20261122, numRuns: 400 },
    );
  });

  it('reads the tail off the CDF at F(k) on the left and F(k − 1) on the right', () => {
    const left = tailSeries(100, 80, 0.8, 'left');
    expect(left.cdfReading).toBeCloseTo(0.5398, 4);
    const right = tailSeries(100, 80, 0.7228, 'right');
    expect(right.tailMass).toBeCloseTo(0.05, 3);
    expect(right.cdfReading).toBeCloseTo(binomialCdf(79, 100, 0.7228), 14);
  });

  it('samples the CDF exactly between outcomes and closes the PMF steps at hi + ½', () => {
    const series = tailSeries(30, 9, 0.3, 'left');
    for (const point of series.cdf) {
      const below = point.x - 0.5; // F(below)
      const expected = below < 0 ? 0 : below >= 30 ? 1 : binomialCdf(below, 30, 0.3);
      expect(point.cdf).toBeCloseTo(expected, 14);
    }
    expect(series.pmf).toHaveLength(series.bins.length + 1);
    expect(series.pmf[series.pmf.length - 1]!.x).toBe(series.hi + 0.5);
    expect(series.pmf.find((point) => point.x === 8.5)).toEqual({ x: 8.5, tail: series.bins.find((bin) => bin.from === 9)!.mass, rest: 0 });
    expect(series.pmf.find((point) => point.x === 9.5)!.rest).toBeCloseTo(binomialPmf(10, 30, 0.3), 15);
  });
});

describe('massWindow', () => {
  it('keeps a skewed, small-mean window wide enough', () => {
    const [lo, hi] = massWindow(1_000_000, 0, 1e-6);
    expect(lo).toBe(0);
    expect(binomialSf(hi, 1_000_000, 1e-6)).toBeLessThan(1e-14);
  });

  it('spans at least 20 outcomes when there is room, and the whole range for tiny N', () => {
    expect(massWindow(1, 1, 0.5)).toEqual([0, 1]);
    expect(massWindow(1_000_000, 1_000_000, 1)).toEqual([999_980, 1_000_000]);
  });
});

describe('snapToTicks', () => {
  it('holds the window in AXIS_STEPS whole tick steps, wherever it lies, until cut at 0 or N (property)', () => {
    const windows = fc.record({ lo: fc.integer({ min: 0, max: 900_000 }), width: fc.integer({ min: 1, max: 90_000 }) });
    fc.assert(
      fc.property(windows, ({ lo, width }) => {
        const n = 1_000_000;
        const [start, end, step] = snapToTicks(lo, lo + width, n);
        expect(Number.isInteger(step) && step >= 1).toBe(true);
        expect(start <= lo && lo + width <= end).toBe(true);
        expect(start % step).toBe(0);
        if (end < n) expect(end - start).toBe(AXIS_STEPS * step);
        // it fills at least 5/12 of the axis: 5 steps cover it, each at most twice as long as needed
        if (width >= AXIS_STEPS - 1) expect(width / (end - start)).toBeGreaterThanOrEqual(5 / 12 - 1e-9);
      }),
    );
  });

  it('takes round steps and stops at 0 and N', () => {
    expect(snapToTicks(796_798, 803_202, 1_000_000)).toEqual([794_000, 806_000, 2_000]);
    expect(snapToTicks(46, 100, 100)).toEqual([20, 100, 20]); // the blog's Figure 3
    expect(snapToTicks(0, 40, 100)).toEqual([0, 48, 8]);
    expect(snapToTicks(3, 7, 10)).toEqual([2, 8, 1]);
  });
});
