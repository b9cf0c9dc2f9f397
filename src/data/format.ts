import type { Interval } from '../stats';

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
  return `${(units / 10 ** digits).toFixed(digits)}%`;
}

/** Estimate (nearest) and outward-rounded bounds of an interval, as percentage strings. */
export function formatIntervalParts(interval: Interval, digits = 1) {
  return {
    estimate: formatPercent(interval.estimate, digits, 'nearest'),
    lower: formatPercent(interval.lower, digits, 'down'),
    upper: formatPercent(interval.upper, digits, 'up'),
  };
}

/** "[70.8%, 87.4%]" — outward rounded. */
export function formatInterval(interval: Interval, digits = 1): string {
  const parts = formatIntervalParts(interval, digits);
  return `[${parts.lower}, ${parts.upper}]`;
}

/** A confidence level 1−δ as a percentage without trailing zeros: δ = 0.05 → "95%", 0.001 → "99.9%". */
export function formatConfidence(delta: number): string {
  const percent = (1 - delta) * 100;
  return `${Number(percent.toPrecision(10))}%`;
}

/** Full precision for tooltips and exports: the shortest string that round-trips to the same double. */
export function formatFullPrecision(value: number): string {
  return String(value);
}
