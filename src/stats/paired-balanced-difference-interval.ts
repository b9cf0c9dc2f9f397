import { assertDelta } from './assert-delta';
import { assertObject } from './assert-object';
import { assertPairedCounts } from './assert-paired-counts';
import type { DifferenceInterval, PairedClassCounts } from './comparison-types';
import { PAIRED_MAX_N, PAIRED_PI_SHARE, pairedDifferenceBounds } from './paired-difference-interval';

/** The paired balanced-accuracy difference with the per-class paired intervals it averages. */
export interface PairedBalancedDifferenceInterval extends DifferenceInterval {
  /** The should-be-YES class's paired difference interval, at δ/2. */
  yes: DifferenceInterval;
  /** The should-be-NO class's paired difference interval, at δ/2. */
  no: DifferenceInterval;
}

/**
 * An exact (1 − δ) confidence interval for BA_A − BA_B, the difference of two detectors' balanced
 * accuracies on the same examples: BA_A − BA_B = (Δ_yes + Δ_no)/2 with Δ = p_A − p_B per class.
 * Construction: each class's `pairedDifferenceInterval` at δ/2 (its own union bound: δ/8 on the
 * class's discordance rate, 3δ/8 on its discordant share), so by the union bound both classes'
 * intervals hold together with probability ≥ 1 − δ, and on that event the average lies between
 * the averages: lower = (lower_yes + lower_no)/2, upper = (upper_yes + upper_no)/2,
 * estimate = ((b_yes − c_yes)/n_yes + (b_no − c_no)/n_no)/2. The classes need not be independent.
 * A test of BA_A = BA_B consistent with this interval is `pairedBalancedDifferenceTest`.
 *
 * Reference: the blog's union bound ("Constructing the Bound for Balanced Accuracy") applied to
 * the paired construction of `pairedDifferenceInterval`.
 * Domain: per class b, c, n whole, 1 ≤ n ≤ 10⁹, b + c ≤ n; 1e-300 ≤ δ < 1.
 * Errors: RangeError naming the field ("yes.b must be a whole number, got 2.5", "no.b + no.c must
 * be ≤ no.n (10), got 12", "counts must be an object {yes, no}"); EmptyClassError when a class has
 * no examples. Results: −1 ≤ lower ≤ estimate ≤ upper ≤ 1; swapping A and B negates the interval.
 *
 * @example pairedBalancedDifferenceInterval({ yes: { b: 12, c: 3, n: 200 }, no: { b: 20, c: 8, n: 300 } }, 0.05)
 * // ≈ { estimate: 0.0425, lower: -0.0079535, upper: 0.1236499, yes: {...}, no: {...} }
 */
export function pairedBalancedDifferenceInterval(counts: PairedClassCounts, delta: number): PairedBalancedDifferenceInterval {
  assertObject(counts, 'counts', '{yes, no}');
  assertPairedCounts(counts.yes, 'yes');
  assertPairedCounts(counts.no, 'no');
  assertDelta(delta);
  for (const name of ['yes', 'no'] as const) {
    if (counts[name].n > PAIRED_MAX_N) throw new RangeError(`${name}.n must be ≤ ${PAIRED_MAX_N}, got ${counts[name].n}`);
  }
  return pairedBalancedDifferenceBounds(counts, delta);
}

/** The construction above without validation (also used by the test and the ranking). Internal. */
export function pairedBalancedDifferenceBounds(counts: PairedClassCounts, delta: number): PairedBalancedDifferenceInterval {
  const perClass = delta / 2;
  const at = ({ b, c, n }: { b: number; c: number; n: number }) =>
    pairedDifferenceBounds(b, c, n, perClass * (1 - PAIRED_PI_SHARE), perClass * PAIRED_PI_SHARE);
  const yes = at(counts.yes);
  const no = at(counts.no);
  const mean = (x: number, y: number) => Math.min(Math.max((x + y) / 2, Math.min(x, y)), Math.max(x, y));
  const estimate = mean(yes.estimate, no.estimate);
  return {
    estimate,
    lower: Math.min(mean(yes.lower, no.lower), estimate),
    upper: Math.max(mean(yes.upper, no.upper), estimate),
    yes,
    no,
  };
}
