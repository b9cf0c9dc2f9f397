import { describe, expect, it } from 'vitest';
import { countDigits, formatCount, formatCountParts, formatWholeCount } from './count-format';

describe('counts a day', () => {
  it('round bounds outward at the decimals the smallest nonzero value needs (two significant digits)', () => {
    expect(formatCountParts({ estimate: 816.667, lower: 270.61044130679363, upper: 1801.8062770905399 })).toEqual({ estimate: '817', lower: '270', upper: '1,802' });
    expect(formatCountParts({ estimate: 10, lower: 1.2227293198693363, upper: 33.83937279188353 })).toEqual({ estimate: '10.0', lower: '1.2', upper: '33.9' });
    expect(formatCountParts({ estimate: 0.05, lower: 0.0123, upper: 0.31 })).toEqual({ estimate: '0.050', lower: '0.012', upper: '0.310' });
    // Exactly 0 reads 0; nothing short of it does.
    expect(formatCountParts({ estimate: 0, lower: 0, upper: 4.2 })).toEqual({ estimate: '0.0', lower: '0.0', upper: '4.2' });
    expect(countDigits([0, 0])).toBe(0);
  });

  it('never rounds inward through float error', () => {
    expect(formatCount(0.29, 2, 'down')).toBe('0.29');
    expect(formatCount(0.29, 2, 'up')).toBe('0.29');
    expect(formatCount(1.005, 2, 'down')).toBe('1.00');
    expect(formatCount(1234567.8, 0, 'up')).toBe('1,234,568');
  });
});

describe('whole counts', () => {
  it('read with thousands separators, the same text as toLocaleString', () => {
    expect([0, 7, 1_000, 20_000, 1_000_000, 10_000_000_000].map(formatWholeCount)).toEqual(['0', '7', '1,000', '20,000', '1,000,000', '10,000,000,000']);
    for (const value of [12_345, 999_999, 1_234_567]) expect(formatWholeCount(value)).toBe(value.toLocaleString('en-US'));
  });
});
