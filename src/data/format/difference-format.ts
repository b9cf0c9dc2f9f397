import type { DifferenceInterval } from '../../stats';
import { errorRateDigits, formatPercent, honestDigits, type Rounding } from './format';

/**
 * A difference of two accuracies in percentage points, signed: +1.5, −2.1, 0.0. Rounded in the
 * given direction on the number line ('down' towards −1), so an interval's ends rounded outward
 * (lower down, upper up) never make it narrower; built on `formatPercent`'s rounding of |value|.
 */
export function formatPoints(value: number, digits = 1, rounding: Rounding = 'nearest'): string {
  if (value === 0) return (0).toFixed(digits);
  const magnitudeRounding: Rounding = value > 0 || rounding === 'nearest' ? rounding : rounding === 'down' ? 'up' : 'down';
  const magnitude = formatPercent(Math.abs(value), digits, magnitudeRounding).replace('%', '');
  if (Number(magnitude) === 0) return magnitude;
  return `${value < 0 ? '−' : '+'}${magnitude}`;
}

/** Decimals at which a difference interval's ends and estimate read honestly (no bound short of 0 reads 0). */
export function differenceDigits(interval: DifferenceInterval, minDigits = 1): number {
  const shown = [
    { value: interval.estimate, rounding: 'nearest' as const },
    { value: interval.lower, rounding: 'down' as const },
    { value: interval.upper, rounding: 'up' as const },
  ];
  // Magnitudes: a bound of −0.0004 must not read "0.0" any more than +0.0004 may.
  return honestDigits(shown.map(({ value, rounding }) => ({ value: Math.abs(value), rounding: value < 0 ? flip(rounding) : rounding })), minDigits);
}

/** Estimate (nearest) and outward-rounded ends in signed points, with the decimals `differenceDigits` asks for. */
export function formatDifferenceParts(interval: DifferenceInterval, minDigits = 1) {
  const digits = differenceDigits(interval, minDigits);
  return {
    estimate: formatPoints(interval.estimate, digits, 'nearest'),
    lower: formatPoints(interval.lower, digits, 'down'),
    upper: formatPoints(interval.upper, digits, 'up'),
    digits,
  };
}

/** The smallest p-value written as a percentage; below it, "less than 0.0001%". */
const SMALLEST_SHOWN_P = 1e-6;

/**
 * A p-value as a percentage rounded up (never smaller than the exact value) to two significant
 * digits: 0.0029 → "0.29%", 0.23 → "23.0%"; below 10⁻⁶, "less than 0.0001%".
 */
export function formatPValue(p: number): string {
  if (p < SMALLEST_SHOWN_P) return `less than ${formatPercent(SMALLEST_SHOWN_P, 4, 'up')}`;
  return formatPercent(p, errorRateDigits({ estimate: p, lower: p, upper: p }), 'up');
}

const flip = (rounding: Rounding): Rounding => (rounding === 'down' ? 'up' : rounding === 'up' ? 'down' : 'nearest');
