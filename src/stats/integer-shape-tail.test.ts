import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { integerShapeTail } from './integer-shape-tail';

describe('integerShapeTail', () => {
  it('is the closed form at a = 1 and a = 2, and the doc example', () => {
    expect(integerShapeTail(0.1, 0.9, 1, 5)).toBeCloseTo(0.59049, 15);
    // a = 2: (1 − x)ᵇ (1 + b·x)
    expect(integerShapeTail(0.01, 0.99, 2, 300)! / (0.99 ** 300 * (1 + 300 * 0.01)) - 1).toBeCloseTo(0, 13);
  });

  it('applies only to a whole shape from 1 to 1,000, and sums in logarithms where yᵇ underflows', () => {
    expect(integerShapeTail(0.1, 0.9, 2.5, 5)).toBeUndefined();
    expect(integerShapeTail(0.1, 0.9, 1001, 5)).toBeUndefined();
    // yᵇ underflows: summed in logarithms (a tail that small reads 0).
    expect(integerShapeTail(0.5, 0.5, 3, 1e6)).toBe(0);
  });

  it('is a probability, and decreases as x grows (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.double({ min: 1e4, max: 1e9, noNaN: true }), fc.double({ min: 1e-12, max: 1e-4, noNaN: true }), (a, b, x) => {
        const here = integerShapeTail(x, 1 - x, a, b);
        const further = integerShapeTail(x * 1.01, 1 - x * 1.01, a, b);
        if (here === undefined || further === undefined) return;
        // Rounding: term j is j products from yᵇ = exp(b·ln y), so a value is good to about
        // (2a + |b·ln y|)·ε relative (5.4e-13 seen at a = 888, b·ln y ≈ −693, a value near 1); summed in
        // logarithms (b·ln y < −700) each term's logarithm adds a·(|ln x| + ln b)·ε more (3.2e-12 seen at a = 891).
        const rounding = 4 * (2 * a + Math.abs(b * Math.log1p(-x)) + a * (Math.abs(Math.log(x)) + Math.log(b + a))) * Number.EPSILON;
        expect(here).toBeGreaterThanOrEqual(0);
        expect(here).toBeLessThanOrEqual(1 + 1e-12 + rounding);
        expect(further).toBeLessThanOrEqual(here * (1 + 1e-12 + rounding));
      }),
    );
  });
});
