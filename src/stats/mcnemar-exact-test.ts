import { assertObject } from './assert-object';
import { assertWholeNumber } from './assert-whole-number';
import { binomialCdf } from './binomial-cdf';

/** The largest number of discordant pairs b + c accepted (the binomial CDF's tested range). */
export const MCNEMAR_MAX_DISCORDANT = 1e9;

/** The exact McNemar test's p-values for "A and B are equally accurate". */
export interface McNemarExactTest {
  /** min(1, 2·min(pAGreater, pBGreater)): statsmodels' `mcnemar(table, exact=True).pvalue`. */
  pTwoSided: number;
  /** P[X ≥ b] for X ~ Binomial(b + c, ½): small when A is better (one-sided, H₁: p_A > p_B). */
  pAGreater: number;
  /** P[X ≤ b] for X ~ Binomial(b + c, ½): small when B is better (one-sided, H₁: p_A < p_B). */
  pBGreater: number;
}

/**
 * The exact (conditional) McNemar test for two detectors run on the same examples, from the
 * discordant pairs: b = examples A got right and B wrong, c = examples A got wrong and B right.
 * Given m = b + c discordant pairs, under H₀: p_A = p_B (i.e. p_b = p_c) each discordant pair is
 * A's with probability ½, so b | m ~ Binomial(m, ½) whatever the nuisance p_b + p_c:
 * pAGreater = P[X ≥ b] = F(c; m, ½), pBGreater = P[X ≤ b] = F(b; m, ½),
 * pTwoSided = min(1, 2·min(pAGreater, pBGreater)). With no discordant pairs (m = 0) all three are 1.
 * The test is exact conditionally on m, hence also unconditionally: P[p ≤ α] ≤ α under H₀.
 *
 * This is exactly the binomial sign test on the discordant pairs and the convention of statsmodels'
 * `statsmodels.stats.contingency_tables.mcnemar(table, exact=True)` (p = 2·Binom.cdf(min(b, c),
 * b + c, ½), capped at 1); for the symmetric Binomial(m, ½) it also equals R's
 * `binom.test(b, b + c)$p.value` (whose "as or less likely" two-sided rule is the doubled tail here).
 *
 * Reference: McNemar (1947), Psychometrika 12:153–157; Fagerland, Lydersen & Laake (2013),
 * BMC Med Res Methodol 13:91 ("exact conditional" test). Domain: b, c whole, b + c ≤ 10⁹.
 * Errors: RangeError naming the field ("b must be a whole number, got 2.5",
 * "b + c must be ≤ 1000000000, got …", "counts must be an object {b, c}").
 *
 * @example mcnemarExactTest({ b: 10, c: 2 })
 * // { pTwoSided: 0.03857421875, pAGreater: 0.019287109375, pBGreater: 0.996826171875 } (= 158/4096, 79/4096, 4083/4096)
 */
export function mcnemarExactTest(counts: { b: number; c: number }): McNemarExactTest {
  assertObject(counts, 'counts', '{b, c}');
  const { b, c } = counts;
  assertWholeNumber(b, 'b');
  assertWholeNumber(c, 'c');
  const m = b + c;
  if (m > MCNEMAR_MAX_DISCORDANT) throw new RangeError(`b + c must be ≤ ${MCNEMAR_MAX_DISCORDANT}, got ${m}`);
  if (m === 0) return { pTwoSided: 1, pAGreater: 1, pBGreater: 1 };
  const pAGreater = binomialCdf(c, m, 0.5);
  const pBGreater = binomialCdf(b, m, 0.5);
  return { pTwoSided: Math.min(1, 2 * Math.min(pAGreater, pBGreater)), pAGreater, pBGreater };
}
