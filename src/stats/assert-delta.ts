/**
 * The smallest miss probability δ accepted. The constructions split δ between bounds (δ/2, δ/4,
 * δ/(2K)) and take logarithms of the parts; below 1e-300 the parts would be subnormal or 0
 * (5e-324 / 4 = 0), and a bound would no longer be determined by δ.
 */
const MIN_DELTA = 1e-300;

/**
 * Validates a miss probability δ (confidence 1 − δ): a number with 1e-300 ≤ δ < 1. The one-sided
 * bounds (`exactUpperBound`, `exactLowerBound`, `upperComplement`), which receive the split levels
 * δ/2, δ/4, δ/(2K) from the intervals, pass `minimum` = 2.2250738585072014e-308 (the smallest
 * normal double) instead: every level they are given is then a normal number.
 * At the top end, δ up to the largest double below 1 is accepted: the interval functions order
 * their bounds themselves (lower ≤ estimate ≤ upper), so rounding cannot make them cross.
 *
 * Errors: a `RangeError` naming the argument and value: "delta must be in (0, 1), got 1.5" for a
 * value that is no probability at all (or not a number), and "delta must be in [1e-300, 1), got
 * 5e-324" for one too small to be split between bounds (1e-300 keeps every per-bound level δ/(2K) a normal double for K up to 10⁷ classes).
 *
 * @example assertDelta(0.05) // passes; assertDelta(0) and assertDelta(1e-320) throw
 */
export function assertDelta(delta: number, name = 'delta', minimum = MIN_DELTA): void {
  if (typeof delta !== 'number' || !(delta > 0 && delta < 1)) {
    throw new RangeError(`${name} must be in (0, 1), got ${String(delta)}`);
  }
  if (delta < minimum) throw new RangeError(`${name} must be in [${minimum}, 1), got ${delta}`);
}
