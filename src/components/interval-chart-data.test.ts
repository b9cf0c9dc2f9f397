import { describe, expect, it } from 'vitest';
import { toIntervalChartData } from './interval-chart-data';

describe('toIntervalChartData', () => {
  it('turns an absolute interval into a stacked base + span and an error-bar pair', () => {
    const [row] = toIntervalChartData([{ name: 'yes', interval: { estimate: 0.95, lower: 0.8308, upper: 0.9939 } }]);
    expect(row).toBeDefined();
    expect(row!.name).toBe('yes');
    expect(row!.base).toBe(0.8308);
    expect(row!.span).toBeCloseTo(0.1631, 12);
    expect(row!.range).toEqual([0.8308, 0.9939]);
    expect(row!.errorBar[0]).toBeCloseTo(0.1192, 12);
    expect(row!.errorBar[1]).toBeCloseTo(0.0439, 12);
    // The stacked bars end exactly at the upper bound.
    expect(row!.base + row!.span).toBeCloseTo(0.9939, 15);
    expect(row!.estimate - row!.errorBar[0]).toBeCloseTo(row!.lower, 15);
    expect(row!.estimate + row!.errorBar[1]).toBeCloseTo(row!.upper, 15);
  });

  it('scales every value, e.g. to percentages, keeping the rows in order', () => {
    const rows = toIntervalChartData(
      [
        { name: 'balanced', interval: { estimate: 0.5, lower: 0.25, upper: 0.75 } },
        { name: 'no', interval: { estimate: 1, lower: 0.9, upper: 1 } },
      ],
      100,
    );
    expect(rows.map((row) => row.name)).toEqual(['balanced', 'no']);
    expect(rows[0]).toMatchObject({ estimate: 50, lower: 25, upper: 75, base: 25, span: 50, errorBar: [25, 25] });
    expect(rows[1]).toMatchObject({ estimate: 100, lower: 90, upper: 100, base: 90, span: 10, errorBar: [10, 0] });
  });

  it('handles degenerate intervals at the edges of the scale', () => {
    const [row] = toIntervalChartData([{ name: 'zero', interval: { estimate: 0, lower: 0, upper: 0 } }]);
    expect(row).toMatchObject({ base: 0, span: 0, range: [0, 0], errorBar: [0, 0] });
  });

  it('refuses out-of-order or non-finite intervals, naming the row', () => {
    expect(() => toIntervalChartData([{ name: 'bad', interval: { estimate: 0.2, lower: 0.3, upper: 0.9 } }])).toThrow(
      /"bad".*lower ≤ estimate ≤ upper/,
    );
    expect(() => toIntervalChartData([{ name: 'nan', interval: { estimate: NaN, lower: 0, upper: 1 } }])).toThrow(
      /"nan".*non-finite/,
    );
    expect(() => toIntervalChartData([], 0)).toThrow(RangeError);
  });
});
