/**
 * Tango's (1998) score statistic for H₀: p_b − p_c = Δ₀ in a paired 2 × 2 table with n pairs, b pairs
 * A right & B wrong, c pairs A wrong & B right:
 *   T = (b − c − nΔ₀) / √(n(2p̃_c + Δ₀(1 − Δ₀))),
 * with p̃_c the maximum-likelihood p_c under H₀ (p_b = p_c + Δ₀), the root of 2n·p² + W·p − cΔ₀(1 − Δ₀) = 0:
 *   p̃_c = (√(W² + 8n·c·Δ₀(1 − Δ₀)) − W)/(4n),  W = −b − c + (2n − b + c)Δ₀.
 * At Δ₀ = 0 it is McNemar's (b − c)/√(b + c). A zero numerator gives 0 (also 0/0, e.g. b = c = 0 at
 * Δ₀ = 0); a zero variance with a nonzero numerator gives ±Infinity (the outcome is impossible under H₀).
 *
 * Reference: Tango T. (1998), Equivalence test and confidence interval for the difference in
 * proportions for the paired-sample design, Stat Med 17:891–908; Fagerland, Lydersen & Laake (2013).
 * Domain: whole b, c ≥ 0, b + c ≤ n, n ≥ 1, −1 ≤ Δ₀ ≤ 1. Internal step of
 * `pairedDifferenceScoreInterval`: not validated (its caller is).
 *
 * @example tangoScoreStatistic(10, 2, 100, 0) // (10 − 2)/√12 ≈ 2.3094
 */
export function tangoScoreStatistic(b: number, c: number, n: number, difference: number): number {
  const numerator = b - c - n * difference;
  if (numerator === 0) return 0;
  const spread = difference * (1 - difference);
  const w = -b - c + (2 * n - b + c) * difference;
  const pc = (Math.sqrt(Math.max(0, w * w + 8 * n * c * spread)) - w) / (4 * n);
  const variance = n * (2 * pc + spread);
  if (!(variance > 0)) return numerator > 0 ? Infinity : -Infinity;
  return numerator / Math.sqrt(variance);
}
