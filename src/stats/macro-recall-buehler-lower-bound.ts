import { MacroRecallTailProbability } from './macro-recall-tail-probability';
import { macroSliceSupremum } from './macro-slice-supremum';

/** A certified lower bound and how far above it Buehler's bound may still be. */
export interface MacroBuehlerBound {
  /** Certified: every recall mean below it is rejected at α (or it is the union bound). */
  bound: number;
  /** The union-bound lower bound at α/K per class (the search's floor). */
  union: number;
  /**
   * Buehler's bound is in [bound, bound + slack]: bound + slack is the least mean at which a recall
   * vector was found whose tail reaches α. NaN when none was tested (the search stopped at once).
   */
  slack: number;
  /** Steps of the tail sums the search took. */
  work: number;
}

/**
 * Evaluations one test of θ may take: past them θ is left undecided and the search goes on below it,
 * where tests are cheaper (the margin under α is wider), rather than spend its whole allowance there.
 */
const DECISION_EVALUATIONS = 6000;
/** The search stops once Buehler's bound is bracketed this closely (absolute, a thousandth of a point)… */
const ABSOLUTE_GAP = 1e-5;
/** …or to this share of the macro recall's standard error, if larger. */
const STANDARD_ERROR_GAP = 1e-3;

/**
 * Buehler's (1957) lower (1 − α) confidence bound for the mean of K recalls (1/K) Σ pᵢ, ordered by
 * the union bound: the least θ at which the largest chance, over all recall vectors of mean θ, of
 * an outcome at least as good as the one observed (`MacroRecallTailProbability`) reaches α. It is
 * never below the union-bound lower bound (which is valid and a function of the same ordering, so
 * Buehler's bound, the largest such, is at least it) nor above the estimate.
 *
 * Steps:
 * 1. The floor: the union bound (1/K) Σ Lᵢ(kᵢ) at α/K per class; the ceiling: the estimate.
 * 2. Bisection between them: θ is rejected only when `macroSliceSupremum` proves the largest tail
 *    on its slice below α (then so is every smaller θ: any recall vector of a smaller mean is below
 *    one of mean θ, and the tail rises with each recall); "reaches" or "undecided" lowers the top.
 * 3. Each test may take `DECISION_EVALUATIONS`; undecided, θ lowers the top like "reaches" (the search
 *    goes on below, where tests are cheaper). It stops when the bracket is within max(10⁻⁵,
 *    10⁻³ standard errors) or `maxWork` is spent; the bound returned is the largest θ proven
 *    rejected (or the floor), and the slack how far Buehler's bound may be above it.
 * Coverage: every θ reported as the bound was rejected by a certified test of level α, so the
 * bound is valid at 1 − α for every recall vector (exact coverage on grids in the tests).
 *
 * Domain: 2 ≤ K, nᵢ ≥ 1, 0 ≤ kᵢ ≤ nᵢ, 0 < α ≤ 1/4. Internal: not validated.
 *
 * @example macroRecallBuehlerLowerBound([53, 45, 31], [50, 40, 30], 0.025, 5e7).bound // ≈ 0.8630 (union 0.7823)
 */
export function macroRecallBuehlerLowerBound(totals: readonly number[], correct: readonly number[], alpha: number, maxWork: number): MacroBuehlerBound {
  const size = totals.length;
  const estimate = correct.reduce((sum, k, i) => sum + k / totals[i]!, 0) / size;
  const tail = new MacroRecallTailProbability(totals, correct, alpha / size, (alpha * 1e-7) / (2 * size));
  const union = Math.max(0, Math.min(tail.observed / size, estimate));
  if (correct.every((k) => k === 0)) return { bound: 0, union: 0, slack: 0, work: 0 };
  const variance = correct.reduce((sum, k, i) => sum + Math.max(k * (totals[i]! - k), totals[i]! / 4) / totals[i]! ** 3, 0) / size ** 2;
  const gap = Math.max(ABSOLUTE_GAP, STANDARD_ERROR_GAP * Math.sqrt(variance));
  let rejected = union;
  let top = estimate;
  let reached = Number.NaN;
  let hint: number[] | undefined = totals.map((n, i) => correct[i]! / n);
  while (top - rejected > gap && tail.work < maxWork) {
    const theta = (rejected + top) / 2;
    const verdict = macroSliceSupremum(tail, theta, alpha, { work: maxWork - tail.work, evaluations: DECISION_EVALUATIONS }, hint);
    if (verdict.kind === 'below') rejected = theta;
    else top = theta;
    if (verdict.kind === 'reaches') {
      hint = verdict.point;
      reached = theta;
    }
  }
  return { bound: rejected, union, slack: reached - rejected, work: tail.work };
}
