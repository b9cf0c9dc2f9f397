import { assertCounts } from './assert-counts';
import { assertDelta } from './assert-delta';
import { assertObject } from './assert-object';
import type { DifferenceInterval } from './comparison-types';
import { exactLowerBound } from './exact-lower-bound';
import { exactUpperBound } from './exact-upper-bound';
import type { ClassCounts } from './types';

/**
 * An exact (1 − δ) confidence interval for p_A − p_B from two independent results (different test
 * sets): k_A of n_A and k_B of n_B correct. Construction (union bound): the four exact one-sided
 * bounds p̲_A, p̄_A, p̲_B, p̄_B each at δ/4 (i.e. each detector's Clopper–Pearson central interval
 * at δ/2), lower = p̲_A − p̄_B, upper = p̄_A − p̲_B, estimate = k_A/n_A − k_B/n_B. The lower end can
 * only fail if p̲_A > p_A or p̄_B < p_B, the upper only if p̄_A < p_A or p̲_B > p_B: at most four
 * events of probability ≤ δ/4 each, so coverage ≥ 1 − δ for every (p_A, p_B) — independence is
 * not even needed. Exact coverage on (p_A, p_B) grids is measured in
 * `difference-interval.test.ts`. It is valid but conservative (a Wald or Newcombe interval is
 * narrower and has no such guarantee).
 *
 * Reference: Clopper & Pearson (1934); the blog's union bound (Appendix A); Langford (2005).
 * Domain: each total ≥ 1, 0 ≤ correct ≤ total whole; 1e-300 ≤ δ < 1.
 * Errors: RangeError naming the field ("a.correct must be ≤ a.total (10), got 11", "b must be an
 * object {correct, total}"); EmptyClassError for a total of 0.
 * Results: −1 ≤ lower ≤ estimate ≤ upper ≤ 1; swapping a and b negates the interval.
 *
 * @example differenceInterval({ correct: 90, total: 100 }, { correct: 80, total: 100 }, 0.05)
 * // ≈ { estimate: 0.1, lower: -0.0696725, upper: 0.2613158 }
 */
export function differenceInterval(a: ClassCounts, b: ClassCounts, delta: number): DifferenceInterval {
  assertClass(a, 'a');
  assertClass(b, 'b');
  assertDelta(delta);
  const perBound = delta / 4;
  const [aLower, aEstimate, aUpper] = classBounds(a, perBound);
  const [bLower, bEstimate, bUpper] = classBounds(b, perBound);
  return differenceOf(aLower, aEstimate, aUpper, bLower, bEstimate, bUpper);
}

/** Validates one class's counts as `name.correct` / `name.total`. Internal. */
export function assertClass(counts: unknown, name: string): asserts counts is ClassCounts {
  assertObject(counts, name, '{correct, total}');
  const { correct, total } = counts as ClassCounts;
  assertCounts(total, correct, { n: `${name}.total`, k: `${name}.correct` });
}

/** [lower, estimate, upper] with each exact one-sided bound at `perBound`, clamped to k/n. Internal. */
export function classBounds({ correct, total }: ClassCounts, perBound: number): [number, number, number] {
  const estimate = correct / total;
  return [
    Math.min(exactLowerBound(total, correct, perBound), estimate),
    estimate,
    Math.max(exactUpperBound(total, correct, perBound), estimate),
  ];
}

/** [lowerA − upperB, estimateA − estimateB, upperA − lowerB], ordered and kept in [−1, 1]. Internal. */
export function differenceOf(aLower: number, aEstimate: number, aUpper: number, bLower: number, bEstimate: number, bUpper: number): DifferenceInterval {
  const estimate = aEstimate - bEstimate;
  return {
    estimate,
    lower: Math.max(-1, Math.min(aLower - bUpper, estimate)),
    upper: Math.min(1, Math.max(aUpper - bLower, estimate)),
  };
}
