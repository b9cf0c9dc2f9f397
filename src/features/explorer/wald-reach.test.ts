import { describe, expect, it } from 'vitest';
import { waldInterval } from '../../stats';
import { waldReach } from './wald-reach';

describe('waldReach', () => {
  it('leaves an interval inside [0, 1] as it is', () => {
    const wald = waldInterval(100, 80, 0.05);
    expect(waldReach(wald)).toEqual({ lower: wald.lower, upper: wald.upper, clippedLower: false, clippedUpper: false, unknown: false });
  });

  it('recovers the end below 0 from the unclipped upper end (1 of 10 correct)', () => {
    const reach = waldReach(waldInterval(10, 1, 0.05));
    expect(reach.clippedLower).toBe(true);
    expect(reach.lower).toBeCloseTo(0.1 - 1.959963984540054 * Math.sqrt(0.009), 12);
  });

  it('recovers the end above 1 (9 of 10 correct)', () => {
    const reach = waldReach(waldInterval(10, 9, 0.05));
    expect(reach.clippedUpper).toBe(true);
    expect(reach.upper).toBeCloseTo(0.9 + 1.959963984540054 * Math.sqrt(0.009), 12);
  });

  it('sees the zero-width interval at k = N and k = 0', () => {
    expect(waldReach(waldInterval(50, 50, 0.05))).toMatchObject({ lower: 1, upper: 1, clippedLower: false, clippedUpper: false });
    expect(waldReach(waldInterval(50, 0, 0.05))).toMatchObject({ lower: 0, upper: 0, clippedUpper: false });
  });

  it('says when both ends were clipped', () => {
    expect(waldReach(waldInterval(2, 1, 0.01))).toMatchObject({ lower: 0, upper: 1, unknown: true });
  });
});
