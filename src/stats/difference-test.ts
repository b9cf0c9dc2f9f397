import type { DifferenceInterval } from './comparison-types';
import { assertClass, differenceInterval } from './difference-interval';
import { smallestLevel } from './smallest-level';
import type { ClassCounts } from './types';

/** P-values for "A and B are equally accurate" that invert an unpaired difference interval. */
export interface DifferenceTest {
  /** The smallest δ at which the (1 − δ) interval excludes 0: min(pAGreater, pBGreater). */
  pTwoSided: number;
  /** The smallest δ at which the interval's lower end is above 0 (H₁: p_A > p_B). */
  pAGreater: number;
  /** The smallest δ at which the interval's upper end is below 0 (H₁: p_A < p_B). */
  pBGreater: number;
}

/**
 * The test of p_A = p_B for two independent results (different test sets) that goes with
 * `differenceInterval`, by inverting it: pAGreater = inf{δ : lower(δ) > 0}, pBGreater =
 * inf{δ : upper(δ) < 0}, pTwoSided = the smaller (the interval is already two-sided: no doubling).
 * Valid because the intervals are nested (every exact bound tightens as δ grows) and cover with
 * probability ≥ 1 − δ for every (p_A, p_B): under p_A = p_B, P[pTwoSided ≤ α] ≤ α. Conservative
 * like the interval (a union bound); the exact size on grids is measured in
 * `difference-test.test.ts`. The interval at δ excludes 0 exactly when pTwoSided < δ (up to the
 * search's relative precision 1e-9·|ln p|, which errs upward).
 *
 * Reference: p-values as the smallest level of rejection (Lehmann & Romano, §3.3);
 * `differenceInterval`. Domain and errors: as `differenceInterval` (no δ). Values below 1e-300
 * read 1e-300. Cost: about 30–60 evaluations of the interval (~0.1–1.5 ms).
 *
 * @example differenceTest({ correct: 90, total: 100 }, { correct: 70, total: 100 })
 * // ≈ { pTwoSided: 0.0315695, pAGreater: 0.0315695, pBGreater: 1 } (conservative, like the interval)
 */
export function differenceTest(a: ClassCounts, b: ClassCounts): DifferenceTest {
  assertClass(a, 'a');
  assertClass(b, 'b');
  return invertDifference((delta) => differenceInterval(a, b, delta));
}

/** The largest δ below 1: the intervals take δ in (0, 1), and the search starts at δ = 1. */
const ALMOST_ONE = 1 - 2 ** -53;

/** The three p-values of a nested family of difference intervals (δ = 1 read as the largest δ below it). Internal. */
export function invertDifference(intervalAt: (delta: number) => DifferenceInterval): DifferenceTest {
  const at = (delta: number) => intervalAt(Math.min(delta, ALMOST_ONE));
  const pAGreater = smallestLevel((delta) => at(delta).lower);
  const pBGreater = smallestLevel((delta) => -at(delta).upper);
  return { pTwoSided: Math.min(pAGreater, pBGreater), pAGreater, pBGreater };
}
