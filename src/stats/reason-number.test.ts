import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reasonNumber } from './reason-number';

describe('reasonNumber', () => {
  it('writes at most six significant digits, without trailing zeros', () => {
    expect([55 / 60, 0.97, 2 / 3, 5000, 0.95, 1e-7 / 3, Infinity].map(reasonNumber)).toEqual(['0.916667', '0.97', '0.666667', '5000', '0.95', '3.33333e-8', 'Infinity']);
  });

  it('is within half a unit of the sixth significant digit (fast-check)', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (value) => {
        const written = Number(reasonNumber(value));
        expect(Math.abs(written - value)).toBeLessThanOrEqual(5e-6 * Math.abs(value) + Number.MIN_VALUE);
      }),
    );
  });
});
