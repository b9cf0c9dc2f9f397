import { binomialPmf } from './binomial-pmf';

/**
 * All binomial probabilities f(k; n, p) for k = 0..n at once: f at the mode m = ⌊(n + 1)p⌋ from
 * `binomialPmf` (Loader's form), then the ratio recurrences outward,
 * f(k + 1) = f(k)·(n − k)/(k + 1)·p/q and f(k − 1) = f(k)·k/(n − k + 1)·q/p.
 * Moving away from the mode the terms only shrink, so rounding errors stay relative (about k ulps)
 * and underflow only happens where the true value is below the smallest double.
 *
 * Reference: Loader (2000) for the mode term; the recurrence is the textbook ratio
 * f(k + 1)/f(k). Domain: n ≥ 1 whole, 0 ≤ p ≤ 1. Internal: not validated (callers validate).
 *
 * @example binomialPmfRow(2, 0.5) // Float64Array [0.25, 0.5, 0.25]
 */
export function binomialPmfRow(n: number, p: number): Float64Array {
  const row = new Float64Array(n + 1);
  const q = 1 - p;
  const mode = Math.min(n, Math.floor((n + 1) * p));
  let value = binomialPmf(mode, n, p);
  row[mode] = value;
  for (let k = mode; k < n && value > 0; k++) {
    value *= ((n - k) / (k + 1)) * (p / q);
    row[k + 1] = value;
  }
  value = row[mode]!;
  for (let k = mode; k > 0 && value > 0; k--) {
    value *= (k / (n - k + 1)) * (q / p);
    row[k - 1] = value;
  }
  return row;
}
