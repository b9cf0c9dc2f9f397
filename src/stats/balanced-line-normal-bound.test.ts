import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wholeIn, realIn } from './arbitraries.test-util';
import { balancedInversionLowerBound } from './balanced-inversion-lower-bound';
import { balancedInversionSearch } from './balanced-inversion-search';
import { balancedLineNormalBound } from './balanced-line-normal-bound';
import { normalUpperTail } from './normal-upper-tail';
import { OrderedTailProbability } from './ordered-tail-probability';

describe('normalUpperTail', () => {
  it('matches 40-digit values (mpmath erfc(z/√2)/2) to 1e-13 relative in both tails', () => {
    // Reference: mpmath 1.3.0 at mp.dps = 40, computed for this file (20 digits, as strings).
    for (const [z, expected] of [
      [-2, '0.9772498680518207928'],
      [0, '0.5'],
      [0.5, '0.30853753872598689636'],
      [1.96, '0.024997895148220434137'],
      [2.9999, '0.0013503412829549239701'],
      [3, '0.0013498980316300945267'],
      [5, '2.8665157187919391167e-7'],
      [10, '7.619853024160526066e-24'],
      [20, '2.7536241186062336951e-89'],
      [37, '5.7255712225245768227e-300'],
    ] as const) {
      expect(Math.abs(normalUpperTail(z) / Number(expected) - 1)).toBeLessThan(1e-13);
    }
    expect(normalUpperTail(40)).toBe(0);
    expect(normalUpperTail(Number.NaN)).toBeNaN();
  });
});

/** The largest P[T ≥ t] found on a fine grid of the line (a + b)/2 = θ — a lower estimate of φ(θ). */
function lineMaximum(nA: number, nB: number, t: number, theta: number): number {
  const tail = new OrderedTailProbability(nA, nB, t, 1e-30);
  const sLo = Math.max(0, 2 * theta - 1);
  const sHi = Math.min(1, 2 * theta);
  let best = 0;
  for (let index = 0; index <= 400; index++) {
    const s = sLo + ((sHi - sLo) * index) / 400;
    best = Math.max(best, tail.evaluate(s, Math.min(1, Math.max(0, 2 * theta - s))));
  }
  return best;
}

describe('balancedLineNormalBound (Berry–Esseen over the line)', () => {
  it('is never below the exact supremum (fast-check; sharpness is the next test)', () => {
    fc.assert(
      fc.property(wholeIn(200, 4000), wholeIn(200, 4000), realIn(0.55, 0.95), realIn(0, 3.5), (sizeA, sizeB, theta, zShift) => {
          const nA = Math.min(sizeA, sizeB);
          const nB = Math.max(sizeA, sizeB);
          // An observed T a few standard deviations above the line's mean, as at a lower bound.
          const sigma = Math.sqrt(nB * nB * nA * theta * (1 - theta) + nA * nA * nB * theta * (1 - theta));
          const t = Math.ceil(2 * nA * nB * theta + zShift * sigma);
          expect(balancedLineNormalBound(nA, nB, t, theta)).toBeGreaterThanOrEqual(lineMaximum(nA, nB, t, theta));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('is sharp at a million examples per class: within 1.2e-3 of the exact supremum', () => {
    const n = 1_000_000;
    for (const [theta, t] of [
      [0.899, 1.8e12],
      [0.75, 1.5006e12],
    ] as const) {
      const exact = lineMaximum(n, n, t, theta);
      const bound = balancedLineNormalBound(n, n, t, theta);
      expect(bound).toBeGreaterThanOrEqual(exact);
      expect(bound - exact).toBeLessThan(1.2e-3);
    }
  });

  it('a part of the line, in coarse cells, is still bounded from above; a degenerate line says nothing', () => {
    const [nA, nB, t, theta] = [3000, 5000, 24_100_000, 0.8];
    const tail = new OrderedTailProbability(nA, nB, t, 1e-30);
    let partMaximum = 0;
    for (let index = 0; index <= 100; index++) partMaximum = Math.max(partMaximum, tail.evaluate(0.6 + index / 1000, 1 - index / 1000));
    const part = balancedLineNormalBound(nA, nB, t, theta, 0.6, 0.7, 2);
    expect(part).toBeGreaterThanOrEqual(partMaximum);
    expect(part).toBeLessThan(partMaximum + 0.02);
    // Where both class variances vanish (the corner a = 0, b = 1 of θ = ½) the bound is 1.
    expect(balancedLineNormalBound(nA, nB, t, 0.5, 0, 0)).toBe(1);
  });
});

describe('balancedInversionSearch with the Berry–Esseen certification', () => {
  it('regression: 442,501/541,254 + 178,744/255,164 is certified within 0.1 standard errors (was 1.35 se after 1 s)', () => {
    const [nYes, nNo] = [541_254, 255_164];
    const t = nNo * 442_501 + nYes * 178_744;
    const report = balancedInversionSearch(nYes, nNo, t, 0.025);
    const estimate = t / (2 * nYes * nNo);
    const standardError = 0.5 * Math.sqrt(estimate * (1 - estimate) * (1 / nYes + 1 / nNo));
    expect(report.above - report.bound).toBeLessThanOrEqual(0.1 * standardError * (1 + 1e-9));
    // Certified: the closed-form bound proves φ ≤ α at the returned θ …
    expect(balancedLineNormalBound(Math.min(nYes, nNo), Math.max(nYes, nNo), t, report.bound)).toBeLessThanOrEqual(0.025);
    // … and a point of the line at `above` has an exact tail above α, so the exact bound is in between.
    expect(lineMaximum(Math.min(nYes, nNo), Math.max(nYes, nNo), t, report.above)).toBeGreaterThan(0.025);
    expect(report.bound).toBeGreaterThan(0.757482); // the previous certified value
    expect(report.evaluations).toBeLessThan(200);
  });

  it('agrees with the cell-by-cell certification where both apply (within its 0.1 se)', () => {
    // 9,000/10,000 + 9,500/10,500: certified by cells (Berry–Esseen is 0.24 se short there).
    const lower = balancedInversionLowerBound({ yes: { correct: 9000, total: 10000 }, no: { correct: 9500, total: 10500 } }, 0.025);
    // 0.898254 certified with a gap of 10⁻³ se (5·10⁻⁶); the gap is now ≤ 10⁻⁵ (+ that rounding).
    expect(Math.abs(lower - 0.898254)).toBeLessThan(1.1e-5);
  });
});
