/**
 * A probability computed as a sum (such as p + Δ₀), kept in [0, 1] against rounding.
 *
 * Domain: any number that is a probability up to rounding (NaN stays NaN). Internal step of the exact
 * score inversions: not validated.
 *
 * @example clampProbability(0.3 - 0.1 - 0.2) // 0 (the difference rounds to −2.8e-17)
 */
export function clampProbability(p: number): number {
  return Math.min(1, Math.max(0, p));
}
