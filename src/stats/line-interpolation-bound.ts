/**
 * The largest value a function h on a cell [0, w] can reach given its end values h(0) = h1,
 * h(w) = h2 and |h''| ≤ M: h(u) ≤ h1 + (h2 − h1)u/w + M·u(w − u)/2 (the error of linear
 * interpolation), maximised over u ∈ [0, w] — at u = w/2 + (h2 − h1)/(M·w), clamped to the cell.
 *
 * Reference: the remainder of linear interpolation, h(u) − ℓ(u) = h''(ξ)·u(u − w)/2 (e.g. Atkinson,
 * An Introduction to Numerical Analysis, 2nd ed., Theorem 3.2).
 * Domain: w > 0, M ≥ 0 (M ≤ 0 or NaN: the larger end value; M·w below the smallest double: the larger
 * end value too). Internal: not validated.
 *
 * @example lineInterpolationBound(0.01, 0.01, 0.1, 2) // 0.0125: at the middle, 0.01 + 2·0.05·0.05/2
 */
export function lineInterpolationBound(h1: number, h2: number, width: number, curvature: number): number {
  if (!(curvature > 0)) return Math.max(h1, h2);
  const scale = curvature * width;
  // M·w underflows to 0 only when the bump M·w²/8 is below the smallest double: the larger end bounds the cell.
  if (!(scale > 0)) return Math.max(h1, h2) + (scale * width) / 8;
  let u = width / 2 + (h2 - h1) / scale;
  u = u < 0 ? 0 : u > width ? width : u;
  return h1 + ((h2 - h1) * u) / width + (curvature * u * (width - u)) / 2;
}
