import type { PairedCounts } from './comparison-types';
import { logGamma } from './log-gamma';
import { mcnemarExactTest } from './mcnemar-exact-test';
import { TANGO_MAX_CELLS, TANGO_MAX_N, TANGO_WORK_TERMS } from './paired-difference-score-interval';
import { pairedTailSupremum } from './paired-tail-supremum';
import { scoreTestPValue } from './score-test-p-value';
import { statisticTailRows } from './statistic-tail-rows';
import { tangoScoreStatistic } from './tango-score-statistic';


/** A paired test's two-sided p-value and the test that gave it. */
export interface PairedScoreTest {
  /** Never below the exact p-value: the upper end of its bracket (Tango's), or McNemar's exact p. */
  pTwoSided: number;
  /** 'tango-exact': the test `pairedDifferenceScoreInterval` inverts; 'mcnemar-exact' past TANGO_MAX_N pairs. */
  test: 'tango-exact' | 'mcnemar-exact';
}

/**
 * The exact unconditional two-sided p-value of Tango's (1998) score test of H₀: p_b = p_c (equally
 * accurate on paired data), the test whose inversion is `pairedDifferenceScoreInterval`:
 *   p = min(1, 2·min(sup_{p_c} P[T ≥ t_obs], sup_{p_c} P[T ≤ t_obs])) at Δ₀ = 0,
 * so p ≤ δ exactly when that interval excludes 0 (up to its bisection's 1.2·10⁻⁴). T and its tails
 * as the interval takes them (`statisticTailRows`), each supremum bracketed by certified verdicts
 * (`scoreTestPValue`, `pairedTailSupremum`); the tail in the direction of b − c first, the other
 * only when it might be smaller. Returns the bracket's upper end: never below the exact p-value.
 * A p-value of 1 means no tail is below ½: b = c, or nearly so.
 *
 * Size limit: n > TANGO_MAX_N returns the exact McNemar test's p (`mcnemarExactTest`), named in `test`.
 *
 * Reference: Tango (1998), Stat Med 17:891–908; Fagerland, Lydersen & Laake (2013), BMC Med Res
 * Methodol 13:91. Domain and errors: as `pairedDifferenceScoreInterval` (b, c, n whole, n ≥ 1,
 * b + c ≤ n; RangeError naming the field, EmptyClassError for n = 0).
 *
 * @example pairedDifferenceScoreTest({ b: 12, c: 4, n: 200 }) // ≈ { pTwoSided: 0.046, test: 'tango-exact' } (exact McNemar: 0.077)
 */
export function pairedDifferenceScoreTest(counts: PairedCounts): PairedScoreTest {
  // Validates the counts (its errors name them) and is the answer past the size limit.
  const mcnemar = mcnemarExactTest(counts);
  const { b, c, n } = counts;
  if (n > TANGO_MAX_N) return { pTwoSided: mcnemar.pTwoSided, test: 'mcnemar-exact' };
  const logFactorial = Float64Array.from({ length: n + 1 }, (_, k) => logGamma(k + 1));
  const work = { terms: TANGO_WORK_TERMS };
  const rows = [true, false].map((upperTail) => statisticTailRows((column, row) => tangoScoreStatistic(column, row, n, 0), b, c, n + 1, (row) => n - row, upperTail));
  const verdictAt = (upperTail: boolean, level: number) => pairedTailSupremum(rows[upperTail ? 0 : 1]!, logFactorial, n, 0, level, TANGO_MAX_CELLS, work);
  return { pTwoSided: scoreTestPValue(verdictAt, b >= c).upper, test: 'tango-exact' };
}
