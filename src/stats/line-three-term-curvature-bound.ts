import { binomialModeBound } from './binomial-mode-bound';

/**
 * An upper bound on |h''| for h(s) = P[(X₊, X₋) in a staircase set] at (p₊, p₋) = (s, c − s), over
 * p₊ ∈ [aLo, aHi], p₋ ∈ [bLo, bHi]. With F(a, b) = Σ_j f₋(j) S₊(m'(j); a) = Σ_i f₊(i) S₋(m(i); b),
 * h'' = F_aa − 2F_ab + F_bb and
 *   ∂²S(m; p)/∂p² = n(n−1)[f(m−2; n−2, p) − f(m−1; n−2, p)], ∂S(m; p)/∂p = n f(m−1; n−1, p),
 *   ∂f(i; n, p)/∂p = n[f(i−1; n−1, p) − f(i; n−1, p)].
 * A unimodal sequence's differences sum to 2·its maximum in absolute value, and each threshold
 * m'(j) is shared by at most `share` values of j (⌈n₋/n₊⌉ for the estimate's ordering), so
 *   |F_aa| ≤ n₊(n₊−1)·2M(n₊−2)·min(1, share·M(n₋)),  |F_ab| ≤ n₊n₋·2M(n₊−1)·M(n₋−1),
 * and |F_bb| likewise, with M(N) the largest Binomial(N, p) probability over the cell's range of p
 * (at the mode k = ⌊(N + 1)p⌋, f(k; N, p) ≤ √(N / (2πk(N − k))) by Stirling with Robbins'
 * remainders, largest at the extreme modes; 1 when a mode can be 0 or N).
 * (Any staircase: the thresholds are monotone, and the weights f₋(j) sum to at most 1.)
 * Closed form and blind to the cancellation along the line (`BalancedLineCurvature` keeps it).
 *
 * Reference: derived for this module (the binomial derivatives are standard: e.g. Johnson, Kemp &
 * Kotz, Univariate Discrete Distributions, 3rd ed., §3.3). Domain: class sizes ≥ 1,
 * 0 ≤ aLo ≤ aHi ≤ 1, 0 ≤ bLo ≤ bHi ≤ 1, shares ≥ 1 (Infinity allowed). Internal: not validated.
 *
 * @example lineThreeTermCurvatureBound(40, 60, [2, 1], 0.9, 0.91, 0.89, 0.9) // ≈ 6.4·10³
 */
export function lineThreeTermCurvatureBound(nA: number, nB: number, [shareA, shareB]: readonly [number, number], aLo: number, aHi: number, bLo: number, bHi: number): number {
  const aa = nA >= 2 ? nA * (nA - 1) * 2 * largestProbability(nA - 2, aLo, aHi) * Math.min(1, shareA * largestProbability(nB, bLo, bHi)) : 0;
  const bb = nB >= 2 ? nB * (nB - 1) * 2 * largestProbability(nB - 2, bLo, bHi) * Math.min(1, shareB * largestProbability(nA, aLo, aHi)) : 0;
  const ab = nA * nB * 2 * largestProbability(nA - 1, aLo, aHi) * largestProbability(nB - 1, bLo, bHi);
  return (aa + 2 * ab + bb) * (1 + 1e-12);
}

/** An upper bound on max_k f(k; N, p) over p ∈ [pLo, pHi] (see above). */
function largestProbability(N: number, pLo: number, pHi: number): number {
  if (N <= 0) return 1;
  const kLo = Math.floor((N + 1) * pLo);
  const kHi = Math.min(N, Math.floor((N + 1) * pHi));
  return Math.max(binomialModeBound(N, kLo), binomialModeBound(N, kHi));
}
