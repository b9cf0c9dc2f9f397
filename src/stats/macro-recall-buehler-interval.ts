import { assertDelta } from './assert-delta';
import { macroRecallBuehlerLowerBound } from './macro-recall-buehler-lower-bound';
import { macroRecallInterval } from './macro-recall-interval';
import type { Interval } from './types';

/** Buehler's search over K − 1 free recalls is certified and quick enough for this many classes at most. */
export const MACRO_BUEHLER_MAX_CLASSES = 4;
/** …and this many examples in all (each class's table of exact bounds is computed whole). */
export const MACRO_BUEHLER_MAX_EXAMPLES = 5_000;
/**
 * …and δ at least this: the tails compared with δ/2 are sums of binomial terms that underflow below
 * ~10⁻³⁰⁸, which only a δ far above that leaves negligible.
 */
export const MACRO_BUEHLER_MIN_DELTA = 1e-10;
/** Steps of the tail sums each end's search may take (~7 ns each: ~0.4 s); past it the bound proven so far is returned. */
const MAX_WORK_PER_END = 6e7;

/** The macro recall's interval by Buehler's construction, with the union bound it improves on. */
export interface MacroRecallBuehlerInterval extends Interval {
  method: 'buehler-union-ordered';
  delta: number;
  /** The union-bound interval (`macroRecallInterval`): never narrower than this one. */
  union: Interval;
  /**
   * Per end, how far inside it Buehler's exact bound may still be (the search's last bracket: at
   * most 10⁻³ standard errors or 10⁻⁵); NaN when the end's search reached its work limit first, in
   * which case the end is still certified, only less tight than it could be.
   */
  slack: { lower: number; upper: number };
}

/**
 * Buehler's exact (1 − δ) interval for the macro recall (1/K) Σ kᵢ/nᵢ of a K × K confusion matrix
 * (rows = true class), ordered by the union bound: each end at δ/2 is the most extreme mean recall
 * that some recall vector of that mean makes at least δ/2 likely to give an outcome as good (as
 * bad) by the union-bound ordering — `macroRecallBuehlerLowerBound` on the correct counts, and on
 * the errors nᵢ − kᵢ for the upper end (upper = 1 − that bound). Each end is at least as tight as
 * the union bound's (Buehler's bound is the tightest valid bound monotone in its ordering).
 *
 * Reference: Buehler (1957), "Confidence intervals for the product of two binomial parameters",
 * JASA 52:482–493; Lloyd & Kabaila (2003) on Buehler bounds ordered by a given estimator; the
 * blog's union bound (the ordering); issue #31. Domain: 2 ≤ K ≤ 4, rows of whole counts ≥ 0 each
 * with an example, Σ nᵢ ≤ 5,000; 10⁻¹⁰ ≤ δ < 1. Errors: as `macroRecallInterval`, and a RangeError
 * naming the matrix (K or its examples) or δ past these limits (use the union bound there).
 *
 * @example macroRecallBuehlerInterval([[50, 2, 1], [3, 40, 2], [0, 1, 30]], 0.05)
 * // ≈ { estimate: 0.933, lower: 0.8630, upper: 0.98316, union: { lower: 0.78228, upper: 0.98796 } }
 */
export function macroRecallBuehlerInterval(matrix: readonly (readonly number[])[], delta: number): MacroRecallBuehlerInterval {
  const union = macroRecallInterval(matrix, delta);
  assertDelta(delta);
  const size = union.classes.length;
  const totals = union.classes.map((item) => item.total);
  const correct = union.classes.map((item) => item.correct);
  const examples = totals.reduce((sum, n) => sum + n, 0);
  if (size < 2 || size > MACRO_BUEHLER_MAX_CLASSES) {
    throw new RangeError(`matrix has ${size} classes: Buehler's search is certified for 2–${MACRO_BUEHLER_MAX_CLASSES}; use macroRecallInterval (the union bound)`);
  }
  if (examples > MACRO_BUEHLER_MAX_EXAMPLES) {
    throw new RangeError(`matrix has ${examples} examples: Buehler's search is limited to ${MACRO_BUEHLER_MAX_EXAMPLES}; use macroRecallInterval (the union bound)`);
  }
  if (delta < MACRO_BUEHLER_MIN_DELTA) {
    throw new RangeError(`delta must be ≥ ${MACRO_BUEHLER_MIN_DELTA} for Buehler's search, got ${delta}; use macroRecallInterval (the union bound)`);
  }
  const lower = macroRecallBuehlerLowerBound(totals, correct, delta / 2, MAX_WORK_PER_END);
  const upper = macroRecallBuehlerLowerBound(totals, correct.map((k, i) => totals[i]! - k), delta / 2, MAX_WORK_PER_END);
  const { estimate } = union;
  return {
    estimate,
    lower: Math.min(Math.max(lower.bound, union.lower), estimate),
    upper: Math.max(Math.min(1 - upper.bound, union.upper), estimate),
    method: 'buehler-union-ordered',
    delta,
    union: { estimate, lower: union.lower, upper: union.upper },
    slack: { lower: lower.slack, upper: upper.slack },
  };
}
