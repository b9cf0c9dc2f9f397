import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatConfidence, formatInterval, formatPercent } from './format';

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
