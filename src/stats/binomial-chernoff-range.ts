import { firstHolding } from './first-holding';

/**
 * A range of counts [low, high] that X ~ Binomial(n, p) leaves with probability at most η on each
 * side for every p in [pLow, pHigh]: P(X < low) ≤ η at every p ≥ pLow and P(X > high) ≤ η at every
 * p ≤ pHigh, found with the Chernoff bound P(X ≥ k) ≤ exp(−n·KL(k/n ‖ p)) for k/n ≥ p (and its mirror
 * P(X ≤ k) ≤ exp(−n·KL(k/n ‖ p)) for k/n ≤ p), KL(q ‖ p) = q·log(q/p) + (1 − q)·log((1 − q)/(1 − p)).
 * A binomial's tails are monotone in p, so the ends of [pLow, pHigh] are the worst cases. `high` is
 * the smallest k with n·KL((k + 1)/n ‖ pHigh) ≥ −log η (or n), `low` the largest with
 * n·KL((k − 1)/n ‖ pLow) ≥ −log η (or 0), both by bisection; a margin of 1e-9 on −log η absorbs
 * rounding in KL.
 *
 * Why: an exact sum over the counts of a multinomial can skip what lies outside such a range and add
 * η per side instead, a certified remainder (about 6 standard deviations each side at η = 10⁻⁹).
 *
 * Reference: Chernoff (1952), Ann Math Stat 23:493–507; Hoeffding (1963), JASA 58:13–30 (the KL
 * form). Domain: n ≥ 0 whole, 0 ≤ pLow ≤ pHigh ≤ 1, logEta < 0 (log η). Internal step of the exact
 * paired inversion (`pairedTailSupremum`): not validated.
 *
 * @example binomialChernoffRange(100, 0.5, 0.5, Math.log(1e-9)) // [19, 81]: P(X < 19), P(X > 81) ≤ 1e-9
 */
export function binomialChernoffRange(n: number, pLow: number, pHigh: number, logEta: number): [number, number] {
  const target = -logEta + 1e-9;
  // Above n·pHigh the bound is increasing in k: the first k whose next count is out of reach.
  const high = firstHolding(Math.max(0, Math.floor(n * pHigh) - 1), n + 1, (k) => k === n || ((k + 1) / n > pHigh && n * kullbackLeibler((k + 1) / n, pHigh) >= target));
  // Below n·pLow, mirrored: the last k whose previous count is out of reach.
  const low = n - firstHolding(Math.max(0, n - Math.ceil(n * pLow) - 1), n + 1, (j) => j === n || ((n - j - 1) / n < pLow && n * kullbackLeibler((n - j - 1) / n, pLow) >= target));
  return [low, high];
}

/** KL(q ‖ p) of two Bernoulli laws, a zero weight contributing nothing (Infinity where q puts weight p does not). */
function kullbackLeibler(q: number, p: number): number {
  return (q === 0 ? 0 : q * Math.log(q / p)) + (q === 1 ? 0 : (1 - q) * Math.log((1 - q) / (1 - p)));
}
