import type { Interval } from '../stats';

/** One interval to draw, with the category name it is drawn under. */
export interface NamedInterval {
  name: string;
  interval: Interval;
}

/**
 * One recharts row. Draw the band as a stacked bar: an invisible `base` bar (0 → lower) with a
 * visible `span` bar (lower → upper) stacked on it; or as a ranged bar with `dataKey="range"`.
 * `errorBar` is the [below, above] distance of the bounds from the estimate, as recharts' <ErrorBar>
 * wants it; `estimate`, `lower` and `upper` stay absolute for tooltips and reference marks.
 */
export interface IntervalChartDatum {
  name: string;
  estimate: number;
  lower: number;
  upper: number;
  base: number;
  span: number;
  range: [number, number];
  errorBar: [number, number];
}

/**
 * Turns absolute intervals into recharts rows, multiplied by `scale` (100 draws percentages).
 * Throws a RangeError naming the row when a value is not finite or the bounds are out of order,
 * because a silently misdrawn interval is worse than none.
 */
export function toIntervalChartData(rows: readonly NamedInterval[], scale = 1): IntervalChartDatum[] {
  if (!(Number.isFinite(scale) && scale > 0)) throw new RangeError(`scale must be a positive number, got ${scale}`);
  return rows.map(({ name, interval }) => {
    const { estimate, lower, upper } = interval;
    if (![estimate, lower, upper].every(Number.isFinite)) {
      throw new RangeError(`interval "${name}" has a non-finite value: ${JSON.stringify(interval)}`);
    }
    if (!(lower <= estimate && estimate <= upper)) {
      throw new RangeError(`interval "${name}" must satisfy lower ≤ estimate ≤ upper, got ${lower}, ${estimate}, ${upper}`);
    }
    const scaled = { estimate: estimate * scale, lower: lower * scale, upper: upper * scale };
    return {
      name,
      ...scaled,
      base: scaled.lower,
      span: scaled.upper - scaled.lower,
      range: [scaled.lower, scaled.upper],
      errorBar: [scaled.estimate - scaled.lower, scaled.upper - scaled.estimate],
    };
  });
}
