/**
 * Validates a probability (or a point of [0, 1]) under the caller's name for it.
 * Errors: a `RangeError` naming the argument and value, e.g. "p must be in [0, 1], got 1.2".
 *
 * @example assertProbability('p', 0.83) // passes
 */
export function assertProbability(name: string, value: number): void {
  if (typeof value !== 'number' || !(value >= 0 && value <= 1)) {
    throw new RangeError(`${name} must be in [0, 1], got ${String(value)}`);
  }
}
