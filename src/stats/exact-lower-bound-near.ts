import { betaQuantilePair } from './beta-quantile-pair';
import { devianceTerm } from './deviance-term';
import { stirlingError } from './stirling-error';

const LOG_TWO_PI = 1.8378770664093456;

/** Halley steps before the beta quantile takes over (from neighbours' bounds extrapolated, 1–2 suffice). */
const MAX_STEPS = 8;

/**
 * The exact one-sided lower bound L(k) — the p with P[X ≥ k] = level for X ~ Binomial(n, p), as
 * `exactLowerBound` — found by Halley's method from `guess` (a neighbouring count's bound), each
 * step summing the upper tail directly: from f(k) (Loader's term) up the ratio recurrence until the
 * terms stop counting (≤ 10⁻¹⁷ of the sum; its Stirling part once per bound). At p ≤ k/n the terms from k on only fall, so the sum
 * takes ~7 standard deviations of terms — ~1–5 µs at n = 10⁴–10⁶, where one beta quantile (a
 * continued fraction per step) takes 15–150 µs. On h = log P[X ≥ k] − log level, with
 * d/dp P[X ≥ k] = (k/p)·f(k; n, p) and its derivative in closed form, so h'' costs nothing more:
 * Halley's step p − (h/h')/(1 − h·h''/2h'²) converges cubically (a Newton step where the correction
 * is large). Stops when a step moves p by ≤ 4 ulps or so little that the next would move it by
 * under 10⁻¹⁶·p; falls back to
 * `betaQuantilePair` when a step leaves (0, k/n] or too many are needed.
 *
 * Reference: Loader (2000) for the term; Langford (2005) for the bound. Accuracy: the tail sums
 * are good to ~10⁻¹⁴ relative, so the root to ~10⁻¹⁴·p/(n·f(k)·k/p) — far below 10⁻¹², checked
 * against `exactLowerBound` in `union-ordered-tail-probability.test.ts`.
 * Domain: 1 ≤ k ≤ n whole, 0 < level < 1/2, 0 < guess < 1. Internal: not validated.
 *
 * @example exactLowerBoundNear(100, 80, 0.025, 0.7) // ≈ 0.708157, as exactLowerBound(100, 80, 0.025)
 */
export function exactLowerBoundNear(n: number, k: number, level: number, guess: number): number {
  if (k === n) return Math.exp(Math.log(level) / n); // P[X ≥ n] = pⁿ
  const logLevel = Math.log(level);
  const ceiling = k / n;
  // Loader's log f(k; n, p) = constant − D(k, np) − D(n − k, nq): the Stirling part is taken once.
  const constant = stirlingError(n) - stirlingError(k) - stirlingError(n - k) - 0.5 * (LOG_TWO_PI + Math.log(k) + Math.log((n - k) / n));
  let p = Math.min(guess, ceiling);
  for (let step = 0; step < MAX_STEPS && p > 0; step++) {
    const q = 1 - p;
    const head = Math.exp(constant - devianceTerm(k, n * p) - devianceTerm(n - k, n * q)); // f(k; n, p)
    if (!(head > 0)) break;
    // Σ_{j ≥ k} f(j)/f(k) by the ratio f(j + 1)/f(j) = (n − j)p/((j + 1)q) ≤ 1 here.
    const odds = p / q;
    let term = 1;
    let sum = 1;
    for (let j = k; j < n; j++) {
      term *= ((n - j) / (j + 1)) * odds;
      sum += term;
      if (term <= 1e-17 * sum) break;
    }
    // Halley on h = log P − log level: P = head·sum, h' = (k/p)·head/P = k/(p·sum), and from
    // P'' = P'·((k − 1)/p − (n − k)/q), h'' = h'·((k − 1)/p − (n − k)/q) − h'².
    const value = Math.log(head * sum) - logLevel;
    const slope = k / (p * sum);
    const bend = slope * ((k - 1) / p - (n - k) / q) - slope * slope;
    const damping = (value * bend) / (2 * slope * slope);
    // Far from the root (|h·h''/2h'²| ≥ 1/2) Halley's correction is not to be trusted: a Newton step.
    const next = p - (value / slope) / (Math.abs(damping) < 0.5 ? 1 - damping : 1);
    if (!(next > 0 && next <= ceiling)) break;
    const moved = Math.abs(next - p);
    p = next;
    // Halley's next move would be ≈ ((h''/2h')² − h'''/6h')·moved³ ≲ (h''/h')²·moved³: below
    // 10⁻¹⁶·p the root is reached (checked against exactLowerBound to 10⁻¹³ relative in the tests;
    // measured: ≤ 10⁻¹⁵ at n = 30–5,000, 5·10⁻¹⁵ at 2·10⁴).
    const curvature = bend / slope;
    if (moved <= 4 * Number.EPSILON * p || curvature * curvature * moved * moved * moved <= 1e-16 * p) return p;
  }
  return betaQuantilePair(level, k, n - k + 1).x;
}
