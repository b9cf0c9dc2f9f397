import { assertProbability } from './assert-probability';

/**
 * The smallest shape accepted: the smallest normal double's neighbourhood. Small shapes are computed
 * to full relative precision (the small tail by `incompleteBetaSmallShape`, never as 1 minus the
 * other), but at subnormal shapes 1/a and ln Γ(a) overflow or lose their digits: refused instead.
 */
const MIN_SHAPE = 1e-300;
/** The largest shape accepted: 2^53, the largest count a binomial tail can turn into a shape. */
const MAX_SHAPE = 2 ** 53;

/**
 * Validates beta-distribution arguments: shapes a, b with 1e-300 ≤ a, b ≤ 2^53, and a probability or point
 * in [0, 1] under the caller's name for it. Errors: a `RangeError` naming the argument and value —
 * "a must be a finite number > 0, got 0" for a value that is no shape at all, "a must be ≥ 1e-300
 * (…), got 5e-324" for a subnormal shape.
 *
 * @example assertBetaParameters('x', 0.3, 2, 5) // passes; assertBetaParameters('q', 1.2, 2, 5) throws
 */
export function assertBetaParameters(name: string, value: number, a: number, b: number): void {
  for (const [shape, shapeValue] of [['a', a], ['b', b]] as const) {
    if (!(shapeValue > 0 && Number.isFinite(shapeValue))) throw new RangeError(`${shape} must be a finite number > 0, got ${String(shapeValue)}`);
    if (shapeValue > MAX_SHAPE) throw new RangeError(`${shape} must be ≤ 2^53 (${MAX_SHAPE}), got ${shapeValue}`);
    if (shapeValue < MIN_SHAPE) {
      throw new RangeError(`${shape} must be ≥ ${MIN_SHAPE} (subnormal shapes are not computed), got ${shapeValue}`);
    }
  }
  assertProbability(name, value);
}
