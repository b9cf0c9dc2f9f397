import { assertDelta } from './assert-delta';
import { assertPairedCounts } from './assert-paired-counts';
import type { DifferenceInterval, PairedCounts } from './comparison-types';
import { exactLowerBound } from './exact-lower-bound';
import { exactUpperBound } from './exact-upper-bound';

/** The largest n accepted (the exact bounds' tested range). */
export const PAIRED_MAX_N = 1e9;

/**
 * The share of δ spent on the conditional proportion π = p_b/(p_b + p_c); the rest, δ·(1 − share),
 * on the discordance rate s = p_b + p_c. Fixed in advance (a data-dependent split would void the
 * union bound). π decides the sign of the difference and most of the width; s only scales it.
 */
export const PAIRED_PI_SHARE = 0.75;

/**
 * An exact (1 − δ) confidence interval for the paired accuracy difference p_A − p_B = p_b − p_c
 * of two detectors on the same n examples, b = A right & B wrong, c = A wrong & B right
 * ((b, c, n − b − c) ~ Multinomial(n; p_b, p_c, 1 − p_b − p_c)); estimate (b − c)/n.
 *
 * Construction (union bound over a product of two exact intervals). Write the difference as
 * Δ = s·(2π − 1) with s = p_b + p_c (the discordance rate) and π = p_b/s (the share of discordant
 * pairs that favour A). Then m = b + c ~ Binomial(n, s) and, given m, b ~ Binomial(m, π):
 *   • [s̲, s̄] = Clopper–Pearson central interval for s from m of n at level δ_s = δ/4
 *     (δ/8 per side; s̲ = 0 when m = 0, s̄ = 1 when m = n);
 *   • [π̲, π̄] = Clopper–Pearson central interval for π from b of m at level δ_π = 3δ/4
 *     ((3/8)δ per side; [0, 1] when m = 0). It is exact conditionally on m, so also marginally.
 *   By the union bound both hold with probability ≥ 1 − δ_s − δ_π = 1 − δ, for every (p_b, p_c)
 *   (if s = 0 then m = 0, Δ = 0 and the interval below contains 0). On that event
 *   Δ ∈ {s(2π − 1) : s ∈ [s̲, s̄], π ∈ [π̲, π̄]}, whose ends (s(2π − 1) is monotone in each
 *   coordinate on the rectangle) are
 *   lower = s̲(2π̲ − 1) if π̲ ≥ ½ else s̄(2π̲ − 1),  upper = s̄(2π̄ − 1) if π̄ ≥ ½ else s̲(2π̄ − 1).
 * So coverage ≥ 1 − δ holds for every true value; the exact coverage on grids is measured in
 * `paired-difference-interval.test.ts` (never below 1 − δ). This is not the exact unconditional
 * test inversion of Fagerland/Lydersen/Laake or R's exact2x2::mcnemarExactDP (a certified supremum
 * over the nuisance is too slow for n = 10⁴ in 5 ms); it is valid but conservative.
 *
 * Compatibility with the exact McNemar test: the interval excludes 0 exactly when [π̲, π̄] excludes
 * ½, i.e. when `mcnemarExactTest({b, c}).pTwoSided` ≤ 3δ/4 — so an interval that excludes 0 always
 * comes with a McNemar rejection at level δ (the converse can fail between 3δ/4 and δ).
 *
 * Reference: the blog's union bound; Clopper & Pearson (1934); the conditional binomial of
 * McNemar (1947). Domain: b, c, n whole, n ≥ 1, b + c ≤ n ≤ 10⁹; 1e-300 ≤ δ < 1.
 * Errors: RangeError naming the field ("b must be a whole number, got 2.5", "b + c must be ≤ n
 * (10), got 12", "delta must be in (0, 1), got 1.5"); EmptyClassError for n = 0.
 * Results: −1 ≤ lower ≤ estimate ≤ upper ≤ 1; swapping A and B (b ↔ c) negates the interval.
 *
 * @example pairedDifferenceInterval({ b: 30, c: 10, n: 500 }, 0.05)
 * // ≈ { estimate: 0.04, lower: 0.0082549, upper: 0.0872822 }
 */
export function pairedDifferenceInterval(counts: PairedCounts, delta: number): DifferenceInterval {
  assertPairedCounts(counts, 'counts', false);
  assertDelta(delta);
  const { b, c, n } = counts;
  if (n > PAIRED_MAX_N) throw new RangeError(`n must be ≤ ${PAIRED_MAX_N}, got ${n}`);
  return pairedDifferenceBounds(b, c, n, delta * (1 - PAIRED_PI_SHARE), delta * PAIRED_PI_SHARE);
}

/**
 * The construction above for any split δ_s + δ_π (both > 0, each a normal double after halving):
 * the shared core of `pairedDifferenceInterval` and `pairedBalancedDifferenceInterval`.
 * Internal: not validated.
 */
export function pairedDifferenceBounds(b: number, c: number, n: number, deltaS: number, deltaPi: number): DifferenceInterval {
  const m = b + c;
  const estimate = (b - c) / n;
  const sLower = m === 0 ? 0 : exactLowerBound(n, m, deltaS / 2);
  const sUpper = m === n ? 1 : exactUpperBound(n, m, deltaS / 2);
  const piLower = m === 0 ? 0 : exactLowerBound(m, b, deltaPi / 2);
  const piUpper = m === 0 ? 1 : exactUpperBound(m, b, deltaPi / 2);
  const lowSlope = 2 * piLower - 1;
  const highSlope = 2 * piUpper - 1;
  const lower = lowSlope >= 0 ? sLower * lowSlope : sUpper * lowSlope;
  const upper = highSlope >= 0 ? sUpper * highSlope : sLower * highSlope;
  return {
    estimate,
    lower: Math.max(-1, Math.min(lower, estimate)),
    upper: Math.min(1, Math.max(upper, estimate)),
  };
}
