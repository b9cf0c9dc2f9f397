import { describe, expect, it } from 'vitest';
import { linePath, stepAreaPath } from './plot-paths';

describe('stepAreaPath', () => {
  it('steps after each point and closes along the baseline', () => {
    const points = [
      { x: 0, y: 50 },
      { x: 10, y: 20 },
      { x: 20, y: 20 },
    ];
    expect(stepAreaPath(points, 100)).toBe('M0,50H10V20H20V20L20,100H0Z');
  });

  it('rounds to a tenth of a pixel and draws nothing without points', () => {
    expect(stepAreaPath([{ x: 1.234, y: 5.678 }], 9.99)).toBe('M1.2,5.7L1.2,10H1.2Z');
    expect(stepAreaPath([], 0)).toBe('');
  });
});

describe('linePath', () => {
  const points = [
    { x: 0, y: 90 },
    { x: 10, y: 60 },
    { x: 30, y: 10 },
  ];

  it('rises halfway between the points when stepped', () => {
    expect(linePath(points, true)).toBe('M0,90H5V60H10H20V10H30');
  });

  it('joins the points straight otherwise', () => {
    expect(linePath(points, false)).toBe('M0,90L10,60L30,10');
    expect(linePath([], false)).toBe('');
  });
});
