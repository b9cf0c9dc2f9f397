import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { binomialPmfRow } from './binomial-pmf-row';
import type { DifferenceInterval, PairedClassCounts } from './comparison-types';
import { EmptyClassError } from './empty-class-error';
import { mcnemarExactTest } from './mcnemar-exact-test';
import { pairedBalancedDifferenceInterval } from './paired-balanced-difference-interval';
import { pairedBalancedDifferenceTest } from './paired-balanced-difference-test';
import { pairedDifferenceInterval } from './paired-difference-interval';

/** Every outcome's interval for n pairs: table[b][c] for b + c ≤ n. */
function intervalTable(n: number, delta: number): DifferenceInterval[][] {
  return Array.from({ length: n + 1 }, (_, b) => Array.from({ length: n - b + 1 }, (_, c) => pairedDifferenceInterval({ b, c, n }, delta)));
}

/** The trinomial (b, c, n − b − c) by its factorisation m = b + c ~ Bin(n, s), b | m ~ Bin(m, p_b/s): probs[b][c]. */
function trinomial(n: number, pb: number, pc: number): Float64Array[] {
  const s = pb + pc;
  const rows = Array.from({ length: n + 1 }, (_, b) => new Float64Array(n - b + 1));
  if (s === 0) {
    rows[0]![0] = 1;
    return rows;
  }
  const discordant = binomialPmfRow(n, Math.min(1, s));
  for (let m = 0; m <= n; m++) {
    const split = m === 0 ? Float64Array.of(1) : binomialPmfRow(m, Math.min(1, pb / s));
    for (let b = 0; b <= m; b++) rows[b]![m - b] = discordant[m]! * split[b]!;
  }
  return rows;
}

/** Exact coverage P[lower ≤ p_b − p_c ≤ upper] at (p_b, p_c). */
function coverage(table: DifferenceInterval[][], n: number, pb: number, pc: number): number {
  const probs = trinomial(n, pb, pc);
  const difference = pb - pc;
  let sum = 0;
  for (let b = 0; b <= n; b++) {
    for (let c = 0; c <= n - b; c++) {
      const { lower, upper } = table[b]![c]!;
      if (lower <= difference && difference <= upper) sum += probs[b]![c]!;
    }
  }
  return sum;
}

/** Parameter points: a divisions × divisions grid on the simplex, and just outside each interval end along a few discordance rates. */
function parameterPoints(table: DifferenceInterval[][], divisions: number, rates: number, maxEnds = Infinity): Array<[number, number]> {
  const points: Array<[number, number]> = [];
  for (let i = 0; i <= divisions; i++) for (let j = 0; i + j <= divisions; j++) points.push([i / divisions, j / divisions]);
  const ends = new Set<number>();
  for (const row of table) for (const { lower, upper } of row) ends.add(lower - 1e-9).add(upper + 1e-9);
  const list = [...ends].filter((end) => Math.abs(end) < 1);
  const stride = Math.max(1, Math.ceil(list.length / maxEnds));
  for (let index = 0; index < list.length; index += stride) {
    const end = list[index]!;
    for (let k = 0; k <= rates; k++) {
      const s = Math.abs(end) + ((1 - Math.abs(end)) * k) / rates;
      points.push([Math.max(0, (s + end) / 2), Math.max(0, (s - end) / 2)]);
    }
  }
  return points;
}

describe('pairedDifferenceInterval: exact coverage ≥ 1 − δ for every (p_b, p_c)', () => {
  it('every n ≤ 15, δ ∈ {0.1, 0.05}: a 30 × 30 simplex grid and both sides of every interval end (13 rates each)', () => {
    const minima: Record<string, number> = {};
    for (const delta of [0.1, 0.05]) {
      let worst = 1;
      for (let n = 1; n <= 15; n++) {
        const table = intervalTable(n, delta);
        for (const [pb, pc] of parameterPoints(table, 30, 12)) worst = Math.min(worst, coverage(table, n, pb, pc));
      }
      minima[delta] = worst;
      expect(worst).toBeGreaterThanOrEqual(1 - delta);
    }
    // Measured minima over this grid: δ = 0.1 → 0.929648, δ = 0.05 → 0.964812 (the union bound's slack).
    expect(minima[0.1]).toBeCloseTo(0.9296476502, 6);
    expect(minima[0.05]).toBeCloseTo(0.9648120207, 6);
  });

  // Measured minima: δ = 0.1: 0.933594 (n = 30), 0.930181 (60), 0.932365 (120);
  // δ = 0.05: 0.971914 (30), 0.970680 (60), 0.964648 (120).
  it('n ∈ {30, 60, 120}, δ ∈ {0.1, 0.05}: the 30 × 30 grid and 400 interval ends × 7 rates', () => {
    for (const delta of [0.1, 0.05]) {
      for (const n of [30, 60, 120]) {
        const table = intervalTable(n, delta);
        let worst = 1;
        for (const [pb, pc] of parameterPoints(table, 30, 6, 400)) worst = Math.min(worst, coverage(table, n, pb, pc));
        expect(worst).toBeGreaterThanOrEqual(1 - delta);
      }
    }
  });
});

describe('pairedDifferenceInterval: agreement with the exact McNemar test', () => {
  it('excludes 0 exactly when the McNemar two-sided p-value is below 3δ/4 (every b + c ≤ n = 40)', () => {
    for (const delta of [0.1, 0.05, 0.01]) {
      for (let b = 0; b <= 40; b++) {
        for (let c = 0; b + c <= 40; c++) {
          const { lower, upper } = pairedDifferenceInterval({ b, c, n: 40 }, delta);
          expect(lower > 0 || upper < 0).toBe(mcnemarExactTest({ b, c }).pTwoSided < 0.75 * delta);
        }
      }
    }
  });
});

describe('pairedDifferenceInterval: properties', () => {
  const counts = fc
    .record({ n: fc.integer({ min: 1, max: 20_000 }), x: fc.double({ min: 0, max: 1, noNaN: true }), y: fc.double({ min: 0, max: 1, noNaN: true }) })
    .map(({ n, x, y }) => {
      const b = Math.floor(x * n);
      return { b, c: Math.floor(y * (n - b)), n };
    });
  const delta = fc.double({ min: 1e-6, max: 0.5, noNaN: true });

  it('ordered, inside [−1, 1], contains the estimate; swapping A and B negates it', () => {
    fc.assert(
      fc.property(counts, delta, ({ b, c, n }, level) => {
        const forward = pairedDifferenceInterval({ b, c, n }, level);
        const backward = pairedDifferenceInterval({ b: c, c: b, n }, level);
        expect(-1 <= forward.lower && forward.lower <= forward.estimate && forward.estimate <= forward.upper && forward.upper <= 1).toBe(true);
        expect(forward.estimate).toBe((b - c) / n);
        expect(Math.abs(backward.lower + forward.upper)).toBeLessThan(1e-12);
        expect(Math.abs(backward.upper + forward.lower)).toBeLessThan(1e-12);
      }),
    );
  });

  it('nested: a smaller δ never gives a narrower interval', () => {
    fc.assert(
      fc.property(counts, delta, ({ b, c, n }, level) => {
        const wide = pairedDifferenceInterval({ b, c, n }, level / 10);
        const narrow = pairedDifferenceInterval({ b, c, n }, level);
        expect(wide.lower).toBeLessThanOrEqual(narrow.lower);
        expect(wide.upper).toBeGreaterThanOrEqual(narrow.upper);
      }),
    );
  });

  it('no discordant pairs: an interval around 0 of width set by the discordance bound alone', () => {
    const { estimate, lower, upper } = pairedDifferenceInterval({ b: 0, c: 0, n: 100 }, 0.05);
    expect(estimate).toBe(0);
    expect(lower).toBe(-upper);
    expect(upper).toBeGreaterThan(0);
  });

  it('names the argument in its errors', () => {
    expect(() => pairedDifferenceInterval({ b: 2.5, c: 1, n: 10 }, 0.05)).toThrow('b must be a whole number, got 2.5');
    expect(() => pairedDifferenceInterval({ b: 7, c: 5, n: 10 }, 0.05)).toThrow('b + c must be ≤ n (10), got 12');
    expect(() => pairedDifferenceInterval({ b: 0, c: 0, n: 0 }, 0.05)).toThrow(EmptyClassError);
    expect(() => pairedDifferenceInterval({ b: 1, c: 1, n: 10 }, 1.5)).toThrow('delta must be in (0, 1), got 1.5');
    expect(() => pairedDifferenceInterval({ b: 1, c: 1, n: 2e9 }, 0.05)).toThrow('n must be ≤ 1000000000, got 2000000000');
    expect(() => pairedBalancedDifferenceInterval({ yes: { b: 1, c: 1, n: 5 }, no: { b: 4, c: 3, n: 6 } }, 0.05)).toThrow(
      'no.b + no.c must be ≤ no.n (6), got 7',
    );
    expect(() => pairedBalancedDifferenceInterval({ yes: { b: 1, c: 1, n: 5 } } as unknown as PairedClassCounts, 0.05)).toThrow('no must be an object {b, c, n}');
  });
});

describe('pairedBalancedDifferenceInterval and its test: exact coverage and size', () => {
  /** Outcome pairs (yes cell, no cell) with their interval and two-sided p-value. */
  function outcomes(nYes: number, nNo: number, delta: number) {
    const list: Array<{ by: number; cy: number; bn: number; cn: number; interval: DifferenceInterval; p: number }> = [];
    for (let by = 0; by <= nYes; by++) for (let cy = 0; by + cy <= nYes; cy++) for (let bn = 0; bn <= nNo; bn++) for (let cn = 0; bn + cn <= nNo; cn++) {
      const counts = { yes: { b: by, c: cy, n: nYes }, no: { b: bn, c: cn, n: nNo } };
      list.push({ by, cy, bn, cn, interval: pairedBalancedDifferenceInterval(counts, delta), p: pairedBalancedDifferenceTest(counts).pTwoSided });
    }
    return list;
  }
  const simplex = (divisions: number) => {
    const points: Array<[number, number]> = [];
    for (let i = 0; i <= divisions; i++) for (let j = 0; i + j <= divisions; j++) points.push([i / divisions, j / divisions]);
    return points;
  };

  it('classes of 10 and 12 pairs, δ = 0.1: coverage ≥ 0.9 on an 8 × 8 simplex grid per class and next to interval ends; size of the test ≤ α', () => {
    const [nYes, nNo, delta] = [10, 12, 0.1];
    const list = outcomes(nYes, nNo, delta);
    const probability = (yes: [number, number], no: [number, number]) => {
      const py = trinomial(nYes, ...yes);
      const pn = trinomial(nNo, ...no);
      return list.map(({ by, cy, bn, cn }) => py[by]![cy]! * pn[bn]![cn]!);
    };
    let worstCoverage = 1;
    const check = (yes: [number, number], no: [number, number]) => {
      const target = (yes[0] - yes[1] + no[0] - no[1]) / 2;
      const probs = probability(yes, no);
      let sum = 0;
      list.forEach(({ interval }, index) => {
        if (interval.lower <= target && target <= interval.upper) sum += probs[index]!;
      });
      worstCoverage = Math.min(worstCoverage, sum);
    };
    const grid = simplex(8);
    for (const yes of grid) for (const no of grid) check(yes, no);
    // Just outside every 100th interval end: split the balanced difference e between the classes.
    const ends = [...new Set(list.flatMap(({ interval }) => [interval.lower - 1e-9, interval.upper + 1e-9]))].filter((end) => Math.abs(end) < 1);
    for (let index = 0; index < ends.length; index += 100) {
      const end = ends[index]!;
      for (const share of [0, 0.25, 0.5, 0.75, 1]) {
        const dy = Math.max(-1, Math.min(1, 2 * end * share + (1 - share) * (2 * end - Math.sign(end))));
        const dn = 2 * end - dy;
        if (Math.abs(dn) > 1) continue;
        for (const sy of [0, 0.5, 1]) for (const sn of [0, 0.5, 1]) {
          const ry = Math.abs(dy) + (1 - Math.abs(dy)) * sy;
          const rn = Math.abs(dn) + (1 - Math.abs(dn)) * sn;
          check([(ry + dy) / 2, (ry - dy) / 2], [(rn + dn) / 2, (rn - dn) / 2]);
        }
      }
    }
    // Measured: 0.981250 (the balanced construction spends δ/2 per class, each split δ/8 + 3δ/8).
    expect(worstCoverage).toBeGreaterThanOrEqual(1 - delta);
    // Size under BA_A = BA_B, including Δ_yes = −Δ_no ≠ 0.
    let worstSize = 0;
    for (const alpha of [0.1, 0.05]) {
      for (const d of [-0.5, -0.2, 0, 0.2, 0.5]) for (const sy of [0, 0.3, 0.7, 1]) for (const sn of [0, 0.3, 0.7, 1]) {
        const ry = Math.abs(d) + (1 - Math.abs(d)) * sy;
        const rn = Math.abs(d) + (1 - Math.abs(d)) * sn;
        const probs = probability([(ry + d) / 2, (ry - d) / 2], [(rn - d) / 2, (rn + d) / 2]);
        let size = 0;
        list.forEach(({ p }, index) => {
          if (p <= alpha) size += probs[index]!;
        });
        worstSize = Math.max(worstSize, size / alpha);
      }
    }
    // Measured: the largest size/α is 0.0054 — valid, and very conservative for classes this small.
    expect(worstSize).toBeLessThanOrEqual(1);
  });

  it('the test agrees with the interval: it excludes 0 at δ exactly when pTwoSided < δ (up to the search precision)', () => {
    fc.assert(
      fc.property(fc.nat(30), fc.nat(30), fc.nat(30), fc.nat(30), fc.double({ min: 1e-4, max: 0.5, noNaN: true }), (by, cy, bn, cn, delta) => {
        const counts = { yes: { b: by, c: cy, n: 60 }, no: { b: bn, c: cn, n: 70 } };
        const { pTwoSided } = pairedBalancedDifferenceTest(counts);
        const at = (level: number) => {
          const { lower, upper } = pairedBalancedDifferenceInterval(counts, level);
          return lower > 0 || upper < 0;
        };
        if (pTwoSided < delta * (1 - 1e-6)) expect(at(delta)).toBe(true);
        if (pTwoSided > delta * (1 + 1e-6)) expect(at(delta)).toBe(false);
      }),
      { numRuns: 60 },
    );
  });

  it('ordered, inside [−1, 1], the average of the class intervals; swapping A and B negates it', () => {
    fc.assert(
      fc.property(fc.nat(500), fc.nat(500), fc.nat(500), fc.nat(500), (by, cy, bn, cn) => {
        const counts = { yes: { b: by, c: cy, n: 1000 }, no: { b: bn, c: cn, n: 1200 } };
        const swapped = { yes: { b: cy, c: by, n: 1000 }, no: { b: cn, c: bn, n: 1200 } };
        const forward = pairedBalancedDifferenceInterval(counts, 0.05);
        const backward = pairedBalancedDifferenceInterval(swapped, 0.05);
        expect(-1 <= forward.lower && forward.lower <= forward.estimate && forward.estimate <= forward.upper && forward.upper <= 1).toBe(true);
        expect(Math.abs(forward.lower - (forward.yes.lower + forward.no.lower) / 2)).toBeLessThan(1e-15);
        expect(Math.abs(backward.lower + forward.upper)).toBeLessThan(1e-12);
        const test = pairedBalancedDifferenceTest(counts);
        const swappedTest = pairedBalancedDifferenceTest(swapped);
        expect(swappedTest.pAGreater).toBeCloseTo(test.pBGreater, 6);
      }),
      { numRuns: 40 },
    );
  });
});
