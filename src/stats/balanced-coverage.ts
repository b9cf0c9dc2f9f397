import { assertProbability } from './assert-probability';
import { balancedCoverageGrid } from './balanced-coverage-grid';

/**
 * The exact probability that the union-bound balanced interval (`balancedInterval` at δ) contains
 * the true balanced accuracy (pYes + pNo)/2, when nYes YES and nNo NO examples are labelled and the
 * detector's true per-class accuracies are pYes and pNo:
 * Σ_{k₊, k₋} f(k₊; nYes, pYes)·f(k₋; nNo, pNo)·[lower ≤ (pYes + pNo)/2 ≤ upper]. At least 1 − δ.
 * One point of `balancedCoverageGrid` (use that for many points: it shares the bounds).
 *
 * Reference: the blog's balanced-accuracy bound (union bound over four exact bounds at δ/4);
 * Brown, Cai & DasGupta (2001), §2, for exact coverage.
 * Domain: 1 ≤ nYes, nNo ≤ 10,000 whole (the grid's cap); pYes, pNo in [0, 1]; 1e-300 ≤ δ < 1.
 * Errors: EmptyClassError for a class size 0; RangeError naming the bad argument.
 *
 * @example balancedCoverage(60, 60, 0.9, 0.8, 0.05) // 0.99930 (≥ 0.95 always)
 */
export function balancedCoverage(nYes: number, nNo: number, pYes: number, pNo: number, delta: number): number {
  assertProbability('pYes', pYes);
  assertProbability('pNo', pNo);
  return balancedCoverageGrid(nYes, nNo, delta, [pYes], [pNo])[0]![0]!;
}
