/**
 * Validates a miss probability δ (confidence 1 − δ): a number strictly between 0 and 1.
 *
 * Errors: a `RangeError` naming the argument and value, e.g. "delta must be in (0, 1), got 1.5".
 *
 * @example assertDelta(0.05) // passes; assertDelta(0) throws
 */
export function assertDelta(delta: number, name = 'delta'): void {
  if (typeof delta !== 'number' || !(delta > 0 && delta < 1)) {
    throw new RangeError(`${name} must be in (0, 1), got ${String(delta)}`);
  }
}
