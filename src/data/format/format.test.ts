import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { exactInterval } from '../../stats';
import {
  errorRateDigits,
  fileSize,
  formatEstimateWithInterval,
  errorRateInterval,
  formatHonestPercent,
  formatConfidence,
  formatInterval,
  formatIntervalParts,
  formatPercent,
  formatProportion,
  honestDigits,
  intervalDigits,
  percentNumber,
} from './format';

describe('formatPercent', () => {
  it('rounds bounds outward', () => {
    expect(formatPercent(0.708157, 1, 'down')).toBe('70.8%');
    expect(formatPercent(0.873344, 1, 'up')).toBe('87.4%');
    expect(formatPercent(0.863339, 1, 'up')).toBe('86.4%');
    expect(formatPercent(0.863339, 1, 'nearest')).toBe('86.3%');
    expect(formatPercent(0.84473, 1, 'down')).toBe('84.4%');
    expect(formatPercent(0.97122, 1, 'up')).toBe('97.2%');
  });

  it('keeps exact decimals unchanged in both directions', () => {
    expect(formatPercent(0.5, 1, 'down')).toBe('50.0%');
    expect(formatPercent(0.5, 1, 'up')).toBe('50.0%');
    expect(formatPercent(1, 1, 'up')).toBe('100.0%');
    expect(formatPercent(0, 2, 'down')).toBe('0.00%');
  });

  it('is never narrower than the exact value (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 4 }), (value, digits) => {
        expect(parseFloat(formatPercent(value, digits, 'down')) / 100).toBeLessThanOrEqual(value + 1e-15);
        expect(parseFloat(formatPercent(value, digits, 'up')) / 100).toBeGreaterThanOrEqual(value - 1e-15);
      }),
      { seed: 20261121, numRuns: 10_000 },
    );
  });
});

describe('formatInterval and formatConfidence', () => {
  it('formats the blog central interval for 80/100 at 95%', () => {
    expect(formatInterval({ estimate: 0.8, lower: 0.708157, upper: 0.873344 })).toBe('[70.8%, 87.4%]');
  });

  it('names confidence levels without float noise', () => {
    expect(formatConfidence(0.05)).toBe('95%');
    expect(formatConfidence(0.001)).toBe('99.9%');
    expect(formatConfidence(0.1)).toBe('90%');
  });
});

describe('honest digits near 0% and 100%', () => {
  // 999,500/1,000,000 at δ = 0.05, exact central: the bounds of the example.
  const nearOne = { estimate: 0.9995, lower: 0.99945588, upper: 0.99954127 };

  it('adds decimals until nothing short of 100% reads 100% and different values read differently', () => {
    expect(formatIntervalParts(nearOne)).toEqual({ estimate: '99.95%', lower: '99.94%', upper: '99.96%' });
    expect(formatInterval({ estimate: 0.00002, lower: 0.000001, upper: 0.0001 })).toBe('[0.0001%, 0.0100%]');
    expect(formatIntervalParts({ estimate: 0.99897, lower: 0.99891, upper: 0.99903 })).toEqual({ estimate: '99.90%', lower: '99.89%', upper: '99.91%' });
  });

  it('keeps one decimal where it is already honest, and exact 0 and 1 as they are', () => {
    expect(formatIntervalParts({ estimate: 0.8, lower: 0.708157, upper: 0.873344 })).toEqual({ estimate: '80.0%', lower: '70.8%', upper: '87.4%' });
    expect(formatIntervalParts({ estimate: 1, lower: 0.9, upper: 1 })).toEqual({ estimate: '100.0%', lower: '90.0%', upper: '100.0%' });
    expect(formatIntervalParts({ estimate: 0, lower: 0, upper: 0 })).toEqual({ estimate: '0.0%', lower: '0.0%', upper: '0.0%' });
  });

  it('is honest for any interval (property)', () => {
    const interval = fc
      .array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 3, maxLength: 3 })
      .map((values) => values.sort((a, b) => a - b))
      .map(([lower, estimate, upper]) => ({ lower: lower!, estimate: estimate!, upper: upper! }));
    fc.assert(
      fc.property(interval, (exact) => {
        const digits = intervalDigits([exact]);
        const shown = formatIntervalParts(exact);
        if (digits >= 12) return; // values closer than a double's percent can show
        for (const key of ['estimate', 'lower', 'upper'] as const) {
          if (exact[key] !== 0 && exact[key] !== 1) expect(shown[key]).not.toMatch(/^(0|100)(\.0*)?%$/);
        }
        if (exact.lower !== exact.upper) expect(shown.lower).not.toBe(shown.upper);
        if (exact.lower !== exact.estimate) expect(shown.lower).not.toBe(shown.estimate);
        if (exact.upper !== exact.estimate) expect(shown.upper).not.toBe(shown.estimate);
        expect(parseFloat(shown.lower) / 100).toBeLessThanOrEqual(exact.lower + 1e-15);
        expect(parseFloat(shown.upper) / 100).toBeGreaterThanOrEqual(exact.upper - 1e-15);
      }),
      { seed: 20261122, numRuns: 5_000 },
    );
  });

  it('shares decimals across rows and keeps single bounds and tick labels honest', () => {
    expect(intervalDigits([{ estimate: 0.8, lower: 0.7, upper: 0.9 }, nearOne])).toBe(2);
    expect(formatHonestPercent(0.999961, 'up')).toBe('99.997%');
    expect(formatHonestPercent(0.00004, 'down')).toBe('0.004%');
    // Past an end by rounding, a value reads as that end, not with twelve decimals ("100.000000000000%").
    expect([1 + 2.2e-16, -1e-17].map((value) => formatHonestPercent(value, 'nearest'))).toEqual(['100.0%', '0.0%']);
    const ticks = [0.97, 0.975, 0.98].map((value) => ({ value, rounding: 'nearest' as const }));
    expect(honestDigits(ticks, 0)).toBe(1);
  });

  it('turns an accuracy interval into an error-rate interval with two significant digits', () => {
    const errors = errorRateInterval(nearOne);
    expect(errors.lower).toBeCloseTo(0.00045873, 12);
    expect(errors.upper).toBeCloseTo(0.00054412, 12);
    expect(errorRateDigits(errors)).toBe(3);
    expect(formatIntervalParts(errors, errorRateDigits(errors))).toEqual({ estimate: '0.050%', lower: '0.045%', upper: '0.055%' });
    expect(errorRateDigits({ estimate: 0.05, lower: 0.01, upper: 0.1 })).toBe(1);
    expect(errorRateDigits({ estimate: 0, lower: 0, upper: 0.0074 })).toBe(2);
  });
});

describe('percentNumber', () => {
  it('is the percentage a proportion stands for, without float noise', () => {
    expect([0.57, 0.07, 0.29, 0.999, 1, 0, 0.123456789].map(percentNumber)).toEqual(['57', '7', '29', '99.9', '100', '0', '12.3456789']);
  });
});

describe('formatProportion', () => {
  it('drops float noise but keeps the digits that tell a value from 0 or 1', () => {
    expect(formatProportion(0.9992350000000001)).toBe('0.999235');
    expect(formatProportion(0.830812)).toBe('0.830812');
    expect(formatProportion(1 - 3e-9)).toBe('0.999999997');
    expect(formatProportion(2.5e-12)).toBe('2.5e-12');
    expect(formatProportion(1)).toBe('1');
    expect(formatProportion(0)).toBe('0');
  });
});

describe('never 0% or 100% short of them, at any δ (a review against the display rules)', () => {
  it('a confidence level at a tiny δ keeps it, and below 1e-13 is written 1 − δ', () => {
    expect(formatConfidence(1e-11)).toBe('99.999999999%');
    expect(formatConfidence(1e-12)).toBe('99.9999999999%');
    expect(formatConfidence(1e-300)).toBe('(1 − 1e-300)');
    // In decimal where δ is a short decimal: binary 1 − δ read 0.000009999999995%.
    expect(formatConfidence(0.9999999)).toBe('0.00001%');
    expect(formatConfidence(0.123456)).toBe('87.6544%');
    expect(formatConfidence(0.05 / 3)).toBe('98.33333333%');
    expect(formatConfidence(0.05)).toBe('95%');
  });

  it('bounds still pinned at the most decimals say which side of 0% or 100% they are', () => {
    expect(formatInterval(exactInterval(1000, 1, 1e-12))).toMatch(/^\[<0\.000000000001%, /);
    expect(formatInterval(exactInterval(1000, 999, 1e-12))).toMatch(/, >99\.999999999999%\]$/);
    expect(formatPercent(0, 12, 'down')).toBe('0.000000000000%');
    expect(formatPercent(1, 12, 'up')).toBe('100.000000000000%');
  });
});

describe('interval digits follow the interval’s width', () => {
  it('adds decimals until outward rounding at most triples the width', () => {
    // 1,000,000 of 1,000,000: the exact 95% interval is [0.99999631, 1] (it read [99.9%, 100.0%]).
    const all = exactInterval(1_000_000, 1_000_000, 0.05);
    expect(formatIntervalParts(all)).toEqual({ estimate: '100.000%', lower: '99.999%', upper: '100.000%' });
    expect(formatInterval(exactInterval(1_000_000, 1, 0.05))).toBe('[0.000002%, 0.000558%]');
    // Ordinary intervals keep one decimal.
    expect(formatInterval(exactInterval(40, 38, 0.05))).toBe('[83.0%, 99.4%]');
  });

  it('never shows an interval more than three times as wide as it is', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), fc.double({ min: 0, max: 1, noNaN: true }), (n, share) => {
        const interval = exactInterval(n, Math.round(share * n), 0.05);
        const parts = formatIntervalParts(interval);
        const shown = Number(parts.upper.replace('%', '')) - Number(parts.lower.replace('%', ''));
        expect(shown).toBeLessThanOrEqual(3 * (interval.upper - interval.lower) * 100 * (1 + 1e-9) + 1e-10);
      }),
      { numRuns: 300 },
    );
  });
});

describe('formatEstimateWithInterval', () => {
  it('gives the estimate the interval’s digits, so that it never reads 100.0% beside bounds short of it', () => {
    const interval = { estimate: 0.99965, lower: 0.998945, upper: 0.999941 };
    expect(formatPercent(interval.estimate)).toBe('100.0%');
    expect(formatEstimateWithInterval(interval)).toBe('99.965% [99.894%, 99.995%]');
    expect(formatEstimateWithInterval({ estimate: 0.0003, lower: 0.0000619, upper: 0.00106 })).toBe('0.030% [0.006%, 0.106%]');
  });
});

describe('fileSize', () => {
  it('uses the unit that shows the size', () => {
    expect(fileSize(512)).toBe('512 bytes');
    expect(fileSize(1)).toBe('1 byte');
    expect(fileSize(999_999)).toBe('1 MB');
    expect(fileSize(17_345)).toBe('17 KB');
    expect(fileSize(2_400_000)).toBe('2.4 MB');
    expect(fileSize(64_000_000)).toBe('64 MB');
    expect(fileSize(1_500_000_000)).toBe('1.5 GB');
  });
});
