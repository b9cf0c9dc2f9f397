import { assertBetaParameters } from './assert-beta-parameters';
import { betaQuantilePair } from './beta-quantile-pair';

/**
 * The inverse of the Beta(a, b) distribution function: the x with I_x(a, b) = q.
 * Halley's method in ln x on the log of the smaller tail, bracketed, from an Abramowitz & Stegun
 * 26.5.22 first guess; relative accuracy ~1e-15 for x below the median, absolute ~1e-16 above
 * (use `upperComplement`-style complements for 1 − x; internally `betaQuantilePair` gives both).
 *
 * Reference: Abramowitz & Stegun 26.5.22; Press et al., Numerical Recipes (3rd ed.), §6.14.
 * Domain: 0 ≤ q ≤ 1, 1e-300 ≤ a, b ≤ 2^53 (q = 0 → 0, q = 1 → 1). Errors: `RangeError` naming the argument.
 *
 * @example betaQuantile(0.5, 2, 2) // 0.5
 */
export function betaQuantile(q: number, a: number, b: number): number {
  assertBetaParameters('q', q, a, b);
  if (q === 0) return 0;
  if (q === 1) return 1;
  return betaQuantilePair(q, a, b).x;
}
