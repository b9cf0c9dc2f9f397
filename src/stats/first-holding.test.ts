import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstHolding } from './first-holding';

describe('firstHolding', () => {
  it('is the first k of [from, end) where a false-then-true predicate holds, end when none (a scan agrees)', () => {
    expect(firstHolding(0, 10, (k) => k * k >= 20)).toBe(5);
    expect(firstHolding(3, 3, () => true)).toBe(3);
    expect(firstHolding(0, 1e12 + 1, (k) => k >= 999_999_999_999)).toBe(999_999_999_999);
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 50 }), fc.integer({ min: 0, max: 60 }), fc.integer({ min: -60, max: 120 }), (from, length, threshold) => {
        const end = from + length;
        let scan = from;
        while (scan < end && !(scan >= threshold)) scan++;
        expect(firstHolding(from, end, (k) => k >= threshold)).toBe(scan);
      }),
      { numRuns: 300, seed: 5 },
    );
  });
});
