import { balancedInversionCounts } from './balanced-inversion-counts';
import { balancedInversionSearch } from './balanced-inversion-search';
import type { ClassCounts } from './types';

/**
 * The exact one-sided (1 − δ) lower confidence bound for the balanced accuracy θ = (p₊ + p₋)/2,
 * by inverting an exact test (all of δ below; no union bound):
 *
 *   L = inf{θ : φ(θ) > δ},  φ(θ) = sup{P_{p₊,p₋}[T ≥ t_obs] : (p₊ + p₋)/2 = θ},
 *
 * with the ordering T = n₋k₊ + n₊k₋ (= 2n₊n₋ × the estimate k₊/n₊ + k₋/n₋ over 2).
 *
 * Why the supremum may be taken on the line: T is non-decreasing in both counts and Binomial(n, p)
 * grows stochastically with p, so P[T ≥ t] is non-decreasing in p₊ and in p₋. Any (p₊, p₋) with
 * (p₊ + p₋)/2 ≤ θ lies below (componentwise) a point of the line (p₊ + p₋)/2 = θ (raise p₊, then
 * p₋), whose probability is at least as large; so the supremum over {balanced accuracy ≤ θ} equals
 * φ(θ), φ is non-decreasing, and if the true θ₀ < L then φ(θ₀) ≤ δ: P[L > θ₀] ≤ P[p-value ≤ δ] ≤ δ.
 *
 * How the supremum is bounded (where such methods usually break — a grid can miss the peak):
 * the returned value is a θ₀ at which φ(θ₀) ≤ δ is *proved*, so it is never above L. The line
 * p₊ = s ∈ [max(0, 2θ₀ − 1), min(1, 2θ₀)] is split into cells until each cell is certified by one
 * of two rigorous bounds on h(s) = P[T ≥ t] at (s, 2θ₀ − s):
 *   • monotone corner: on [s₁, s₂], p₊ ≤ s₂ and p₋ ≤ 2θ₀ − s₁, so h ≤ P at (s₂, 2θ₀ − s₁);
 *   • curvature: h ≤ linear interpolation of its ends + M₂(s − s₁)(s₂ − s)/2, with M₂ ≥ |h''|
 *     the smaller of two bounds. The three-term one bounds h'' = F_aa − 2F_ab + F_bb term by term
 *     (Σ|Δf| = 2 max f for a unimodal row; max f(·; N, p) ≤ √(N / (2πk(N − k))), Stirling–Robbins):
 *     ~6,700 at 700 per class, where h'' is ~1 — each term is ~240, and the mean of T is the same
 *     all along the line. The staircase bound (`BalancedLineCurvature`) keeps that cancellation:
 *     h'' written exactly as a sum over the boundary staircase of {T ≥ t} of shift differences of
 *     the two rows, bounded through their envelopes over the cell (~30 there, ~1,000 at 5·10⁴
 *     per class); a half inherits its cell's bound, and the staircase is summed again only a
 *     sixteenth of the way down.
 *   • Berry–Esseen (large classes, `balancedLineNormalBound`): T is a sum of independent terms
 *     whose mean n₊n₋(p₊ + p₋) is the same all along the line, so Q((t − μ)/σ) + 0.56ρ/σ³
 *     (Shevtsova 2010) bounds h on a cell in closed form, with no probability evaluated. For a
 *     whole line it settles the bound directly when it certifies a θ₀ within 0.1 standard errors
 *     of a θ where a point of the line has P > δ (then L − 0.1·se ≤ θ₀ ≤ L); its error is
 *     ≈ 0.56(p² + q²)/√(npq), ≈ 10⁻³ absolute at 10⁶ per class.
 * A cell that is not certified is split at its midpoint, whose value is checked: a value > δ
 * means a peak the local search missed (the line can have several: with a small class, one bump per
 * value of its count, or a narrow one next to an end of the line), and the search restarts below
 * it with a 2× larger gap, the peak's top (found by Brent's method around the point) and the maxima
 * of earlier lines kept as hints: each later line is evaluated there, by place and by distance to
 * either end. Each probability is
 * enclosed rigorously (rows built from the mode by ratio recurrence; the mass left out of each
 * tail, below ~1e-5·δ, bounded by a geometric series and added; 1e-9 relative added for rounding).
 * The approximate root comes from regula falsi on log φ (a secant step that lands next to an end is
 * pushed half the target width past it, so one more line closes the bracket), φ taken from the
 * maximum along the line: Brent's method on the first line (for a class of ≤ 24 examples, after a
 * scan with two points per bump), then a parabola through three points around the last maximum
 * (through the end and two points inward when it was at an end), checked at its vertex
 * (4 evaluations), falling back to Brent's method. θ₀ is placed a gap g below it, where a point
 * with P > δ was found: g = 10⁻³ standard errors, widened to 10⁻⁵ (a thousandth of a percentage
 * point) where that is under 10⁻² se — next to the peak a certification's cells grow with the
 * root of the gap, so large classes certify in fewer — and 10⁻³·L where L is smaller than a standard
 * error (a bound near 0): so L − g ≤ θ₀ ≤ L, and g doubles with each restart. If a certification
 * needs too many cells (or about 0.1 s of work) the gap grows tenfold (still valid, a little wider).
 * Equal class sizes: T is a sum of 2n Bernoulli trials and Hoeffding (1956, Thm 4) puts the
 * supremum at p₊ = p₋ = θ for t/n ≥ 2nθ + 1, so L is Clopper–Pearson's bound for t/n of 2n
 * (used, then checked, when that condition holds).
 *
 * Reference: Lehmann & Romano, Testing Statistical Hypotheses, §3.5 (inverting tests); Berger &
 * Boos (1994) for suprema over nuisance parameters; Hoeffding (1956), Ann. Math. Stat. 27, 713–721.
 * Domain: each class total 1..10⁷ whole, 0 ≤ correct ≤ total; 1e-300 ≤ δ < 1.
 * Errors: RangeError naming the field (`yes.total`, `no.correct`, `delta`), EmptyClassError.
 * Cost (measured, `npm run bench`, two-sided interval, one core, each case the median of 3 runs,
 * δ = 0.05): equal class sizes < 1 ms at any n (Hoeffding); random counts up to 1,000 per class
 * 0.4 ms median, 1 ms p95, 1.4–1.8 ms the slowest; up to 10⁵ per class 5.4–7.5 ms median, 12 ms
 * p95, 16–17.5 ms the slowest — unequal classes of 10⁴–10⁵ whose line has a long, flat supremum
 * (P > 0.7δ all along it) need a few hundred certified cells; most from ~10⁵ per class are settled
 * by Berry–Esseen in a few ms. A smaller δ costs more (δ = 0.01: up to 10⁵ 53 ms the slowest, up
 * to 10⁶ 256 ms; δ = 10⁻⁶ at 5·10⁵ per class ~0.5 s).
 * The product computes large counts in a worker.
 * Clamped to ≤ the estimate (δ near 1 could put L above it; clamping only widens).
 *
 * @example balancedInversionLowerBound({ yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } }, 0.05) // ≈ 0.87700 (exact: 0.877023)
 */
export function balancedInversionLowerBound(counts: { yes: ClassCounts; no: ClassCounts }, delta: number): number {
  const { nYes, nNo, t, estimate } = balancedInversionCounts(counts, delta);
  return Math.min(balancedInversionSearch(nYes, nNo, t, delta).bound, estimate);
}
