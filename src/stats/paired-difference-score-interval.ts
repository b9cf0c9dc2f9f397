import type { DifferenceInterval, PairedCounts } from './comparison-types';
import { logGamma } from './log-gamma';
import { pairedDifferenceInterval } from './paired-difference-interval';
import { invertScoreTest } from './invert-score-test';
import type { TailVerdict } from './concave-cell-supremum';
import { pairedTailSupremum } from './paired-tail-supremum';
import { statisticTailRows } from './statistic-tail-rows';
import { tangoScoreStatistic } from './tango-score-statistic';

/**
 * The size limit: the certified supremum needs ever finer nuisance cells as n grows, so past this
 * many pairs (where the slowest outcomes measured took about 1 s on one core, within the work limit)
 * tables get the union-bound interval (`pairedDifferenceInterval`), named in `construction`.
 */
export const TANGO_MAX_N = 1_000;
/** Bisection steps per bound: brackets 2·2⁻¹⁴ ≈ 1.2e-4 wide (the page shows 0.1 points). */
const BISECTION_STEPS = 14;
/** Terms summed per interval, and per test (`pairedDifferenceScoreTest`) (≈ 1 s on one core: ~5 ns a term) before the searches stop where they are (each bound stays a certified rejection, only wider). */
export const TANGO_WORK_TERMS = 200_000_000;
/**
 * Nuisance cells per certified supremum before a decision is left 'undecided' (treated as not
 * rejected). Cells are cheap since the sums run by recurrence: 4,096 decide the flat suprema near a
 * bound that 1,024 left undecided (32 outcomes of 1,000 pairs: largest gap 1.2e-4 instead of 1.6e-2,
 * slowest 0.69 s instead of 0.98 s).
 */
export const TANGO_MAX_CELLS = 4096;

/** A paired difference interval, the construction that made it, and how far each bound may sit outside the exact one. */
export interface PairedScoreInterval extends DifferenceInterval {
  /** 'tango-exact': the certified exact unconditional inversion of Tango's score test; 'union-bound': n > TANGO_MAX_N. */
  construction: 'tango-exact' | 'union-bound';
  /** The widest bracket that holds an exact bound with the returned bound at its outer end (0 for the union bound). */
  gap: number;
}

/**
 * An exact unconditional (1 − δ) confidence interval for the paired accuracy difference
 * Δ = p_b − p_c (b pairs A right & B wrong, c pairs A wrong & B right, of n), by inverting Tango's
 * (1998) score test, δ/2 per side; estimate (b − c)/n.
 *
 * lower = inf{Δ₀ : sup_{p_c} P_{Δ₀, p_c}[T ≥ t_obs] > δ/2}, upper = sup{Δ₀ : sup_{p_c} P[T ≤ t_obs] > δ/2},
 * T = `tangoScoreStatistic` at Δ₀ (its tails as `statisticTailRows` takes them, ties included), the
 * supremum over the nuisance p_c certified by `pairedTailSupremum` (which sums only the counts within
 * certified Chernoff ranges, a run of terms per exp, and bounds the rest: a thousand pairs stay affordable). Each bound is
 * bisected from the end of [−1, 1] towards the estimate; the returned bound is always a Δ₀ whose
 * rejection is certified (or ±1), so it is never inside the exact bound; `gap` says how far outside
 * it may be (≤ 1.2e-4 unless a supremum near the bound stayed undecided or the work limit stopped
 * the search).
 * Like R's exact2x2::mcnemarExactDP and ExactCIdiff::PairedCI the acceptance set is taken to be an
 * interval (the search brackets its end); coverage ≥ 1 − δ is verified by exact computation on grids
 * in the tests, not assumed.
 *
 * Size limit: n > TANGO_MAX_N returns `pairedDifferenceInterval` (valid, wider), construction 'union-bound'.
 *
 * Reference: Tango (1998), Stat Med 17:891–908; Fagerland, Lydersen & Laake (2013), BMC Med Res
 * Methodol 13:91. Domain: b, c, n whole, n ≥ 1, b + c ≤ n ≤ 10⁹; 1e-300 ≤ δ < 1.
 * Errors: RangeError naming the field ("b must be a whole number, got 2.5", "b + c must be ≤ n (10),
 * got 12", "delta must be in (0, 1), got 1.5"); EmptyClassError for n = 0.
 *
 * @example pairedDifferenceScoreInterval({ b: 8, c: 1, n: 20 }, 0.05)
 * // ≈ { estimate: 0.35, lower: 0.0597, upper: 0.6176, construction: 'tango-exact', gap: ≈ 8e-5 }
 */
export function pairedDifferenceScoreInterval(counts: PairedCounts, delta: number): PairedScoreInterval {
  // Validates the counts and δ (its errors name them) and is the answer past the size limit.
  const union = pairedDifferenceInterval(counts, delta);
  const { b, c, n } = counts;
  if (n > TANGO_MAX_N) return { ...union, construction: 'union-bound', gap: 0 };
  const logFactorial = Float64Array.from({ length: n + 1 }, (_, k) => logGamma(k + 1));
  const estimate = (b - c) / n;
  const verdictAt = (difference: number, upperTail: boolean, work: { terms: number }): TailVerdict =>
    pairedTailSupremum(statisticTailRows((column, row) => tangoScoreStatistic(column, row, n, difference), b, c, n + 1, (row) => n - row, upperTail), logFactorial, n, difference, delta / 2, TANGO_MAX_CELLS, work);
  const { lower, upper, gap } = invertScoreTest(verdictAt, estimate, TANGO_WORK_TERMS, BISECTION_STEPS);
  return { estimate, lower, upper, construction: 'tango-exact', gap };
}
