import { describe, expect, it } from 'vitest';
import { barPosition, barScale } from './bar-scale';

describe('barScale', () => {
  it('keeps 0–100% for an interval wide enough to see', () => {
    expect(barScale({ estimate: 0.95, lower: 0.83, upper: 0.994 })).toEqual({ from: 0, to: 1, zoomed: false });
  });

  it('zooms a narrow interval near 100% to a neighbourhood that ends at 100%', () => {
    const interval = { estimate: 0.9995, lower: 0.99945588, upper: 0.99954127 };
    const scale = barScale(interval);
    expect(scale).toEqual({ from: 0.99925, to: 1, zoomed: true });
    const width = barPosition(scale, interval.upper) - barPosition(scale, interval.lower);
    expect(width).toBeGreaterThan(10);
  });

  it('zooms a narrow interval in the middle around itself, and one near 0% from 0%', () => {
    expect(barScale({ estimate: 0.5, lower: 0.499, upper: 0.501 })).toEqual({ from: 0.49, to: 0.51, zoomed: true });
    expect(barScale({ estimate: 0.0004, lower: 0.0001, upper: 0.0008 })).toEqual({ from: 0, to: 0.005, zoomed: true });
  });

  it('places values as a share of the bar, clipped to it', () => {
    const scale = { from: 0.99, to: 1, zoomed: true };
    expect(barPosition(scale, 0.995)).toBeCloseTo(50, 9);
    expect(barPosition(scale, 0.5)).toBe(0);
  });
});
