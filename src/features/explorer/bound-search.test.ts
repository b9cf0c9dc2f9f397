import { describe, expect, it } from 'vitest';
import { exactLowerBound, exactUpperBound } from '../../stats';
import { searchBound } from './bound-search';

describe('searchBound', () => {
  it('lands exactly on the blog’s 95% upper bound for 80/100 (0.863339)', () => {
    const search = searchBound('upper', 100, 80, 0.05, 0.8);
    expect(search.bound).toBe(exactUpperBound(100, 80, 0.05));
    expect(search.bound).toBeCloseTo(0.863339, 6);
    expect(search.boundTailMass).toBeCloseTo(0.05, 12);
  });

  it('closes in on the bound from the start, one halving per step', () => {
    const search = searchBound('upper', 100, 80, 0.05, 0.8, 12);
    expect(search.steps).toHaveLength(12);
    expect(search.steps[0]!.p).toBe(0.9); // bracket [0.8, 1]
    expect(search.steps[0]).toMatchObject({ plausible: false });
    const last = search.steps[search.steps.length - 1]!;
    expect(Math.abs(last.p - search.bound)).toBeLessThan(0.2 / 2 ** 11);
    for (const step of search.steps) expect(step.plausible).toBe(step.p <= search.bound);
  });

  it('searches downward from a start above the bound', () => {
    const search = searchBound('upper', 100, 80, 0.05, 0.95, 16);
    expect(search.steps[0]!.p).toBe(0.475);
    expect(Math.abs(search.steps[15]!.p - search.bound)).toBeLessThan(0.95 / 2 ** 15);
  });

  it('mirrors for the lower bound on the error count', () => {
    const search = searchBound('lower', 100, 80, 0.05, 0.8);
    expect(search.bound).toBe(exactLowerBound(100, 80, 0.05));
    expect(search.bound).toBeCloseTo(0.7228, 4);
    expect(search.boundTailMass).toBeCloseTo(0.05, 12);
    for (const step of search.steps) expect(step.plausible).toBe(step.p >= search.bound);
  });

  it('lands on 1 at k = N and 0 at k = 0', () => {
    expect(searchBound('upper', 10, 10, 0.05, 0.5).bound).toBe(1);
    expect(searchBound('lower', 10, 0, 0.05, 0.5).bound).toBe(0);
    expect(searchBound('upper', 1, 0, 0.05, 0).bound).toBeCloseTo(0.95, 12);
  });
});
