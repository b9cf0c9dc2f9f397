import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { binomialPmfRow } from './binomial-pmf-row';
import { mcnemarExactTest } from './mcnemar-exact-test';

interface Row { b: number; c: number; pTwoSided: string; pAGreater: string; pBGreater: string }
const FIXTURE = JSON.parse(readFileSync(new URL('./fixtures/mcnemar-exact.json', import.meta.url), 'utf8')) as { provenance: string; rows: Row[] };

/** P[X ≤ k] for X ~ Binomial(m, ½) as an exact fraction [numerator, 2^m] in BigInt. */
function exactCdf(k: number, m: number): [bigint, bigint] {
  let term = 1n;
  let sum = 0n;
  for (let j = 0; j <= k; j++) {
    sum += term;
    term = (term * BigInt(m - j)) / BigInt(j + 1);
  }
  return [sum, 1n << BigInt(m)];
}

/** A BigInt fraction rounded to a double (64 significant bits of quotient, then one rounding). */
function toNumber([numerator, denominator]: [bigint, bigint]): number {
  if (numerator === 0n) return 0;
  const shift = Math.max(0, denominator.toString(2).length - numerator.toString(2).length + 64);
  const quotient = (numerator << BigInt(shift)) / denominator;
  return Number(quotient) * 2 ** -shift;
}

/** statsmodels' mcnemar(exact=True) from the definition, exactly: [two-sided, A greater, B greater]. */
function exactReference(b: number, c: number): [number, number, number] {
  const m = b + c;
  if (m === 0) return [1, 1, 1];
  const [aNumerator, denominator] = exactCdf(c, m);
  const [bNumerator] = exactCdf(b, m);
  const smaller = aNumerator < bNumerator ? aNumerator : bNumerator;
  const two = 2n * smaller >= denominator ? 1 : toNumber([2n * smaller, denominator]);
  return [two, toNumber([aNumerator, denominator]), toNumber([bNumerator, denominator])];
}

const relativeError = (value: number, reference: number) => Math.abs(value - reference) / Math.abs(reference);

describe('mcnemarExactTest against exact reference values', () => {
  it('b = 10, c = 2: two-sided 158/4096 = 0.03857421875 (statsmodels mcnemar(exact=True))', () => {
    const result = mcnemarExactTest({ b: 10, c: 2 });
    expect(relativeError(result.pTwoSided, 158 / 4096)).toBeLessThan(1e-13);
    expect(relativeError(result.pAGreater, 79 / 4096)).toBeLessThan(1e-13);
    expect(relativeError(result.pBGreater, 4083 / 4096)).toBeLessThan(1e-13);
  });

  it('the fixture rows are what the BigInt definition gives (independent check of the fixture)', () => {
    expect(FIXTURE.provenance).toMatch(/exact rational/);
    for (const row of FIXTURE.rows) {
      const [two, a, b] = exactReference(row.b, row.c);
      expect(relativeError(two, Number(row.pTwoSided))).toBeLessThan(1e-15);
      expect(relativeError(a, Number(row.pAGreater))).toBeLessThan(1e-15);
      expect(relativeError(b, Number(row.pBGreater))).toBeLessThan(1e-15);
    }
  });

  it('matches all fixture rows to 1e-12 relative (incl. b = 2076, c = 869: 1.2417186e-112)', () => {
    let worst = 0;
    for (const row of FIXTURE.rows) {
      const result = mcnemarExactTest({ b: row.b, c: row.c });
      worst = Math.max(
        worst,
        relativeError(result.pTwoSided, Number(row.pTwoSided)),
        relativeError(result.pAGreater, Number(row.pAGreater)),
        relativeError(result.pBGreater, Number(row.pBGreater)),
      );
    }
    expect(worst).toBeLessThan(1e-12);
  });

  it('matches the BigInt definition on every b, c ≤ 60 to 1e-12 relative', () => {
    let worst = 0;
    for (let b = 0; b <= 60; b++) {
      for (let c = 0; c <= 60; c++) {
        const [two, a, bGreater] = exactReference(b, c);
        const result = mcnemarExactTest({ b, c });
        worst = Math.max(worst, relativeError(result.pTwoSided, two), relativeError(result.pAGreater, a), relativeError(result.pBGreater, bGreater));
      }
    }
    expect(worst).toBeLessThan(1e-12);
  });
});

describe('mcnemarExactTest: exact size', () => {
  /** P[p ≤ α] under H₀ (p_b = p_c = s/2) for n pairs: Σ_m Bin(m; n, s) Σ_b Bin(b; m, ½)·1[p(b, m − b) ≤ α]. */
  function size(n: number, s: number, alpha: number, pick: (result: ReturnType<typeof mcnemarExactTest>) => number): number {
    const discordant = binomialPmfRow(n, s);
    let total = 0;
    for (let m = 0; m <= n; m++) {
      const split = m === 0 ? Float64Array.of(1) : binomialPmfRow(m, 0.5);
      let rejected = 0;
      for (let b = 0; b <= m; b++) if (pick(mcnemarExactTest({ b, c: m - b })) <= alpha) rejected += split[b]!;
      total += discordant[m]! * rejected;
    }
    return total;
  }

  it('never exceeds α: n = 1..30 and 100, 40 values of p_b + p_c, α ∈ {0.1, 0.05, 0.01}, two- and one-sided', () => {
    let worstExcess = -Infinity;
    let largest = 0;
    for (const n of [...Array.from({ length: 30 }, (_, index) => index + 1), 100]) {
      for (let step = 1; step <= 40; step++) {
        const s = step / 40;
        for (const alpha of [0.1, 0.05, 0.01]) {
          for (const pick of [(r: { pTwoSided: number }) => r.pTwoSided, (r: { pAGreater: number }) => r.pAGreater]) {
            const value = size(n, s, alpha, pick);
            worstExcess = Math.max(worstExcess, value - alpha);
            if (alpha === 0.05) largest = Math.max(largest, value);
          }
        }
      }
    }
    expect(worstExcess).toBeLessThanOrEqual(0);
    // Measured: the largest size at α = 0.05 on this grid is 0.0490417 (n = 17, s = 1, two-sided;
    // one-sided 0.0493686 at n = 30); at α = 0.1 0.0987371, at α = 0.01 0.0096054.
    expect(largest).toBeCloseTo(0.0493685733526946, 12);
  });
});

describe('mcnemarExactTest: properties and errors', () => {
  it('swapping A and B swaps the one-sided p-values and keeps the two-sided one', () => {
    fc.assert(
      fc.property(fc.nat(3000), fc.nat(3000), (b, c) => {
        const forward = mcnemarExactTest({ b, c });
        const backward = mcnemarExactTest({ b: c, c: b });
        expect(backward.pAGreater).toBe(forward.pBGreater);
        expect(backward.pTwoSided).toBe(forward.pTwoSided);
        for (const value of Object.values(forward)) expect(value >= 0 && value <= 1).toBe(true);
        expect(forward.pAGreater + forward.pBGreater).toBeGreaterThanOrEqual(1 - 1e-12);
      }),
    );
  });

  it('no discordant pairs: every p-value is 1; b = c: two-sided 1', () => {
    expect(mcnemarExactTest({ b: 0, c: 0 })).toEqual({ pTwoSided: 1, pAGreater: 1, pBGreater: 1 });
    expect(mcnemarExactTest({ b: 7, c: 7 }).pTwoSided).toBe(1);
  });

  it('names the argument in its errors', () => {
    expect(() => mcnemarExactTest({ b: 2.5, c: 1 })).toThrow('b must be a whole number, got 2.5');
    expect(() => mcnemarExactTest({ b: 1, c: -1 })).toThrow('c must not be negative, got -1');
    expect(() => mcnemarExactTest({ b: 6e8, c: 6e8 })).toThrow('b + c must be ≤ 1000000000, got 1200000000');
    expect(() => mcnemarExactTest(null as unknown as { b: number; c: number })).toThrow('counts must be an object {b, c}');
  });
});
