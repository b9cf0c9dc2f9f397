import { describe, expect, it } from 'vitest';
import {
  EmptyClassError,
  balancedInterval,
  betaQuantile,
  binomialCdf,
  binomialPmf,
  exactInterval,
  exactLowerBound,
  exactUpperBound,
  upperComplement,
} from './index';

// One policy: counts are whole numbers, 0 ≤ k ≤ n, n ≥ 1 (n = 0 → EmptyClassError); δ ∈ (0, 1).
describe('validation policy, case by case', () => {
  const countFunctions = { exactUpperBound, exactLowerBound, upperComplement, exactInterval };

  it.each(Object.entries(countFunctions))('%s names the argument and the value', (_name, bound) => {
    expect(() => bound(100, 101, 0.05)).toThrow(new RangeError('k must be ≤ n (100), got 101'));
    expect(() => bound(100, -1, 0.05)).toThrow(new RangeError('k must not be negative, got -1'));
    expect(() => bound(100, 80.5, 0.05)).toThrow(new RangeError('k must be a whole number, got 80.5'));
    expect(() => bound(10.5, 3, 0.05)).toThrow(new RangeError('n must be a whole number, got 10.5'));
    expect(() => bound(Number.NaN, 3, 0.05)).toThrow(new RangeError('n must be a number, got NaN'));
    expect(() => bound(Infinity, 3, 0.05)).toThrow(new RangeError('n must be a whole number, got Infinity'));
    expect(() => bound(100, 80, 0)).toThrow(new RangeError('delta must be in (0, 1), got 0'));
    expect(() => bound(100, 80, 1)).toThrow(new RangeError('delta must be in (0, 1), got 1'));
    expect(() => bound(100, 80, Number.NaN)).toThrow(new RangeError('delta must be in (0, 1), got NaN'));
  });

  it('a class with no examples has no interval: a distinct error', () => {
    expect(() => exactInterval(0, 0, 0.05)).toThrow(EmptyClassError);
    expect(() => exactInterval(0, 0, 0.05)).toThrow(RangeError);
    expect(() => exactInterval(0, 0, 0.05)).toThrow('n = 0: a class with no examples has no accuracy and no interval');
  });

  it('balancedInterval names the class and field', () => {
    const counts = (yes: [number, number], no: [number, number]) => ({
      yes: { correct: yes[0], total: yes[1] },
      no: { correct: no[0], total: no[1] },
    });
    expect(() => balancedInterval(counts([41, 40], [5, 5]), 0.05)).toThrow('yes.correct must be ≤ yes.total (40), got 41');
    expect(() => balancedInterval(counts([1, 1], [0, 0]), 0.05)).toThrow(EmptyClassError);
    expect(() => balancedInterval(counts([1, 1], [0, 0]), 0.05)).toThrow('no.total = 0');
    expect(() => balancedInterval(counts([1, 1], [2, 3]), 1.5)).toThrow('delta must be in (0, 1), got 1.5');
  });

  it('distribution functions check p and shapes', () => {
    expect(() => binomialPmf(3, 10, 1.2)).toThrow(new RangeError('p must be in [0, 1], got 1.2'));
    expect(() => binomialCdf(3, 10, -0.1)).toThrow(new RangeError('p must be in [0, 1], got -0.1'));
    expect(() => binomialCdf(11, 10, 0.5)).toThrow(new RangeError('k must be ≤ n (10), got 11'));
    expect(() => betaQuantile(0.5, 0, 1)).toThrow(new RangeError('a must be a finite number > 0, got 0'));
    expect(() => betaQuantile(1.5, 1, 1)).toThrow(new RangeError('q must be in [0, 1], got 1.5'));
  });
});
