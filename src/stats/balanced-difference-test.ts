import { assertObject } from './assert-object';
import { balancedDifferenceInterval } from './balanced-difference-interval';
import type { DetectorCounts } from './comparison-types';
import { assertClass } from './difference-interval';
import { invertDifference, type DifferenceTest } from './difference-test';

/**
 * The test of BA_A = BA_B for two detectors measured on different test sets that goes with
 * `balancedDifferenceInterval`, by inverting it: pAGreater = inf{δ : lower(δ) > 0}, pBGreater =
 * inf{δ : upper(δ) < 0}, pTwoSided = the smaller (no doubling: the interval is two-sided). Valid
 * because the intervals are nested in δ and cover with probability ≥ 1 − δ for every true value:
 * under BA_A = BA_B (whatever the per-class accuracies), P[pTwoSided ≤ α] ≤ α. Conservative like
 * the interval; the exact size on 4-class grids is measured in `difference-test.test.ts`. The
 * interval at δ excludes 0 exactly when pTwoSided < δ (up to the search's relative precision
 * 1e-9·|ln p|, which errs upward).
 *
 * Reference: p-values as the smallest level of rejection (Lehmann & Romano, §3.3);
 * `balancedDifferenceInterval`. Domain and errors: as `balancedDifferenceInterval` (no δ).
 * Values below 1e-300 read 1e-300. Cost: about 30–60 evaluations of the interval (~0.2–1.5 ms at 10⁴ per class).
 *
 * @example balancedDifferenceTest(
 *   { yes: { correct: 95, total: 100 }, no: { correct: 97, total: 100 } },
 *   { yes: { correct: 80, total: 100 }, no: { correct: 85, total: 100 } })
 * // ≈ { pTwoSided: 0.1488945, pAGreater: 0.1488945, pBGreater: 1 }
 */
export function balancedDifferenceTest(a: DetectorCounts, b: DetectorCounts): DifferenceTest {
  for (const [counts, name] of [[a, 'a'], [b, 'b']] as const) {
    assertObject(counts, name, '{yes, no}');
    assertClass(counts.yes, `${name}.yes`);
    assertClass(counts.no, `${name}.no`);
  }
  return invertDifference((delta) => balancedDifferenceInterval(a, b, delta));
}
