import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balancedBuehlerInterval } from './balanced-buehler-interval';
import { binomialPmfRow } from './binomial-pmf-row';
import { exactLowerBound } from './exact-lower-bound';
import { MACRO_BUEHLER_MAX_CLASSES, MACRO_BUEHLER_MAX_EXAMPLES, macroRecallBuehlerInterval } from './macro-recall-buehler-interval';
import { macroRecallBuehlerLowerBound } from './macro-recall-buehler-lower-bound';
import { MacroRecallTailProbability } from './macro-recall-tail-probability';
import { macroSliceSupremum } from './macro-slice-supremum';

/** A K × K matrix with kᵢ of nᵢ on the diagonal and each row's errors in the next column. */
function matrixOf(totals: readonly number[], correct: readonly number[]): number[][] {
  const size = totals.length;
  return totals.map((n, i) => {
    const row = new Array<number>(size).fill(0);
    row[i] = correct[i]!;
    row[(i + 1) % size]! += n - correct[i]!;
    return row;
  });
}

/** Every outcome of classes of the sizes given (K = 3). */
function outcomesOf([a, b, c]: readonly number[]): number[][] {
  const all: number[][] = [];
  for (let x = 0; x <= a!; x++) for (let y = 0; y <= b!; y++) for (let z = 0; z <= c!; z++) all.push([x, y, z]);
  return all;
}

/** p ↦ P[T(X) ≥ T(x_obs) − 10⁻¹⁰] by enumerating every outcome, with the bounds from `exactLowerBound`: independent of the staircase. */
function bruteTailOf(totals: readonly number[], correct: readonly number[], level: number): (p: readonly number[]) => number {
  const score = (x: readonly number[]) => x.reduce((sum, k, i) => sum + (k === 0 ? 0 : exactLowerBound(totals[i]!, k, level)), 0);
  const observed = score(correct);
  const counted = outcomesOf(totals).filter((x) => score(x) >= observed - 1e-10);
  return (p) => {
    const rows = totals.map((n, i) => binomialPmfRow(n, p[i]!));
    return counted.reduce((sum, x) => sum + x.reduce((product, k, i) => product * rows[i]![k]!, 1), 0);
  };
}

describe('MacroRecallTailProbability and macroSliceSupremum: the tail and the test of one mean', () => {
  it('the staircase tail equals the enumerated one, inside its enclosure (K = 3, classes 2–5, 200 recall vectors)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 3, maxLength: 3 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 3, maxLength: 3 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 3, maxLength: 3 }),
        (totals, shares, p) => {
          const correct = totals.map((n, i) => Math.round(shares[i]! * n));
          const level = 0.025 / 3;
          const { value, upper } = new MacroRecallTailProbability(totals, correct, level, 1e-12).at(p);
          const brute = bruteTailOf(totals, correct, level)(p);
          expect(value).toBeLessThanOrEqual(brute + 1e-15);
          expect(upper).toBeGreaterThanOrEqual(brute - 1e-15);
          expect(upper - value).toBeLessThan(3e-9);
        },
      ),
      { numRuns: 200, seed: 31 },
    );
  });

  it('"below" only where a 41 × 41 grid of the slice stays under α, and "reaches" with a point whose enumerated tail is ≥ α', () => {
    const totals = [4, 3, 5];
    const correct = [3, 3, 4];
    const level = 0.025 / 3;
    const tail = new MacroRecallTailProbability(totals, correct, level, 1e-12);
    const bruteTail = bruteTailOf(totals, correct, level);
    let seen = { below: 0, reaches: 0 };
    for (let theta = 0.3; theta < 0.95; theta += 0.05) {
      const verdict = macroSliceSupremum(tail, theta, 0.025, { work: 1e8, evaluations: 1e5 });
      if (verdict.kind === 'reaches') {
        seen = { ...seen, reaches: seen.reaches + 1 };
        expect(verdict.point.reduce((sum, x) => sum + x, 0)).toBeCloseTo(3 * theta, 11);
        expect(bruteTail(verdict.point)).toBeGreaterThanOrEqual(0.025);
      } else {
        expect(verdict.kind).toBe('below');
        seen = { ...seen, below: seen.below + 1 };
        for (let i = 0; i <= 40; i++)
          for (let j = 0; j <= 40; j++) {
            const p = [i / 40, j / 40, 3 * theta - i / 40 - j / 40];
            if (p[2]! >= 0 && p[2]! <= 1) expect(bruteTail(p)).toBeLessThan(0.025);
          }
      }
    }
    expect(seen.below).toBeGreaterThan(2);
    expect(seen.reaches).toBeGreaterThan(2);
  });
});

describe('macroRecallBuehlerInterval', () => {
  it('the issue’s matrix: [86.3%, 98.3%] beside the union bound’s [78.2%, 98.8%], each end within its slack of Buehler’s', () => {
    const result = macroRecallBuehlerInterval([[50, 2, 1], [3, 40, 2], [0, 1, 30]], 0.05);
    expect(result).toMatchObject({ method: 'buehler-union-ordered', delta: 0.05 });
    expect(result.estimate).toBeCloseTo((50 / 53 + 40 / 45 + 30 / 31) / 3, 15);
    expect(result.lower).toBeCloseTo(0.863, 3);
    expect(result.upper).toBeCloseTo(0.9832, 4);
    expect([result.union.lower, result.union.upper]).toEqual([expect.closeTo(0.782275, 6), expect.closeTo(0.987962, 6)]);
    expect(result.slack.lower).toBeLessThan(1e-4);
    expect(result.slack.upper).toBeLessThan(1e-4);
  });

  it('two classes: the same bounds as balancedBuehlerInterval to 2·10⁻³ standard errors (each certified within 10⁻³ of Buehler’s)', () => {
    for (const [n, k, delta] of [
      [[20, 20], [18, 15], 0.05],
      [[40, 60], [38, 55], 0.05],
      [[5, 60], [3, 50], 0.05],
      [[1, 30], [0, 30], 0.1],
      [[12, 9], [7, 4], 0.01],
    ] as [number[], number[], number][]) {
      const ours = macroRecallBuehlerInterval(matrixOf(n, k), delta);
      const two = balancedBuehlerInterval({ yes: { correct: k[0]!, total: n[0]! }, no: { correct: k[1]!, total: n[1]! } }, delta);
      // Each search stops within max(10⁻⁵, 10⁻³ standard errors) of Buehler's bound.
      const standardError = 0.5 * Math.sqrt(n.reduce((sum, total, i) => sum + Math.max(k[i]! * (total - k[i]!), total / 4) / total ** 3, 0));
      const room = Math.max(2e-5, 2e-3 * standardError);
      expect(Math.abs(ours.lower - two.lower), `${n} ${k} lower`).toBeLessThan(room);
      expect(Math.abs(ours.upper - two.upper), `${n} ${k} upper`).toBeLessThan(room);
    }
  });

  it('never wider than the union bound, the estimate inside, and Buehler’s bound within the slack (fast-check, K = 3 and 4)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 4 }).chain((size) =>
          fc.tuple(fc.array(fc.integer({ min: 1, max: 25 }), { minLength: size, maxLength: size }), fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: size, maxLength: size })),
        ),
        fc.constantFrom(0.1, 0.05, 0.01),
        ([totals, shares], delta) => {
          const correct = totals.map((n, i) => Math.round(shares[i]! * n));
          const result = macroRecallBuehlerInterval(matrixOf(totals, correct), delta);
          expect(result.lower).toBeGreaterThanOrEqual(result.union.lower);
          expect(result.upper).toBeLessThanOrEqual(result.union.upper);
          expect(result.lower).toBeLessThanOrEqual(result.estimate);
          expect(result.upper).toBeGreaterThanOrEqual(result.estimate);
          for (const slack of [result.slack.lower, result.slack.upper]) if (!Number.isNaN(slack)) expect(slack).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 12, seed: 7 },
    );
  });

  it('the lower bound is at most the root of an enumerated 161 × 161 grid of the slice (edges included), and within 2·10⁻⁴ of it (K = 3)', () => {
    for (const [totals, correct] of [
      [[4, 3, 5], [3, 3, 4]],
      [[2, 6, 3], [2, 4, 1]],
    ] as [number[], number[]][]) {
      const alpha = 0.025;
      const bruteTail = bruteTailOf(totals, correct, alpha / 3);
      const gridMax = (theta: number) => {
        let best = 0;
        // Each recall in turn is the one set by the others, so the slice's edges are on the grid too.
        for (const set of [0, 1, 2])
          for (let i = 0; i <= 160; i++)
            for (let j = 0; j <= 160; j++) {
              const p = [i / 160, j / 160];
              p.splice(set, 0, 3 * theta - i / 160 - j / 160);
              if (p[set]! >= 0 && p[set]! <= 1) best = Math.max(best, bruteTail(p));
            }
        return best;
      };
      // The grid's maximum is at most the supremum, so its root is at least Buehler's bound.
      let [lo, hi] = [0, correct.reduce((sum, k, i) => sum + k / totals[i]!, 0) / 3];
      while (hi - lo > 1e-4) {
        const mid = (lo + hi) / 2;
        if (gridMax(mid) >= alpha) hi = mid;
        else lo = mid;
      }
      const { bound } = macroRecallBuehlerLowerBound(totals, correct, alpha, 6e7);
      expect(bound, `${totals} ${correct}`).toBeLessThanOrEqual(hi);
      expect(bound, `${totals} ${correct}`).toBeGreaterThan(lo - 2e-4);
    }
  });

  it('exact coverage: each end misses with probability ≤ δ/2 at every recall vector of a grid and next to every bound (K = 3: classes 2, 3, 4 at δ = 0.1; 6, 5, 4 at δ = 0.05)', () => {
    for (const [totals, delta] of [
      [[2, 3, 4], 0.1],
      [[6, 5, 4], 0.05],
    ] as [number[], number][]) {
      const outcomes = outcomesOf(totals).map((correct) => ({ correct, interval: macroRecallBuehlerInterval(matrixOf(totals, correct), delta) }));
      const missRates = (p: readonly number[]) => {
        const theta = (p[0]! + p[1]! + p[2]!) / 3;
        const rows = totals.map((n, i) => binomialPmfRow(n, p[i]!));
        let [above, below] = [0, 0];
        for (const { correct, interval } of outcomes) {
          const chance = correct.reduce((product, k, i) => product * rows[i]![k]!, 1);
          if (interval.lower > theta) above += chance;
          if (interval.upper < theta) below += chance;
        }
        return [above, below];
      };
      let worst = 0;
      let checked = 0;
      const check = (p: readonly number[]) => {
        if (p.some((x) => !(x >= 0 && x <= 1))) return;
        checked++;
        const [above, below] = missRates(p);
        worst = Math.max(worst, above!, below!);
        if (above! > delta / 2 || below! > delta / 2) throw new Error(`${totals} at p = ${p}: misses ${above} above, ${below} below (δ/2 = ${delta / 2})`);
      };
      for (let i = 0; i <= 12; i++) for (let j = 0; j <= 12; j++) for (let l = 0; l <= 12; l++) check([i / 12, j / 12, l / 12]);
      // Next to each bound, where an outcome's interval stops covering: a 9 × 9 grid of that slice.
      const ends = new Set(outcomes.flatMap(({ interval }) => [interval.lower - 1e-9, interval.upper + 1e-9]));
      for (const theta of ends) for (let i = 0; i <= 8; i++) for (let j = 0; j <= 8; j++) check([i / 8, j / 8, 3 * theta - i / 8 - j / 8]);
      expect(checked).toBeGreaterThan(13 ** 3);
      expect(worst).toBeGreaterThan(delta / 8);
    }
  });

  it('refuses K past 4, matrices past 5,000 examples and δ under 10⁻¹⁰, naming the limit (the union bound is used there)', () => {
    const five = Array.from({ length: 5 }, (_r, i) => Array.from({ length: 5 }, (_c, j) => (i === j ? 9 : 1)));
    expect(() => macroRecallBuehlerInterval(five, 0.05)).toThrow(/^matrix has 5 classes: .*2–4; use macroRecallInterval/);
    expect(MACRO_BUEHLER_MAX_CLASSES).toBe(4);
    expect(() => macroRecallBuehlerInterval([[3000, 1], [2, 3000]], 0.05)).toThrow(new RegExp(`^matrix has 6003 examples: Buehler's search is limited to ${MACRO_BUEHLER_MAX_EXAMPLES}`));
    expect(() => macroRecallBuehlerInterval([[3, 1], [1, 3]], 1e-11)).toThrow(/^delta must be ≥ 1e-10 for Buehler's search, got 1e-11/);
    expect(() => macroRecallBuehlerInterval([[3, 1], [0, 0]], 0.05)).toThrow(/matrix\[1\] total/);
    expect(() => macroRecallBuehlerInterval([[3, 1], [1, 3]], 0)).toThrow(RangeError);
  });
});
