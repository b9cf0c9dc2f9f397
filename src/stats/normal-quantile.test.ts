import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { normalQuantile } from './normal-quantile';

// Reference quantiles from mpmath 1.3.0 at 50 digits (root of ln Φ(z) = ln p), rounded to 25 digits.
const REFERENCE: Array<[number, number]> = [
  [1e-300, -37.0470962993612],
  [1e-100, -21.273453560965326],
  [1e-20, -9.262340089798407],
  [1e-10, -6.361340902404057],
  [0.0005, -3.290526731491895],
  [0.025, -1.9599639845400543],
  [0.3, -0.5244005127080408],
  [0.6, 0.2533471031357998],
  [0.975, 1.9599639845400543],
  [0.9999999, 5.199337582290661],
];

describe('normalQuantile (AS 241)', () => {
  it.each(REFERENCE)('Φ⁻¹(%s) matches the 50-digit reference to 1e-15 relative', (p, z) => {
    expect(Math.abs(normalQuantile(p) - z)).toBeLessThanOrEqual(1e-15 * Math.abs(z));
  });

  it('is 0 at ½, ∓∞ at 0 and 1, and odd: Φ⁻¹(p) = −Φ⁻¹(1 − p)', () => {
    expect(normalQuantile(0.5)).toBe(0);
    expect(normalQuantile(0)).toBe(-Infinity);
    expect(normalQuantile(1)).toBe(Infinity);
    fc.assert(
      fc.property(fc.double({ min: 0.001, max: 0.999, noNaN: true }), (p) => {
        // 1 − p is exact for p ≥ ½ only, so compare from that side.
        const upper = Math.max(p, 1 - p);
        expect(normalQuantile(upper)).toBeCloseTo(-normalQuantile(1 - upper), 13);
      }),
      { seed: 20240521, numRuns: 10_000 },
    );
  });

  it('is strictly increasing', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-300, max: 1, noNaN: true }), fc.double({ min: 1e-300, max: 1, noNaN: true }), (a, b) => {
        fc.pre(a !== b);
        const [low, high] = a < b ? [a, b] : [b, a];
        expect(normalQuantile(low)).toBeLessThanOrEqual(normalQuantile(high));
      }),
      { seed: 20240521, numRuns: 10_000 },
    );
  });

  it.each([-0.1, 1.5, Number.NaN])('rejects p = %s with a RangeError naming p', (p) => {
    expect(() => normalQuantile(p)).toThrow(RangeError);
    expect(() => normalQuantile(p)).toThrow(/^p must be in \[0, 1\], got /);
  });
});
