import { assertObject } from './assert-object';
import { assertPairedCounts } from './assert-paired-counts';
import type { PairedClassCounts } from './comparison-types';
import { pairedBalancedDifferenceBounds } from './paired-balanced-difference-interval';
import { PAIRED_MAX_N } from './paired-difference-interval';
import { smallestLevel } from './smallest-level';

/** P-values for BA_A = BA_B from the paired balanced difference interval. */
export interface PairedBalancedDifferenceTest {
  /** The smallest δ at which the (1 − δ) interval excludes 0: min(pAGreater, pBGreater). */
  pTwoSided: number;
  /** The smallest δ at which the interval's lower end is above 0 (H₁: BA_A > BA_B). */
  pAGreater: number;
  /** The smallest δ at which the interval's upper end is below 0 (H₁: BA_A < BA_B). */
  pBGreater: number;
}

/**
 * The test of "A and B have the same balanced accuracy" that goes with
 * `pairedBalancedDifferenceInterval`, by inverting it: pAGreater = inf{δ : lower(δ) > 0},
 * pBGreater = inf{δ : upper(δ) < 0}, pTwoSided = min of the two (the interval is already
 * two-sided, so no doubling). Valid because the intervals are nested (every exact bound used
 * tightens as δ grows) and cover with probability ≥ 1 − δ for every true value: under
 * BA_A = BA_B, P[pTwoSided ≤ α] ≤ α; under BA_A ≤ BA_B, P[pAGreater ≤ α] ≤ α — whatever the
 * per-class differences (a per-class McNemar sum would test the sharper null "no difference in
 * either class" instead, which is not the question asked). The interval at δ excludes 0 exactly
 * when pTwoSided < δ (up to the search's relative precision 1e-9·|ln p|, which errs upward).
 *
 * Reference: p-values as the smallest level of rejection (Lehmann & Romano, §3.3); the interval's
 * construction in `pairedBalancedDifferenceInterval`.
 * Domain and errors: as `pairedBalancedDifferenceInterval` (no δ). Values below 1e-300 read 1e-300.
 * Cost: about 20–40 evaluations of the interval (~0.2–0.5 ms).
 *
 * @example pairedBalancedDifferenceTest({ yes: { b: 12, c: 3, n: 200 }, no: { b: 20, c: 8, n: 300 } })
 * // ≈ { pTwoSided: 0.0948253, pAGreater: 0.0948253, pBGreater: 1 }
 */
export function pairedBalancedDifferenceTest(counts: PairedClassCounts): PairedBalancedDifferenceTest {
  assertObject(counts, 'counts', '{yes, no}');
  assertPairedCounts(counts.yes, 'yes');
  assertPairedCounts(counts.no, 'no');
  for (const name of ['yes', 'no'] as const) {
    if (counts[name].n > PAIRED_MAX_N) throw new RangeError(`${name}.n must be ≤ ${PAIRED_MAX_N}, got ${counts[name].n}`);
  }
  const pAGreater = smallestLevel((delta) => pairedBalancedDifferenceBounds(counts, delta).lower);
  const pBGreater = smallestLevel((delta) => -pairedBalancedDifferenceBounds(counts, delta).upper);
  return { pTwoSided: Math.min(pAGreater, pBGreater), pAGreater, pBGreater };
}
