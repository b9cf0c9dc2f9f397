import { assertBetaParameters } from './assert-beta-parameters';
import { incompleteBeta } from './incomplete-beta';

/**
 * The Beta(a, b) survival function 1 − I_x(a, b) = P[X > x], accurate in relative terms in the
 * upper tail (not computed as 1 − betaCdf there).
 *
 * Reference: Abramowitz & Stegun 26.5.2 (I_x(a, b) = 1 − I_{1−x}(b, a)). Domain: 0 ≤ x ≤ 1, 1e-300 ≤ a, b ≤ 2^53 (see `assertBetaParameters` for why).
 * Errors: `RangeError` naming the argument when x ∉ [0, 1] or a shape is outside [1e-300, 2^53].
 *
 * @example betaSf(0.99, 2, 2) // ≈ 2.98e-4
 */
export function betaSf(x: number, a: number, b: number): number {
  assertBetaParameters('x', x, a, b);
  if (x === 0) return 1;
  if (x === 1) return 0;
  return incompleteBeta(x, 1 - x, a, b).sf;
}
