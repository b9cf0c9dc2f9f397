import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { binomialChernoffRange } from './binomial-chernoff-range';
import { binomialPmfRow } from './binomial-pmf-row';

/** P(X < low) at p and P(X > high) at p, summed from the exact probability row. */
function outside(n: number, p: number, low: number, high: number): [number, number] {
  const row = binomialPmfRow(n, p);
  let below = 0;
  let above = 0;
  for (let k = 0; k <= n; k++) {
    if (k < low) below += row[k]!;
    if (k > high) above += row[k]!;
  }
  return [below, above];
}

describe('binomialChernoffRange', () => {
  it('leaves at most η on each side at every p of the range (exact binomial tails)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 400 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 1, max: 40 }),
        (n, x, y, exponent) => {
          const [pLow, pHigh] = x <= y ? [x, y] : [y, x];
          const eta = 10 ** -exponent;
          const [low, high] = binomialChernoffRange(n, pLow, pHigh, Math.log(eta));
          expect(0 <= low && low <= high && high <= n).toBe(true);
          // The worst cases are the range's ends: below at pLow, above at pHigh; a point inside too.
          for (const p of [pLow, pHigh, (pLow + pHigh) / 2]) {
            const [below, above] = outside(n, p, low, high);
            if (p >= pLow) expect(below).toBeLessThanOrEqual(eta * (1 + 1e-9));
            if (p <= pHigh) expect(above).toBeLessThanOrEqual(eta * (1 + 1e-9));
          }
        },
      ),
      { numRuns: 300, seed: 7 },
    );
  });

  it('keeps a few standard deviations, not everything: the doc’s example and large n', () => {
    expect(binomialChernoffRange(100, 0.5, 0.5, Math.log(1e-9))).toEqual([19, 81]);
    // n = 10,000 at p = 0.5: σ = 50, so ±6.5σ or so.
    const [low, high] = binomialChernoffRange(10_000, 0.5, 0.5, Math.log(1e-9));
    expect(low).toBeGreaterThan(4_600);
    expect(high).toBeLessThan(5_400);
    // A cell's range spans both ends' counts.
    const [cellLow, cellHigh] = binomialChernoffRange(1_000, 0.1, 0.2, Math.log(1e-9));
    expect(cellLow).toBeLessThan(100);
    expect(cellHigh).toBeGreaterThan(200);
    expect(binomialChernoffRange(10, 0, 0, -20)).toEqual([0, 0]);
    expect(binomialChernoffRange(10, 1, 1, -20)).toEqual([10, 10]);
  });
});
