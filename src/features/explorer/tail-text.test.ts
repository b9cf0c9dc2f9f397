import { describe, expect, it } from 'vitest';
import { binomialCdf, binomialSf } from '../../stats';
import { accuracyDigits, certainTail, formatChance, formatChanceAgainst, midpointDigits, tailSentence } from './tail-text';

describe('tailSentence', () => {
  it('says the blog’s Figure 4 sentence', () => {
    const tailMass = binomialCdf(80, 100, 0.83);
    expect(tailSentence({ n: 100, k: 80, p: 0.83, side: 'left', tailMass })).toBe(
      'If the true accuracy were 83.0%, there would be a 24.8% chance of seeing 80 or fewer correct out of 100.',
    );
  });

  it('says Figure 3’s 54% and Figure 5’s 5%', () => {
    expect(tailSentence({ n: 100, k: 80, p: 0.8, side: 'left', tailMass: binomialCdf(80, 100, 0.8) })).toContain('a 54.0% chance');
    expect(tailSentence({ n: 100, k: 80, p: 0.863, side: 'left', tailMass: binomialCdf(80, 100, 0.863) })).toContain(
      'were 86.3%, there would be a 5.1% chance',
    );
  });

  it('reads the right tail with the error count for the lower bound', () => {
    const tailMass = binomialSf(79, 100, 0.7228);
    expect(tailSentence({ n: 100, k: 80, p: 0.7228, side: 'right', tailMass })).toBe(
      'If the true accuracy were 72.3%, there would be a 5.0% chance of seeing 80 or more correct out of 100 (20 or fewer errors).',
    );
  });

  it('writes large counts with separators and more decimals of p', () => {
    const sentence = tailSentence({ n: 1_000_000, k: 800_000, p: 0.80034, side: 'left', tailMass: 0.25 });
    expect(sentence).toBe(
      'If the true accuracy were 80.03%, there would be a 25.0% chance of seeing 800,000 or fewer correct out of 1,000,000.',
    );
  });
});

describe('formatChance', () => {
  it.each([
    [0.2477, '24.8%'],
    [0.05, '5.0%'],
    [0.00012, '0.012%'],
    [3.14e-18, '3.1 × 10⁻¹⁸'],
    [0, 'less than 10⁻³⁰⁰'],
    [1, 'more than 99.9%'],
    [0.99999, 'more than 99.9%'],
  ])('%s → %s', (value, shown) => {
    expect(formatChance(value)).toBe(shown);
  });

  it('reads 0% and 100% only where the tail is exactly so, not where a computed one rounded there', () => {
    expect(formatChance(0, true)).toBe('0%');
    expect(formatChance(1, true)).toBe('100%');
    // 80 of 100 at p = 0.3: P[X ≤ 80] = 1 − 10⁻²⁵, a 1 in a double.
    expect(certainTail(100, 80, 0.3, 'left')).toBe(false);
    expect(tailSentence({ n: 100, k: 80, p: 0.3, side: 'left', tailMass: 1 })).toContain('a more than 99.9% chance');
    expect(certainTail(100, 100, 0.3, 'left')).toBe(true);
    expect(certainTail(100, 80, 1, 'left')).toBe(true);
    expect(certainTail(100, 0, 0.3, 'right')).toBe(true);
    expect(certainTail(100, 5, 0, 'right')).toBe(true);
  });
});

describe('accuracyDigits', () => {
  it('uses one decimal up to 10^5 tests and two at 10^6', () => {
    expect([1, 100, 10_000, 100_000, 1_000_000].map(accuracyDigits)).toEqual([1, 1, 1, 2, 2]);
  });
});

describe('formatChanceAgainst', () => {
  it.each([
    [0.2477, 0.05, '24.8%'],
    [0.04998, 0.05, '4.998%'],
    [0.050004, 0.05, '5.0004%'],
    [0.05, 0.05, '5.0%'],
    [0.0250001, 0.025, '2.50001%'],
    [1.00004e-10, 1e-10, '1.00004 × 10⁻¹⁰'],
    [0.0499999999, 0.05, 'just under 5.0%'],
    [0.0500000000001, 0.05, '5.0%'],
  ])('%s against %s → %s', (value, level, shown) => {
    expect(formatChanceAgainst(value, level)).toBe(shown);
  });

  it('never writes a tail below the level as the level itself', () => {
    for (const level of [0.05, 0.025, 0.01, 1e-3, 1e-6, 1e-10]) {
      for (const factor of [1 - 1e-12, 1 - 1e-9, 1 - 1e-6, 1 - 1e-3]) {
        expect(formatChanceAgainst(level * factor, level)).not.toBe(formatChance(level));
      }
    }
  });
});

describe('midpointDigits', () => {
  it('keeps the usual digits for the first step and for coarse steps', () => {
    expect(midpointDigits(100, 0.9, undefined)).toBe(1);
    expect(midpointDigits(100, 0.85, 0.9)).toBe(1);
    expect(midpointDigits(1_000_000, 0.85, 0.9)).toBe(2);
  });

  it('adds digits once a step is finer than the usual ones show', () => {
    expect(midpointDigits(100, 0.8633, 0.8636)).toBe(2);
    expect(midpointDigits(100, 0.86334, 0.863343)).toBe(4);
  });
});

describe('formatChance and the hypothesized p near the ends', () => {
  it('0.9995 is not 100.0%, and below 0.1% a chance keeps two significant digits', () => {
    expect(formatChance(0.9995)).toBe('more than 99.9%');
    expect(formatChance(0.00055)).toBe('0.055%');
    expect(formatChance(0.001)).toBe('0.1%');
  });
  it('a p short of 1 or above 0 never reads 100% or 0% in the sentence', () => {
    expect(tailSentence({ n: 100, k: 100, p: 0.99996, side: 'right', tailMass: 0.996 })).toMatch(/^If the true accuracy were 99\.996%/);
    expect(tailSentence({ n: 100, k: 0, p: 0.00004, side: 'left', tailMass: 0.996 })).toMatch(/^If the true accuracy were 0\.004%/);
  });
});
