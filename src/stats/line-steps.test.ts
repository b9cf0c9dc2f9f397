import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wholeIn, realIn } from './arbitraries.test-util';
import { balancedLineRange } from './balanced-line-range';
import type { LineOrdering, LineTail } from './balanced-line-types';
import { binomialPmf } from './binomial-pmf';
import { LineCertification } from './line-certification';
import { lineInterpolationBound } from './line-interpolation-bound';
import { lineNormalCertifiedBound } from './line-normal-certified-bound';
import { LinePeakSearch } from './line-peak-search';
import { LineRootBracket } from './line-root-bracket';
import { lineThreeTermCurvatureBound } from './line-three-term-curvature-bound';
import { OrderedTailProbability } from './ordered-tail-probability';
import { UnionOrderedTailProbability } from './union-ordered-tail-probability';

/** A tail given as a formula, counting its evaluations (nothing dropped). */
function formulaTail(h: (a: number, b: number) => number): LineTail & { evaluations: number } {
  return {
    evaluations: 0,
    dropped: 0,
    evaluate(a: number, b: number) {
      this.evaluations++;
      return h(a, b);
    },
  };
}

/** The exact union-ordered tail of small classes, summed outcome by outcome (for reference). */
function bruteForceUnionTail(nA: number, kA: number, nB: number, kB: number, level: number) {
  const reference = new UnionOrderedTailProbability(nA, kA, nB, kB, level, 1e-30);
  const clamp = (p: number) => Math.min(1, Math.max(0, p));
  return (a: number, b: number) => {
    [a, b] = [clamp(a), clamp(b)];
    let total = 0;
    for (let i = 0; i <= nA; i++) {
      for (let j = 0; j <= nB; j++) {
        if (reference.boundA(i) + reference.boundB(j) >= reference.observed - 1e-10) total += binomialPmf(i, nA, a) * binomialPmf(j, nB, b);
      }
    }
    return total;
  };
}

describe('balancedLineRange', () => {
  it('is the part of the line p₊ + p₋ = 2θ inside the unit square', () => {
    const [low, high] = balancedLineRange(0.8);
    expect(low).toBeCloseTo(0.6, 15);
    expect(high).toBe(1);
    expect(balancedLineRange(0.25)).toEqual([0, 0.5]);
    expect(balancedLineRange(0.5)).toEqual([0, 1]);
  });
});

describe('lineInterpolationBound (the largest value given the ends and |h″| ≤ M)', () => {
  it('bounds every function with those ends and curvature, and is reached by the parabola (fast-check)', () => {
    fc.assert(
      fc.property(realIn(), realIn(), realIn(1e-4, 1), realIn(0, 1e4), realIn(-1, 1), (h1, h2, width, curvature, share) => {
          // h = linear interpolation + (share·M)·u(w − u)/2 has h'' = −share·M, |h''| ≤ M.
          const h = (u: number) => h1 + ((h2 - h1) * u) / width + (share * curvature * u * (width - u)) / 2;
          const bound = lineInterpolationBound(h1, h2, width, curvature);
          let largest = -Infinity;
          for (let index = 0; index <= 200; index++) largest = Math.max(largest, h((width * index) / 200));
          expect(bound).toBeGreaterThanOrEqual(largest - 1e-12 * (1 + Math.abs(largest)));
          // share = 1 is the extreme case: the bound is its maximum (to the grid's resolution).
          if (share === 1) expect(bound).toBeLessThanOrEqual(largest + (curvature * width * width) / 8 / 100 ** 2 + 1e-12);
        },
      ),
      { seed: 531681463, numRuns: 2000 },
    );
  });

  it('stays a number when M·w underflows (found by fast-check: M = 5e-324, w = 10⁻⁴ gave NaN)', () => {
    expect(lineInterpolationBound(8e-323, 8e-323, 1e-4, 5e-324)).toBe(8e-323);
    expect(lineInterpolationBound(8e-323, 1e-300, 1e-4, 5e-324)).toBe(1e-300);
  });

  it('is the larger end value without curvature', () => {
    expect(lineInterpolationBound(0.01, 0.02, 0.1, 0)).toBe(0.02);
    expect(lineInterpolationBound(0.01, 0.01, 0.1, 2)).toBeCloseTo(0.0125, 15);
  });
});

describe('lineThreeTermCurvatureBound (closed form)', () => {
  it('is never below the central second differences of the exact tail along the line (fast-check)', () => {
    fc.assert(
      fc.property(wholeIn(2, 40), wholeIn(2, 40), realIn(), realIn(0.2, 0.8), realIn(1e-3, 0.1), (n1, n2, share, theta, width) => {
          const [nA, nB] = [Math.min(n1, n2), Math.max(n1, n2)];
          const t = Math.round(share * 2 * nA * nB);
          const tail = new OrderedTailProbability(nA, nB, t, 1e-30);
          const c = 2 * theta;
          const [sLo, sHi] = balancedLineRange(theta);
          const s1 = Math.max(sLo + 1e-3, Math.min(theta, sHi - width - 1e-3));
          const s2 = s1 + width;
          if (s2 >= sHi) return;
          const bound = lineThreeTermCurvatureBound(nA, nB, [Math.ceil(nB / nA), Math.ceil(nA / nB)], s1, s2, Math.max(0, c - s2), Math.min(1, c - s1));
          const step = 2e-4;
          for (let index = 0; index <= 10; index++) {
            const s = s1 + (width * index) / 10;
            const second = (tail.evaluate(s + step, c - s - step) - 2 * tail.evaluate(s, c - s) + tail.evaluate(s - step, c - s + step)) / (step * step);
            expect(Math.abs(second)).toBeLessThanOrEqual(bound * 1.01 + 1e-6);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('lineNormalCertifiedBound', () => {
  it('finds where a rising bound crosses α to a thousandth of a standard error', () => {
    const bound = lineNormalCertifiedBound((theta) => theta, 0.5, 0.9, 0.6, 0.01);
    expect(bound).toBeLessThanOrEqual(0.5);
    expect(bound).toBeGreaterThan(0.5 - 1e-5);
  });

  it('is θ itself when the bound certifies there, and −∞ when it cannot at the reach', () => {
    expect(lineNormalCertifiedBound(() => 0, 0.05, 0.7, 0.2, 0.01)).toBe(0.7);
    expect(lineNormalCertifiedBound((theta) => theta, 0.05, 0.9, 0.6, 0.01)).toBe(-Infinity);
  });
});

describe('LineRootBracket (the Illinois method on ψ)', () => {
  it('narrows to the target around the root, with ψ < 0 below and > 0 above (fast-check)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.05, max: 0.95, noNaN: true }), fc.double({ min: 0.5, max: 20, noNaN: true }), (root, steepness) => {
        // A log-tail-like ψ: concave, steep below the root.
        const psi = (theta: number) => steepness * (theta - root) - 0.2 * (theta - root) ** 2;
        const bracket = new LineRootBracket(psi, 1, psi(1));
        bracket.stepDown(1, 0.01);
        expect(bracket.psiBelow).toBeLessThan(0);
        bracket.narrow(() => 1e-9);
        expect(bracket.above - bracket.below).toBeLessThanOrEqual(1e-9);
        expect(bracket.below).toBeLessThanOrEqual(root);
        expect(bracket.above).toBeGreaterThanOrEqual(root);
      }),
    );
  });

  it('bisects from a lower end where ψ is −∞, and steps down by doubling', () => {
    const calls: number[] = [];
    const psi = (theta: number) => {
      calls.push(theta);
      return theta < 0.2 ? -Infinity : Math.log(theta / 0.3);
    };
    const bracket = new LineRootBracket(psi, 0.9, psi(0.9));
    bracket.stepDown(0.9, 0.1);
    expect(calls.slice(1).map((theta) => theta.toFixed(12))).toEqual(["0.800000000000", "0.700000000000", "0.500000000000", "0.100000000000"]);
    bracket.narrow(() => 1e-6);
    expect(0.3 - bracket.below).toBeLessThan(1e-6);
    expect(bracket.above - 0.3).toBeLessThan(1e-6);
  });
});

describe('LinePeakSearch (the approximate phase)', () => {
  it('finds a smooth peak of the line to the value it reaches (4 evaluations a line once the peak is known)', () => {
    // h peaks at a = 0.75 on every line; θ moves the line a little.
    const h = (a: number, b: number) => Math.exp(-((a - 0.75) ** 2) / 0.01 - (b - 0.85) ** 2 / 0.02);
    const tail = formulaTail(h);
    const search = new LinePeakSearch(40, 60, tail);
    for (const theta of [0.8, 0.801, 0.802]) {
      let best = 0; // the true maximum along the line 2θ, on a fine grid
      for (let s = 0; s <= 1; s += 1e-5) best = Math.max(best, h(s, 2 * theta - s));
      const before = tail.evaluations;
      expect(search.max(theta).value).toBeGreaterThan(best * (1 - 1e-5));
      if (theta > 0.8) expect(tail.evaluations - before).toBeLessThanOrEqual(4);
    }
  });

  it('checks a peak it missed on every later line once told of it', () => {
    // Two peaks on the line: a broad one the local search finds, a narrow higher one 0.1 away.
    const h = (a: number) => 0.5 * Math.exp(-((a - 0.7) ** 2) / 0.005) + Math.exp(-((a - 0.8) ** 2) / 1e-6);
    const tail = formulaTail((a) => h(a));
    const search = new LinePeakSearch(200, 300, tail);
    expect(search.max(0.75).value).toBeLessThan(0.6);
    search.missedPeak(0.75, 0.8003);
    expect(search.center).toBeCloseTo(0.8, 3);
    expect(search.max(0.7501).value).toBeGreaterThan(0.99);
  });

  it('finds the supremum next to an end of the line, a count or two from it (Buehler\'s ordering, 516/525 with 1,142/1,373)', () => {
    // The line's best sits 0.7–1.5 counts of the class at 100% from the end (here p₋ = 1), a
    // fifteenth of p₊'s spread: the local search alone found 2.5% less there, on every line.
    const tail = new UnionOrderedTailProbability(525, 516, 1373, 1142, 0.0125, 1e-12);
    const search = new LinePeakSearch(525, 1373, tail);
    for (const theta of [0.8917, 0.89169, 0.891695]) {
      const [sLo, sHi] = balancedLineRange(theta);
      let best = 0;
      for (let index = 0; index <= 20_000; index++) {
        const s = sLo + ((sHi - sLo) * index) / 20_000;
        best = Math.max(best, tail.evaluate(s, Math.min(1, 2 * theta - s)));
      }
      expect(search.max(theta).value).toBeGreaterThan(best * (1 - 1e-4));
    }
  });

  it('scans every bump of a small class (the union ordering\'s line has one per count)', () => {
    const [nA, kA, nB, kB, level] = [6, 5, 9, 8, 0.025];
    const exact = bruteForceUnionTail(nA, kA, nB, kB, level);
    const search = new LinePeakSearch(nA, nB, new UnionOrderedTailProbability(nA, kA, nB, kB, level, 1e-30));
    for (const theta of [0.5, 0.6, 0.7]) {
      let best = 0;
      const [sLo, sHi] = balancedLineRange(theta);
      for (let index = 0; index <= 2000; index++) {
        const s = sLo + ((sHi - sLo) * index) / 2000;
        best = Math.max(best, exact(s, 2 * theta - s));
      }
      expect(search.max(theta).value).toBeGreaterThan(best * (1 - 1e-3));
    }
  });
});

describe('LineCertification (cell by cell)', () => {
  const ordering = (nA: number, kA: number, nB: number, kB: number, level: number): LineOrdering => ({
    nA,
    nB,
    estimate: (kA / nA + kB / nB) / 2,
    tail: new UnionOrderedTailProbability(nA, kA, nB, kB, level, 1e-12),
    thresholdShare: [Infinity, Infinity],
  });

  it('certifies lines whose maximum is below α and finds a point above α on lines whose maximum is above it (fast-check, exact sums)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 8 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0.3, max: 0.99, noNaN: true }), (nA, nB, xA, xB, theta) => {
        const [kA, kB] = [Math.round(xA * nA), Math.round(xB * nB)];
        const alpha = 0.05;
        const exact = bruteForceUnionTail(nA, kA, nB, kB, alpha / 2);
        const [sLo, sHi] = balancedLineRange(theta);
        let largest = 0;
        for (let index = 0; index <= 4000; index++) {
          const s = sLo + ((sHi - sLo) * index) / 4000;
          largest = Math.max(largest, exact(s, 2 * theta - s));
        }
        if (Math.abs(largest - alpha) < 1e-3) return; // too close to call on a grid
        const verdict = new LineCertification(ordering(nA, kA, nB, kB, alpha / 2), alpha, 1e5, false).certify(theta, theta);
        if (largest < alpha) expect(verdict.kind).toBe('certified');
        else {
          expect(verdict.kind).toBe('above');
          if (verdict.kind === 'above') expect(exact(verdict.s, Math.min(1, 2 * theta - verdict.s + 2.3e-16))).toBeGreaterThan(alpha);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('counts its evaluations and stops at its budget', () => {
    const order = ordering(300, 270, 500, 450, 0.0125);
    const certification = new LineCertification(order, 0.025, 3, false);
    // Just below the bound the peak is within 10⁻⁶ of α: 3 evaluations cannot certify it.
    expect(certification.certify(0.8608, 0.9).kind).toMatch(/unknown|above/);
    expect(certification.evaluations).toBeGreaterThan(0);
    expect(certification.evaluations).toBeLessThanOrEqual(3 + 3);
  });
});
