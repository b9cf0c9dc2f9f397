import { clampProbability } from './clamp-probability';
import { unpairedRestrictedMle } from './unpaired-restricted-mle';

/**
 * The score statistic for H₀: p_A − p_B = Δ₀ from two independent results (k_A of n_A, k_B of n_B),
 * as Farrington & Manning (1990) and Chan & Zhang (1999) order outcomes:
 *   Z = (k_A/n_A − k_B/n_B − Δ₀) / √(p̃_A(1 − p̃_A)/n_A + p̃_B(1 − p̃_B)/n_B),
 * with (p̃_A, p̃_B) = (p̃_B + Δ₀, p̃_B) the maximum-likelihood pair under H₀. The log-likelihood in p_B,
 *   ℓ(p) = k_A·log(p + Δ₀) + (n_A − k_A)·log(1 − p − Δ₀) + k_B·log p + (n_B − k_B)·log(1 − p),
 * is concave on [max(0, −Δ₀), min(1, 1 − Δ₀)]; its peak is `unpairedRestrictedMle` (closed form).
 * A zero numerator gives 0 (also 0/0); a zero variance with a nonzero numerator gives ±Infinity at
 * Δ₀ = ±1 (the outcome cannot happen under H₀) and 0 elsewhere (rounding near Δ₀ = 0: see the code). How exactly p̃ is found does not matter for validity: any fixed
 * ordering gives an exact test; it only has to be the same for every outcome.
 *
 * Reference: Farrington C.P. & Manning G. (1990), Stat Med 9:1447–1454; Chan I.S.F. & Zhang Z. (1999),
 * Biometrics 55:1202–1209. Domain: whole 0 ≤ k ≤ n, n ≥ 1 for each; −1 ≤ Δ₀ ≤ 1. Internal step of
 * `unpairedDifferenceScoreInterval`: not validated.
 *
 * @example unpairedScoreStatistic(19, 20, 13, 20, 0) // ≈ 2.3717 (at Δ₀ = 0 the pooled p̃ = 0.8: 0.3/√(2·0.8·0.2/20))
 */
export function unpairedScoreStatistic(kA: number, nA: number, kB: number, nB: number, difference: number): number {
  const numerator = kA / nA - kB / nB - difference;
  if (numerator === 0) return 0;
  const pB = unpairedRestrictedMle(kA, nA, kB, nB, difference);
  // 1 − p̃_A as (1 − p̃_B) − Δ₀: near Δ₀ = 0 the rounded 1 − (p̃_B + Δ₀) can be 0 where the true one is not.
  const [pA, qA] = [clampProbability(pB + difference), clampProbability(1 - pB - difference)];
  const variance = (pA * qA) / nA + (pB * (1 - pB)) / nB;
  if (variance > 0) return numerator / Math.sqrt(variance);
  // A zero variance at |Δ₀| < 1 is rounding within ~1e-16 of Δ₀ = 0, where the true |Z| is below √(n·1e-16): 0, so that
  // the ordering, and with it the acceptance set, does not jump at such Δ₀.
  if (Math.abs(difference) < 1) return 0;
  return numerator > 0 ? Infinity : -Infinity;
}
