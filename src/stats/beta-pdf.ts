import { assertBetaParameters } from './assert-beta-parameters';
import { logBetaPrefactor } from './log-beta-prefactor';

/**
 * The Beta(a, b) density f(x) = x^(a−1) (1−x)^(b−1) / B(a, b), computed as
 * a·[xᵃ yᵇ / (a·B(a, b))] / (x y) with Loader's saddle-point prefactor, so it stays accurate for
 * shapes up to 1e9 and deep in the tails.
 *
 * Reference: Loader (2000) (dbeta through dbinom_raw). Domain: 0 ≤ x ≤ 1, 1e-300 ≤ a, b ≤ 2^53; at the ends the
 * limit (Infinity where the density diverges). Errors: `RangeError` naming the argument.
 *
 * @example betaPdf(0.5, 2, 2) // 1.5
 */
export function betaPdf(x: number, a: number, b: number): number {
  assertBetaParameters('x', x, a, b);
  if (x === 0) return a < 1 ? Infinity : a === 1 ? b : 0;
  if (x === 1) return b < 1 ? Infinity : b === 1 ? a : 0;
  const y = 1 - x;
  return Math.exp(logBetaPrefactor(x, y, a, b) + Math.log(a) - Math.log(x) - Math.log(y));
}
