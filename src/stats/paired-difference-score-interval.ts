import type { DifferenceInterval, PairedCounts } from './comparison-types';
import { logGamma } from './log-gamma';
import { pairedDifferenceInterval } from './paired-difference-interval';
import { invertScoreTest } from './invert-score-test';
import type { TailVerdict } from './concave-cell-supremum';
import { pairedTailSupremum } from './paired-tail-supremum';
import { pickTailOutcomes } from './pick-tail-outcomes';
import { tangoScoreStatistic } from './tango-score-statistic';

/**
 * The work limit: the exact inversion sums over all (n + 1)(n + 2)/2 outcomes at every nuisance
 * cell of every bisection step, so past this n it would not fit the page's time budget; larger
 * tables get the union-bound interval (`pairedDifferenceInterval`), named in `construction`.
 */
export const TANGO_MAX_N = 20;
/** Bisection steps per bound: brackets 2·2⁻¹⁴ ≈ 1.2e-4 wide (the page shows 0.1 points). */
const BISECTION_STEPS = 14;
/** Terms summed per interval before the searches stop where they are (each bound stays a certified rejection, only wider). */
const WORK_TERMS = 2_000_000;
/** Nuisance cells per certified supremum before a decision is left 'undecided' (treated as not rejected). */
const MAX_CELLS = 96;

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
 * T = `tangoScoreStatistic` at Δ₀ (ties included), the supremum over the nuisance p_c certified by
 * `pairedTailSupremum`. Each bound is bisected from the end of [−1, 1] towards the estimate; the
 * returned bound is always a Δ₀ whose rejection is certified (or ±1), so it is never inside the
 * exact bound; `gap` says how far outside it may be (≤ 1.2e-4 unless a supremum near the bound stayed undecided
 * or the work limit stopped the search).
 * Like R's exact2x2::mcnemarExactDP and ExactCIdiff::PairedCI the acceptance set is taken to be an
 * interval (the search brackets its end); coverage ≥ 1 − δ is verified by exact computation on grids
 * in the tests, not assumed.
 *
 * Work limit: n > TANGO_MAX_N returns `pairedDifferenceInterval` (valid, wider), construction 'union-bound'.
 *
 * Reference: Tango (1998), Stat Med 17:891–908; Fagerland, Lydersen & Laake (2013), BMC Med Res
 * Methodol 13:91. Domain: b, c, n whole, n ≥ 1, b + c ≤ n ≤ 10⁹; 1e-300 ≤ δ < 1.
 * Errors: RangeError naming the field ("b must be a whole number, got 2.5", "b + c must be ≤ n (10),
 * got 12", "delta must be in (0, 1), got 1.5"); EmptyClassError for n = 0.
 *
 * @example pairedDifferenceScoreInterval({ b: 8, c: 1, n: 20 }, 0.05)
 * // ≈ { estimate: 0.35, lower: 0.0786, upper: 0.5717, construction: 'tango-exact', gap: ≈1e-7 }
 */
export function pairedDifferenceScoreInterval(counts: PairedCounts, delta: number): PairedScoreInterval {
  // Validates the counts and δ (its errors name them) and is the answer past the work limit.
  const union = pairedDifferenceInterval(counts, delta);
  const { b, c, n } = counts;
  if (n > TANGO_MAX_N) return { ...union, construction: 'union-bound', gap: 0 };
  const outcomes = pairedOutcomes(n);
  const estimate = (b - c) / n;
  const { lower, upper, gap } = invertScoreTest((difference, upperTail, work) => tailVerdict(outcomes, n, b, c, difference, upperTail, delta / 2, work), estimate, WORK_TERMS, BISECTION_STEPS);
  return { estimate, lower, upper, construction: 'tango-exact', gap };
}

interface PairedOutcomes {
  bs: Float64Array;
  cs: Float64Array;
  logCoefficients: Float64Array;
}

/** Every (b, c) with b + c ≤ n and its log multinomial coefficient log(n!/(b! c! (n − b − c)!)). */
function pairedOutcomes(n: number): PairedOutcomes {
  const size = ((n + 1) * (n + 2)) / 2;
  const bs = new Float64Array(size);
  const cs = new Float64Array(size);
  const logCoefficients = new Float64Array(size);
  const logFactorial = Float64Array.from({ length: n + 1 }, (_, k) => logGamma(k + 1));
  let i = 0;
  for (let b = 0; b <= n; b++) {
    for (let c = 0; b + c <= n; c++, i++) {
      bs[i] = b;
      cs[i] = c;
      logCoefficients[i] = logFactorial[n]! - logFactorial[b]! - logFactorial[c]! - logFactorial[n - b - c]!;
    }
  }
  return { bs, cs, logCoefficients };
}

/** Whether Δ₀ is rejected on one side: the outcomes at least as extreme as (b, c) in T at Δ₀, and their certified supremum against δ/2. */
function tailVerdict(outcomes: PairedOutcomes, n: number, b: number, c: number, difference: number, upperTail: boolean, level: number, work: { terms: number }): TailVerdict {
  const observed = tangoScoreStatistic(b, c, n, difference);
  const statisticAt = (i: number) => tangoScoreStatistic(outcomes.bs[i]!, outcomes.cs[i]!, n, difference);
  const [logCoefficients, bs, cs] = pickTailOutcomes([outcomes.logCoefficients, outcomes.bs, outcomes.cs], statisticAt, observed, upperTail);
  return pairedTailSupremum(logCoefficients!, bs!, cs!, n, difference, level, MAX_CELLS, work);
}
