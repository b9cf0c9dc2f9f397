import { assertBetaParameters } from './assert-beta-parameters';
import { incompleteBeta } from './incomplete-beta';

/**
 * The Beta(a, b) distribution function, the regularized incomplete beta
 * I_x(a, b) = ∫₀ˣ t^(a−1) (1−t)^(b−1) dt / B(a, b), accurate in relative terms in the lower tail.
 *
 * Reference: Abramowitz & Stegun 26.5.1; computed by the continued fraction 26.5.8 with Loader's
 * (2000) prefactor (see `incompleteBeta`). Domain: 0 ≤ x ≤ 1, 1e-300 ≤ a, b ≤ 2^53 (see `assertBetaParameters` for why).
 * Errors: `RangeError` naming the argument when x ∉ [0, 1] or a shape is outside [1e-300, 2^53].
 *
 * @example betaCdf(0.5, 2, 2) // 0.5
 */
export function betaCdf(x: number, a: number, b: number): number {
  assertBetaParameters('x', x, a, b);
  if (x === 0) return 0;
  if (x === 1) return 1;
  return incompleteBeta(x, 1 - x, a, b).cdf;
}
