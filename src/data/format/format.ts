import type { Interval } from '../../stats';
import { decimalComplement } from './decimal-complement';

export type Rounding = 'down' | 'up' | 'nearest';

/**
 * A proportion as a percentage string with `digits` decimals, rounded in the given direction.
 * Bounds are shown rounded outward (lower 'down', upper 'up'), so a displayed interval is never
 * narrower than the exact one; the check after rounding corrects the product's float error.
 */
export function formatPercent(value: number, digits = 1, rounding: Rounding = 'nearest'): string {
  const scale = 10 ** (digits + 2);
  let units: number;
  if (rounding === 'down') {
    units = Math.floor(value * scale);
    if (units / scale > value) units -= 1;
  } else if (rounding === 'up') {
    units = Math.ceil(value * scale);
    if (units / scale < value) units += 1;
  } else {
    units = Math.round(value * scale);
  }
  units = Math.min(Math.max(units, 0), scale);
  // At the most decimals a double allows, a value short of 0 or 1 that still reads 0% or 100% says so.
  if (digits >= MAX_DIGITS && value > 0 && value < 1) {
    if (units === 0) return `<${(1 / 10 ** digits).toFixed(digits)}%`;
    if (units === scale) return `>${(100 - 1 / 10 ** digits).toFixed(digits)}%`;
  }
  return `${(units / 10 ** digits).toFixed(digits)}%`;
}

/** The most decimals a percentage gets: beyond this, value × 10^(digits + 2) outgrows a double's whole units. */
const MAX_DIGITS = 12;

/** A value to print and the direction it is rounded in. */
export interface ShownValue {
  value: number;
  rounding: Rounding;
}

/**
 * The fewest decimals (at least `minDigits`) at which the values read honestly: none short of 0 or
 * 1 reads "0%" or "100%", and no two different values read the same ("100.0% [99.9%, 100.0%]"
 * for 999,500/1,000,000 becomes "99.95% [99.94%, 99.96%]").
 */
export function honestDigits(values: readonly ShownValue[], minDigits = 1): number {
  for (let digits = minDigits; digits < MAX_DIGITS; digits++) {
    const texts = values.map(({ value, rounding }) => formatPercent(value, digits, rounding));
    // A value past 0 or 1 is one of them to rounding (a probability summed to 1 + 2⁻⁵²): it reads as that end.
    const pinned = values.some(({ value }, index) => (value > 0 && value < 1 && /^(0|100)(\.0*)?%$/.test(texts[index]!)));
    const merged = values.some(({ value }, index) => values.some((other, j) => j > index && differ(other.value, value) && texts[j] === texts[index]));
    if (!pinned && !merged) return digits;
  }
  return MAX_DIGITS;
}

/** Whether two values are different numbers, not one computed two ways (a tie's bounds, ±14.8 points, differ in their last bit). */
const differ = (a: number, b: number) => Math.abs(a - b) > 1e-12 * Math.max(Math.abs(a), Math.abs(b));

const intervalValues = (interval: Interval): ShownValue[] => [
  { value: interval.estimate, rounding: 'nearest' },
  { value: interval.lower, rounding: 'down' },
  { value: interval.upper, rounding: 'up' },
];

/**
 * Decimals at which every one of these intervals reads honestly, so that a table's column shares
 * them: honestDigits, and enough that outward rounding at most triples an interval's width (a class
 * with every example right, 1,000,000/1,000,000, reads [99.999%, 100.000%], not [99.9%, 100.0%]).
 */
export function intervalDigits(intervals: readonly Interval[], minDigits = 1): number {
  return Math.max(minDigits, ...intervals.map((interval) => Math.max(honestDigits(intervalValues(interval), minDigits), widthDigits(interval, minDigits))));
}

/** The fewest decimals (at least `minDigits`) at which the outward-rounded interval is at most three times as wide as it is. */
function widthDigits({ lower, upper }: Interval, minDigits: number): number {
  const width = upper - lower;
  if (!(width > 0)) return minDigits;
  const shown = (value: number, digits: number, rounding: Rounding) => Number(formatPercent(value, digits, rounding).replace(/[<>%]/g, ''));
  for (let digits = minDigits; digits < MAX_DIGITS; digits++) {
    if (shown(upper, digits, 'up') - shown(lower, digits, 'down') <= 3 * width * 100 * (1 + 1e-9)) return digits;
  }
  return MAX_DIGITS;
}

/**
 * Estimate (nearest) and outward-rounded bounds of an interval, as percentage strings, with at
 * least `minDigits` decimals and as many more as honestDigits needs. The page's one interval formatter.
 */
export function formatIntervalParts(interval: Interval, minDigits = 1) {
  const digits = intervalDigits([interval], minDigits);
  return {
    estimate: formatPercent(interval.estimate, digits, 'nearest'),
    lower: formatPercent(interval.lower, digits, 'down'),
    upper: formatPercent(interval.upper, digits, 'up'),
  };
}

/** "79.3% [70.8%, 87.4%]": the estimate with its interval, all at the digits the interval needs (a lone estimate could read 100.0% beside [99.894%, 99.994%]). */
export function formatEstimateWithInterval(interval: Interval, minDigits = 1): string {
  const parts = formatIntervalParts(interval, minDigits);
  return `${parts.estimate} [${parts.lower}, ${parts.upper}]`;
}

/** "[70.8%, 87.4%]" — outward rounded, honest digits. */
export function formatInterval(interval: Interval, minDigits = 1): string {
  const parts = formatIntervalParts(interval, minDigits);
  return `[${parts.lower}, ${parts.upper}]`;
}

/** One value (a bound rounded outward, an estimate to nearest) with the decimals it needs not to read 0% or 100%. */
export function formatHonestPercent(value: number, rounding: Rounding, minDigits = 1): string {
  return formatPercent(value, honestDigits([{ value, rounding }], minDigits), rounding);
}

/** The error rate 1 − accuracy of an accuracy interval: its bounds swap ends. */
export function errorRateInterval(interval: Interval): Interval {
  return { estimate: 1 - interval.estimate, lower: 1 - interval.upper, upper: 1 - interval.lower };
}

/**
 * Decimals that give an error-rate interval's smallest nonzero value two significant digits:
 * lower bound 0.00046 → 3 ("0.050% [0.046%, 0.055%]"), 0.01 → 1; with no errors, the upper bound's.
 */
export function errorRateDigits(errors: Interval): number {
  const leading = errors.lower > 0 ? errors.lower : errors.upper;
  if (!(leading > 0)) return 1;
  return Math.min(MAX_DIGITS, Math.max(1, 1 - Math.floor(Math.log10(leading * 100))));
}

/**
 * A confidence level 1−δ as a percentage without trailing zeros: δ = 0.05 → "95%", 0.001 → "99.9%",
 * 1e-12 → "99.9999999999%"; below 1e-13, where a double cannot hold 1 − δ in percent, "(1 − 1e-300)":
 * never "100%".
 */
export function formatConfidence(delta: number): string {
  if (delta < 1e-13) return `(1 − ${delta})`;
  // Taken in decimal where δ is a short decimal: δ = 0.9999999 is 0.00001%, not binary's 0.000009999999995%.
  const exact = decimalComplement(String(delta));
  if (exact !== undefined && exact.replace(/^[0.]+/, '').length <= 15) return `${percentOfDecimal(exact)}%`;
  const percent = (1 - delta) * 100;
  const digits = Math.min(15, Math.max(10, Math.ceil(-Math.log10(delta)) + 3));
  return `${Number(percent.toPrecision(digits))}%`;
}

/** A decimal proportion as text ("0.0000001") as a percentage, exactly ("0.00001"). */
function percentOfDecimal(text: string): string {
  const [whole, fraction = ''] = text.split('.');
  const digits = `${whole}${fraction.padEnd(2, '0')}`;
  const point = whole!.length + 2;
  const shifted = `${digits.slice(0, point).replace(/^0+(?=\d)/, '')}.${digits.slice(point)}`;
  return shifted.replace(/\.?0*$/, '') || '0';
}

/**
 * A proportion for a tooltip: ten significant digits of its distance from the nearer of 0 and 1, so
 * 0.9992350000000001 (an average's float noise) reads 0.999235 while 1 − 3e-9 keeps its digits.
 */
export function formatProportion(value: number): string {
  const distance = Math.min(value, 1 - value);
  if (!(distance > 0) || !Number.isFinite(value)) return String(value);
  const decimals = Math.min(20, Math.max(0, Math.ceil(-Math.log10(distance))) + 9);
  return String(Number(value.toFixed(decimals)));
}

/**
 * A proportion × 100 as the number it stands for, without float noise: 0.57 → "57" (0.57 × 100 is
 * 56.99999999999999), 0.999 → "99.9". Twelve significant digits: for targets, scale ends and inputs.
 */
export function percentNumber(value: number): string {
  return String(Number((value * 100).toPrecision(12)));
}

/** Width of b relative to a, for "38% wider" / "12% narrower" (percent rounded, 0: about as wide). */
export function relativeWidth(a: { lower: number; upper: number }, b: { lower: number; upper: number }): { percent: number; wider: boolean } {
  const ratio = (b.upper - b.lower) / (a.upper - a.lower);
  return { percent: Math.round(Math.abs(ratio - 1) * 100), wider: ratio > 1 };
}

/** Full precision for tooltips and exports: the shortest string that round-trips to the same double. */
export function formatFullPrecision(value: number): string {
  return String(value);
}

/** A file's size in the unit that shows it: 17 KB, 2.4 MB (a 17 KB file read "0 MB"). */
export function fileSize(bytes: number): string {
  if (bytes < 1e3) return `${bytes} byte${bytes === 1 ? '' : 's'}`;
  // The unit the size rounds into: 999,999 bytes is 1 MB, not 1,000 KB.
  const [value, unit] = bytes < 999.5e3 ? [bytes / 1e3, 'KB'] : bytes < 999.5e6 ? [bytes / 1e6, 'MB'] : [bytes / 1e9, 'GB'];
  return `${value.toLocaleString('en-US', { maximumFractionDigits: value < 10 ? 1 : 0 })} ${unit}`;
}
