import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wholeIn } from './arbitraries.test-util';
import { clampProbability } from './clamp-probability';
import { unpairedRestrictedMle } from './unpaired-restricted-mle';

/** The peak by 200 halvings on the sign of ℓ′ (the route the closed form replaced), a zero count's term left out. */
function bisectedMle(kA: number, nA: number, kB: number, nB: number, difference: number): number {
  const [mA, mB] = [nA - kA, nB - kB];
  const slope = (p: number) => (kA === 0 ? 0 : kA / (p + difference)) - (mA === 0 ? 0 : mA / (1 - p - difference)) + (kB === 0 ? 0 : kB / p) - (mB === 0 ? 0 : mB / (1 - p));
  let [low, high] = [Math.max(0, -difference), Math.min(1, 1 - difference)];
  for (let step = 0; step < 200 && high > low; step++) {
    const middle = (low + high) / 2;
    if (slope(middle) > 0) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

describe('unpairedRestrictedMle', () => {
  it('is the pooled share at Δ₀ = 0 (the example) and the observed shares where they differ by Δ₀', () => {
    expect(unpairedRestrictedMle(19, 20, 13, 20, 0)).toBeCloseTo(0.8, 14);
    expect(unpairedRestrictedMle(3, 7, 30, 70, 0)).toBeCloseTo(33 / 77, 14);
    // k_A/n_A − k_B/n_B = Δ₀: the unrestricted peak is allowed, p̃_B = k_B/n_B.
    expect(unpairedRestrictedMle(15, 20, 10, 40, 0.5)).toBeCloseTo(0.25, 12);
  });

  it('agrees with bisection on the slope to 1e-9 at any counts up to 500 and any Δ₀, ±1 and values near them included, and stays in range', () => {
    fc.assert(
      fc.property(
        wholeIn(1, 500),
        wholeIn(1, 500),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.oneof(fc.double({ min: -1, max: 1, noNaN: true }), fc.constantFrom(-1, 1, 0, -1e-17, 1e-17, -0.999999999999998, 0.999999999999998)),
        (nA, nB, x, y, difference) => {
          const [kA, kB] = [Math.round(x * nA), Math.round(y * nB)];
          const p = unpairedRestrictedMle(kA, nA, kB, nB, difference);
          expect(p).toBeGreaterThanOrEqual(Math.max(0, -difference));
          expect(p).toBeLessThanOrEqual(Math.min(1, 1 - difference));
          expect(Math.abs(p - bisectedMle(kA, nA, kB, nB, difference))).toBeLessThan(1e-9);
        },
      ),
      { numRuns: 2000, seed: 30 },
    );
  });
});

describe('clampProbability', () => {
  it('keeps a rounded sum in [0, 1] and leaves a probability as it is', () => {
    expect(clampProbability(0.3 - 0.1 - 0.2)).toBe(0);
    expect(clampProbability(1 + 1e-16 * 3)).toBe(1);
    expect(clampProbability(0.25)).toBe(0.25);
    expect(clampProbability(Number.NaN)).toBeNaN();
  });
});
