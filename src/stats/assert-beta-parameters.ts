import { assertProbability } from './assert-probability';

/**
 * Validates beta-distribution arguments: shapes a, b finite and > 0, and a probability or point
 * in [0, 1] under the caller's name for it. Errors: a `RangeError` naming the argument and value.
 *
 * @example assertBetaParameters('x', 0.3, 2, 5) // passes; assertBetaParameters('q', 1.2, 2, 5) throws
 */
export function assertBetaParameters(name: string, value: number, a: number, b: number): void {
  if (!(a > 0 && Number.isFinite(a))) throw new RangeError(`a must be a finite number > 0, got ${String(a)}`);
  if (!(b > 0 && Number.isFinite(b))) throw new RangeError(`b must be a finite number > 0, got ${String(b)}`);
  assertProbability(name, value);
}
