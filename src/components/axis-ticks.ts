/** The smallest 1-2-5 step (1, 2 or 5 times a power of ten) at least `raw`. */
export function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((multiple) => multiple * power).find((candidate) => candidate >= raw * (1 - 1e-12))!;
}

/**
 * Ticks at a 1-2-5 step from a multiple at or below `from` to one at or above `to`, at most
 * `maxCount` of them: an axis whose domain is the first to the last tick has a gridline at each.
 */
export function niceTicks(from: number, to: number, maxCount = 5): number[] {
  if (!(to > from)) return [from];
  let step = niceStep((to - from) / Math.max(1, maxCount - 1));
  const span = (size: number) => Math.ceil(to / size - 1e-9) - Math.floor(from / size + 1e-9);
  while (span(step) + 1 > maxCount) step = niceStep(step * 1.5);
  const first = Math.floor(from / step + 1e-9);
  return Array.from({ length: span(step) + 1 }, (_, index) => Number(((first + index) * step).toPrecision(12)));
}

/** How many ticks fit along `pixels` of axis when each label needs about `labelPixels`. */
export function tickCountFor(pixels: number, labelPixels: number, most = 5): number {
  return Math.max(2, Math.min(most, Math.floor(pixels / labelPixels)));
}

/**
 * Labels for ticks at one step, as percentages with the decimals that write every multiple of the
 * step exactly (a 0.5% step → "97.5%"), so labels are distinct and each sits at its own value.
 */
export function percentTickFormatter(ticks: readonly number[]): (value: number) => string {
  const step = ticks.length > 1 ? Math.abs(ticks[1]! - ticks[0]!) : 1;
  const digits = Math.max(0, Math.ceil(-Math.log10(step * 100) - 1e-9));
  return (value: number) => `${(value * 100).toFixed(digits)}%`;
}

/**
 * How many labels to skip between drawn ones on a category axis (recharts' numeric `interval`) so
 * that labels of about `charPixels` a character, `gapPixels` apart, fit along `pixels`: estimated from
 * the longest label, as recharts' own thinning would otherwise measure every label in the DOM
 * (tens of milliseconds a render for a year of weekly windows).
 */
export function categoryTickInterval(labels: readonly string[], pixels: number, charPixels = 8, gapPixels = 12): number {
  const longest = Math.max(0, ...labels.map((label) => label.length));
  const labelPixels = longest * charPixels + gapPixels;
  const fitting = Math.max(1, Math.floor(pixels / labelPixels));
  return Math.max(0, Math.ceil(labels.length / fitting) - 1);
}
