import { assertProbability } from './assert-probability';

/**
 * The smallest shape accepted. Below it the tail not computed by the continued fraction is
 * 1 − (the other tail) and loses its relative precision (the small tail is O(shape)), ln Γ of the
 * shape loses digits, and at subnormal shapes the prefactor overflows: rather than wrong digits,
 * such shapes are refused. No interval in this library needs them (its shapes are ≥ ½).
 */
const MIN_SHAPE = 0.01;
/** The largest shape accepted: 2^53, the largest count a binomial tail can turn into a shape. */
const MAX_SHAPE = 2 ** 53;

/**
 * Validates beta-distribution arguments: shapes a, b with 0.01 ≤ a, b ≤ 2^53, and a probability or point
 * in [0, 1] under the caller's name for it. Errors: a `RangeError` naming the argument and value —
 * "a must be a finite number > 0, got 0" for a value that is no shape at all, "a must be ≥ 0.01
 * (…), got 0.0012" for a shape too small to be computed to full relative precision.
 *
 * @example assertBetaParameters('x', 0.3, 2, 5) // passes; assertBetaParameters('q', 1.2, 2, 5) throws
 */
export function assertBetaParameters(name: string, value: number, a: number, b: number): void {
  for (const [shape, shapeValue] of [['a', a], ['b', b]] as const) {
    if (!(shapeValue > 0 && Number.isFinite(shapeValue))) throw new RangeError(`${shape} must be a finite number > 0, got ${String(shapeValue)}`);
    if (shapeValue > MAX_SHAPE) throw new RangeError(`${shape} must be ≤ 2^53 (${MAX_SHAPE}), got ${shapeValue}`);
    if (shapeValue < MIN_SHAPE) {
      throw new RangeError(`${shape} must be ≥ ${MIN_SHAPE} (smaller shapes are not computed to full precision), got ${shapeValue}`);
    }
  }
  assertProbability(name, value);
}
