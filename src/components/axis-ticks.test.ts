import { describe, expect, it } from 'vitest';
import { categoryTickInterval, niceTicks, percentTickFormatter, tickCountFor } from './axis-ticks';

describe('axis ticks', () => {
  it('covers the range at a 1-2-5 step, with at most the wanted count', () => {
    expect(niceTicks(0, 1, 6)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(niceTicks(0, 1, 3)).toEqual([0, 0.5, 1]);
    expect(niceTicks(0.9667, 1)).toEqual([0.96, 0.97, 0.98, 0.99, 1]);
    for (const [from, to, most] of [[0.9667, 1, 5], [0.123, 0.9, 4], [0, 0.0031, 3], [0.5, 0.5001, 5]] as const) {
      const ticks = niceTicks(from, to, most);
      expect(ticks.length).toBeLessThanOrEqual(most);
      expect(ticks[0]).toBeLessThanOrEqual(from);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(to);
    }
  });

  it('labels ticks distinctly and truly', () => {
    // The planner's axis for 1874/1950 and 9702/9800: no more "97%, 98%, 98%, 99%, 100%".
    const ticks = niceTicks(0.968, 1, 8);
    const labels = ticks.map(percentTickFormatter(ticks));
    expect(new Set(labels).size).toBe(labels.length);
    labels.forEach((label, index) => expect(parseFloat(label) / 100).toBeCloseTo(ticks[index]!, 12));
    expect(percentTickFormatter([0.97, 0.975, 0.98])(0.975)).toBe('97.5%');
    expect(percentTickFormatter([0, 0.5, 1])(1)).toBe('100%');
  });

  it('fits fewer ticks on a narrow axis', () => {
    expect(tickCountFor(300, 48)).toBe(5);
    expect(tickCountFor(180, 48)).toBe(3);
    expect(tickCountFor(40, 48)).toBe(2);
  });

  it('thins category labels so that the drawn ones fit, from the longest label', () => {
    const weeks = Array.from({ length: 52 }, (_, index) => `2026-W${String(index + 1).padStart(2, '0')}`);
    // 8 characters: 76 px a label; 600 px hold 7 of them, so every 8th of 52 is drawn.
    expect(categoryTickInterval(weeks, 600)).toBe(7);
    const drawn = weeks.filter((_, index) => index % (categoryTickInterval(weeks, 600) + 1) === 0);
    expect(drawn.length * 76).toBeLessThanOrEqual(600);
    expect(categoryTickInterval(weeks.slice(0, 5), 600)).toBe(0);
    // A label longer than the axis: one at a time, never a negative or infinite interval.
    expect(categoryTickInterval(['x'.repeat(200), 'y'], 100)).toBe(1);
    expect(categoryTickInterval([], 100)).toBe(0);
  });
});
