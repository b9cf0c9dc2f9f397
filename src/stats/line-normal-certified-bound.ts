/**
 * The largest θ ≤ `above` (to 1/1000 of a standard error) at which a closed-form upper bound on φ
 * (Berry–Esseen: `balancedLineNormalBound`) proves φ(θ) ≤ α, or −∞ when it cannot even at `reach`
 * below `above` (small classes, tiny α). Bisection: the bound rises with θ.
 *
 * Domain: `normal` non-decreasing in θ; reach, standardError > 0. Internal: not validated.
 *
 * @example lineNormalCertifiedBound((theta) => theta, 0.5, 0.9, 0.6, 0.01) // ≈ 0.5 (to 10⁻⁵)
 */
export function lineNormalCertifiedBound(normal: (theta: number) => number, alpha: number, above: number, reach: number, standardError: number): number {
  const certified = (theta: number) => normal(theta) <= alpha;
  let low = above - reach;
  if (!(low > 0 && certified(low))) return -Infinity;
  let high = above;
  if (certified(high)) return high;
  while (high - low > 1e-3 * standardError) {
    const middle = low + (high - low) / 2;
    if (certified(middle)) low = middle;
    else high = middle;
  }
  return low;
}
