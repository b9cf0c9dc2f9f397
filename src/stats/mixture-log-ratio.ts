import { logBeta } from './log-beta';

/** The Beta(a, b) mixing distribution of a beta-binomial mixture martingale. */
export interface MixturePrior {
  a: number;
  b: number;
}

/**
 * ln Mₙ(p), the beta-binomial mixture likelihood ratio after k successes in n trials:
 * Mₙ(p) = ∫ p′ᵏ (1 − p′)ⁿ⁻ᵏ dBeta(a, b)(p′) / (pᵏ (1 − p)ⁿ⁻ᵏ)
 *       = B(a + k, b + n − k) / B(a, b) / (pᵏ (1 − p)ⁿ⁻ᵏ).
 * Under a true p (and a mixture fixed before the data, which may depend on p), Mₙ(p) is a
 * nonnegative martingale with M₀ = 1, so by Ville's inequality P(∃ n : Mₙ(p) ≥ 1/δ) ≤ δ; and
 * Mₙ(k/n) ≤ 1, since the likelihood is largest at k/n.
 *
 * Reference: Robbins (1970), "Statistical methods related to the law of the iterated logarithm",
 * Ann. Math. Statist. 41, §3; Howard, Ramdas, McAuliffe & Sekhon (2021), Ann. Statist. 49(2), §3.
 * Domain: 0 ≤ p ≤ 1, 0 ≤ k ≤ n, a, b > 0; +∞ where p excludes the data (p = 0 with k > 0, p = 1
 * with k < n). Internal: not validated.
 *
 * @example mixtureLogRatio(0.5, 9, 10, { a: 1, b: 1 }) // ln(2¹⁰ / (10 · 11)) ≈ 2.2309
 */
export function mixtureLogRatio(p: number, successes: number, trials: number, prior: MixturePrior): number {
  const failures = trials - successes;
  const logLikelihood = (successes === 0 ? 0 : successes * Math.log(p)) + (failures === 0 ? 0 : failures * Math.log1p(-p));
  return logBeta(prior.a + successes, prior.b + failures) - logBeta(prior.a, prior.b) - logLikelihood;
}
