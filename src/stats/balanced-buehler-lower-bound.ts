import { balancedBuehlerSearch } from './balanced-buehler-search';
import { balancedInversionCounts } from './balanced-inversion-counts';
import { balancedLowerAt } from './balanced-one-sided-lower-bound';
import type { ClassCounts } from './types';

/**
 * The exact one-sided (1 − δ) lower confidence bound for the balanced accuracy θ = (p₊ + p₋)/2 that
 * is never below the union bound's (all of δ below): Buehler's bound with the one-sided union bound
 * U(x) = (L₊(x₊) + L₋(x₋))/2, each class's exact lower bound at δ/2, as the ordering —
 *
 *   L*(x) = inf{θ : φ(θ) > δ},  φ(θ) = sup{P_{p₊,p₋}[U(X) ≥ U(x)] : (p₊ + p₋)/2 = θ}.
 *
 * Why the supremum may be taken on the line: each L rises with its count, so {U ≥ u} is an up-set
 * (a staircase k₋ ≥ g(k₊)) and its probability rises with p₊ and with p₋; every (p₊, p₋) with
 * balanced accuracy ≤ θ lies below a point of the line, so the supremum over {balanced ≤ θ} is φ(θ),
 * φ is non-decreasing, and P[L* > θ_true] ≤ P[φ(θ_true) at the data ≤ δ] ≤ δ (Buehler 1957).
 * Why L* ≥ U at every x: U is itself a valid level-δ bound, so for θ < U(x) every point of the line
 * has P[U(X) ≥ U(x)] ≤ P[U(X) > θ] ≤ δ; so φ(θ) ≤ δ below U(x) (Lloyd & Kabaila 2003).
 * How the supremum is certified: as for the estimate's ordering (`balancedInversionLowerBound`) —
 * the line is cut into cells, each proved ≤ δ by the monotone corner or by a curvature bound
 * (linear interpolation plus M₂w²/8, M₂ the smaller of the three-term bound, which holds for any
 * staircase, and the staircase bound `BalancedLineCurvature` over this ordering's staircase), every
 * probability enclosed (rows from the mode, the mass left out bounded and added, 10⁻⁹ relative for
 * rounding), ties of U counted in the tail with 10⁻¹⁰ of room (a larger set: its probability bounds
 * the exact one's; each class's bounds are computed once, by Newton's method on the tail sum from a
 * neighbour's, `exactLowerBoundNear`). A midpoint above δ is a peak the local search missed: the
 * search restarts below it. The value returned is a θ₀ where φ(θ₀) ≤ δ is proved, so never above
 * L*, and at most a gap below it: 10⁻³ standard errors of the estimate (10⁻⁵ absolute where that
 * is under 10⁻² se), doubled on each restart and grown tenfold when a certification runs out of
 * work — U stops that widening (φ ≤ δ below U is already proved). Returned: max(θ₀, U), at most
 * the estimate.
 * Where the union bound is returned instead (still exact, never wider): past 20,000 labels in all
 * (`BUEHLER_MAX_LABELS`), and when a search passes its work limit (about 2·10⁶ row steps, a bound
 * counting as 200: ~50–100 ms on one core; counted, not timed, so every machine gives the same
 * answer). The exact bound there is 4–11% of the half-width above the union bound's (measured at
 * 2·10⁴–10⁵ per class, `npm run bench`): the supremum sits at an end of the line (one class at 0%
 * or 100%), where only the other class's randomness is left.
 * Reference: Buehler (1957), JASA 52, 482–493; Lloyd & Kabaila (2003), Aust. N. Z. J. Stat. 45,
 * 167–174; Kabaila & Lloyd (2002). Domain: each class total 1..10⁷ whole, 0 ≤ correct ≤ total;
 * 1e-300 ≤ δ < 1. Errors: RangeError naming the field, EmptyClassError.
 *
 * @example balancedBuehlerLowerBound({ yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } }, 0.05) // ≈ 0.8770 (one-sided union bound: 0.8271)
 */
export function balancedBuehlerLowerBound(counts: { yes: ClassCounts; no: ClassCounts }, delta: number): number {
  const { estimate } = balancedInversionCounts(counts, delta);
  return buehlerLowerAt(counts, delta, estimate);
}

/** The bound above without validation, given the estimate (the two-sided interval takes it at δ/2 < 10⁻³⁰⁰ too). Internal. */
export function buehlerLowerAt(counts: { yes: ClassCounts; no: ClassCounts }, level: number, estimate: number): number {
  const { yes, no } = counts;
  const bound = balancedBuehlerSearch(yes.total, yes.correct, no.total, no.correct, level).bound;
  return Math.min(Math.max(bound, balancedLowerAt(counts, level)), estimate);
}
