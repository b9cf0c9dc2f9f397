import type { Interval } from '../../stats';

/**
 * Decimals that give the smallest nonzero of these values two significant digits (none from 10 up):
 * 270.6 → 0, 1.22 → 1, 0.012 → 3, so that a bound short of 0 never reads 0.
 */
export function countDigits(values: readonly number[]): number {
  const smallest = Math.min(...values.filter((value) => value > 0));
  if (!Number.isFinite(smallest)) return 0;
  return Math.min(12, Math.max(0, 1 - Math.floor(Math.log10(smallest))));
}

// One formatter for every whole count: toLocaleString builds a new one per call (23 ms for the
// 2,000 counts of a 500-detector table).
const WHOLE_COUNT_FORMAT = new Intl.NumberFormat('en-US');

/** A whole count as the page writes it: 1,000,000. */
export const formatWholeCount = (value: number) => WHOLE_COUNT_FORMAT.format(value);

/** A count (an expected number a day) with thousands separators, rounded down, up or to nearest at `digits` decimals. */
export function formatCount(value: number, digits: number, rounding: 'down' | 'up' | 'nearest' = 'nearest'): string {
  const scale = 10 ** digits;
  let units = rounding === 'down' ? Math.floor(value * scale) : rounding === 'up' ? Math.ceil(value * scale) : Math.round(value * scale);
  // The product's float error: 0.29 × 100 is 28.999999999999996, whose floor 28 is a step further out than 0.29 needs.
  if (rounding === 'down' && (units + 1) / scale <= value) units += 1;
  if (rounding === 'up' && (units - 1) / scale >= value) units -= 1;
  if (rounding === 'down' && units / scale > value) units -= 1;
  if (rounding === 'up' && units / scale < value) units += 1;
  return (units / scale).toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/**
 * An interval of counts as text: the estimate to nearest, the bounds rounded outward (lower down,
 * upper up) at the decimals its smallest nonzero value needs: 270.61–1,801.8 reads "270"–"1,802".
 */
export function formatCountParts(interval: Interval) {
  const digits = countDigits([interval.estimate, interval.lower, interval.upper]);
  return {
    estimate: formatCount(interval.estimate, digits),
    lower: formatCount(interval.lower, digits, 'down'),
    upper: formatCount(interval.upper, digits, 'up'),
  };
}
