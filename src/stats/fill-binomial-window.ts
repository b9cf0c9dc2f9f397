import { logBinomialTerm } from './log-binomial-term';

/** A Binomial(n, p) row over a window: values[k] = f(k; n, p) for k in [lo, hi]. */
export interface BinomialWindow {
  /** Room for k = 0..n; reused from fill to fill. */
  values: Float64Array;
  p: number;
  lo: number;
  hi: number;
  /** An upper bound on Σ f(k) over the k outside [lo, hi]. */
  dropped: number;
}

/** A window for rows of Binomial(n, ·), to be filled by `fillBinomialWindow`. */
export function binomialWindow(n: number): BinomialWindow {
  return { values: new Float64Array(n + 1), p: NaN, lo: 0, hi: 0, dropped: 0 };
}

/**
 * Writes values[k] = f(k; n, p), the Binomial(n, p) probabilities, for k in a window [lo, hi] around
 * the mode, and bounds what it leaves out. The mode term comes from Loader's form, the rest by
 * the ratio recurrence r_k = f(k + 1)/f(k) = (n − k)/(k + 1)·p/q outward. Moving away from the
 * mode the ratios only fall, so once r < 1 the rest of a tail is at most f(k)·r/(1 − r) (a
 * geometric series); the window stops where that is ≤ `cutoff`, and the bound is counted in
 * `dropped`. Relative error: ~1e-14 for the mode term plus about one ulp per step. The window is
 * filled in place (no allocation: the callers fill thousands of rows per search) and returned.
 *
 * Reference: Loader (2000), "Fast and accurate computation of binomial probabilities".
 * Domain: n ≥ 0 whole, 0 ≤ p ≤ 1, window.values.length > n, cutoff ≥ 0. Internal: not validated.
 *
 * @example fillBinomialWindow(binomialWindow(2), 2, 0.5, 0) // lo 0, hi 2, dropped 0, values [0.25, 0.5, 0.25]
 */
export function fillBinomialWindow(window: BinomialWindow, n: number, p: number, cutoff: number): BinomialWindow {
  const row = window.values;
  window.p = p;
  if (!(p > 0) || !(p < 1)) {
    const k = p > 0 ? n : 0;
    row[k] = 1;
    window.lo = window.hi = k;
    window.dropped = 0;
    return window;
  }
  const q = 1 - p;
  const mode = Math.min(n, Math.floor((n + 1) * p));
  const peak = Math.exp(logBinomialTerm(mode, n - mode, p, q));
  row[mode] = peak;
  let dropped = 0;
  const odds = p / q;
  let value = peak;
  let hi = mode;
  while (hi < n) {
    const ratio = ((n - hi) / (hi + 1)) * odds;
    // What is left, value·ratio/(1 − ratio), is ≤ cutoff: tested without the division.
    if (ratio < 1 && value * ratio <= cutoff * (1 - ratio)) {
      dropped += (value * ratio) / (1 - ratio);
      break;
    }
    value *= ratio;
    row[++hi] = value;
  }
  const inverse = q / p;
  value = peak;
  let lo = mode;
  while (lo > 0) {
    const ratio = (lo / (n - lo + 1)) * inverse;
    if (ratio < 1 && value * ratio <= cutoff * (1 - ratio)) {
      dropped += (value * ratio) / (1 - ratio);
      break;
    }
    value *= ratio;
    row[--lo] = value;
  }
  window.lo = lo;
  window.hi = hi;
  window.dropped = dropped;
  return window;
}
