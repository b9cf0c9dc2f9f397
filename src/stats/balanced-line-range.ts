/**
 * The range of p₊ = s on the line p₊ + p₋ = 2θ inside the unit square: [max(0, 2θ − 1), min(1, 2θ)].
 *
 * Domain: 0 ≤ θ ≤ 1 (outside it the range is empty: low > high). Internal: not validated.
 *
 * @example balancedLineRange(0.8) // ≈ [0.6, 1]
 */
export function balancedLineRange(theta: number): [number, number] {
  return [Math.max(0, 2 * theta - 1), Math.min(1, 2 * theta)];
}
