import { describe, expect, it } from 'vitest';
import { EmptyClassError, balancedWaldInterval, normalQuantile } from './index';

describe('balancedWaldInterval', () => {
  it('is b̂ ± z·σ̂ with the per-class variances averaged', () => {
    // 38/40 and 55/60: b̂ = (0.95 + 0.91666…)/2, σ̂² = (0.95·0.05/40 + (55/60)(5/60)/60)/4.
    const interval = balancedWaldInterval({ yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } }, 0.05);
    const estimate = (0.95 + 55 / 60) / 2;
    const halfWidth = normalQuantile(0.975) * Math.sqrt((0.95 * 0.05) / 40 + ((55 / 60) * (5 / 60)) / 60) / 2;
    expect(interval.estimate).toBeCloseTo(estimate, 15);
    expect(interval.lower).toBeCloseTo(estimate - halfWidth, 15);
    expect(interval.upper).toBeCloseTo(Math.min(1, estimate + halfWidth), 15);
    expect(halfWidth).toBeCloseTo(0.04861192892, 10); // Python: NormalDist().inv_cdf(0.975) · the same σ̂
  });

  it('collapses to zero width with no errors, and clips at 100%', () => {
    expect(balancedWaldInterval({ yes: { correct: 40, total: 40 }, no: { correct: 60, total: 60 } }, 0.05)).toEqual({
      estimate: 1,
      lower: 1,
      upper: 1,
    });
    expect(balancedWaldInterval({ yes: { correct: 4, total: 4 }, no: { correct: 5, total: 6 } }, 0.01).upper).toBe(1);
  });

  it('validates like the exact balanced interval', () => {
    expect(() => balancedWaldInterval({ yes: { correct: 41, total: 40 }, no: { correct: 1, total: 2 } }, 0.05)).toThrow(
      'yes.correct must be ≤ yes.total (40), got 41',
    );
    expect(() => balancedWaldInterval({ yes: { correct: 1, total: 2 }, no: { correct: 0, total: 0 } }, 0.05)).toThrow(EmptyClassError);
    expect(() => balancedWaldInterval({ yes: { correct: 1, total: 2 }, no: { correct: 1, total: 2 } }, 0)).toThrow('delta must be in (0, 1), got 0');
  });
});
