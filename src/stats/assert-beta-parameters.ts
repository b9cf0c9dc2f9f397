import { assertProbability } from './assert-probability';

/**
 * Validates beta-distribution arguments: shapes a, b finite and > 0, and a probability or point
 * in [0, 1] under the caller's name for it. Errors: a `RangeError` naming the argument and value.
 *
 * @example assertBetaParameters('x', 0.3, 2, 5) // passes; assertBetaParameters('q', 1.2, 2, 5) throws
 */
export function assertBetaParameters(name: string, value: number, a: number, b: number): void {
  for (const [shape, shapeValue] of [['a', a], ['b', b]] as const) {
    if (!(shapeValue > 0 && Number.isFinite(shapeValue))) throw new RangeError(`${shape} must be a finite number > 0, got ${String(shapeValue)}`);
  }
  assertProbability(name, value);
}
