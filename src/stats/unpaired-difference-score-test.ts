import { differenceTest } from './difference-test';
import { logGamma } from './log-gamma';
import { scoreTestPValue } from './score-test-p-value';
import { statisticTailRows } from './statistic-tail-rows';
import type { ClassCounts } from './types';
import { SCORE_MAX_CELLS, SCORE_MAX_LABELS, SCORE_WORK_TERMS } from './unpaired-difference-score-interval';
import { unpairedScoreStatistic } from './unpaired-score-statistic';
import { unpairedTailSupremum } from './unpaired-tail-supremum';


/** An unpaired test's two-sided p-value and the test that gave it. */
export interface UnpairedScoreTest {
  /** Never below the exact p-value: the upper end of its bracket (Chan–Zhang's), or the union-bound test's. */
  pTwoSided: number;
  /** 'chan-zhang-exact': the test `unpairedDifferenceScoreInterval` inverts; 'union-bound' past SCORE_MAX_LABELS labels in all. */
  test: 'chan-zhang-exact' | 'union-bound';
}

/**
 * The exact unconditional two-sided p-value of the score test of H₀: p_A = p_B from two independent
 * results (Chan & Zhang 1999; Farrington–Manning's statistic Z), the test whose inversion is
 * `unpairedDifferenceScoreInterval`:
 *   p = min(1, 2·min(sup_{p_B} P[Z ≥ z_obs], sup_{p_B} P[Z ≤ z_obs])) at Δ₀ = 0,
 * so p ≤ δ exactly when that interval excludes 0 (up to its bisection's 1.2·10⁻⁴). Z and its tails as
 * the interval takes them (`statisticTailRows`), each supremum bracketed by certified verdicts
 * (`scoreTestPValue`, `unpairedTailSupremum`). Returns the bracket's upper end: never below the exact
 * p-value. A p-value of 1 means no tail is below ½: equal shares, or nearly so.
 *
 * Size limit: past SCORE_MAX_LABELS labels in all, the union-bound test's p (`differenceTest`,
 * conservative), named in `test`.
 *
 * Reference: Chan I.S.F. & Zhang Z. (1999), Biometrics 55:1202–1209; Farrington & Manning (1990),
 * Stat Med 9:1447–1454. Domain and errors: as `unpairedDifferenceScoreInterval` (each total ≥ 1,
 * 0 ≤ correct ≤ total whole; RangeError naming the field, EmptyClassError for a total of 0).
 *
 * @example unpairedDifferenceScoreTest({ correct: 19, total: 20 }, { correct: 13, total: 20 }) // ≈ { pTwoSided: 0.04, test: 'chan-zhang-exact' }
 */
export function unpairedDifferenceScoreTest(a: ClassCounts, b: ClassCounts): UnpairedScoreTest {
  // Validates both results (its errors name them) and is the answer past the size limit.
  const union = differenceTest(a, b);
  const [nA, nB] = [a.total, b.total];
  if (nA + nB > SCORE_MAX_LABELS) return { pTwoSided: union.pTwoSided, test: 'union-bound' };
  const logFactorial = Float64Array.from({ length: Math.max(nA, nB) + 1 }, (_, k) => logGamma(k + 1));
  const work = { terms: SCORE_WORK_TERMS };
  const statistic = (kA: number, kB: number) => unpairedScoreStatistic(kA, nA, kB, nB, 0);
  const rows = [true, false].map((upperTail) => statisticTailRows(statistic, a.correct, b.correct, nB + 1, () => nA, upperTail));
  const verdictAt = (upperTail: boolean, level: number) => unpairedTailSupremum(rows[upperTail ? 0 : 1]!, logFactorial, nA, nB, 0, level, SCORE_MAX_CELLS, work);
  return { pTwoSided: scoreTestPValue(verdictAt, a.correct / nA >= b.correct / nB).upper, test: 'chan-zhang-exact' };
}
