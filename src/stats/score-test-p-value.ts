import type { TailVerdict } from './concave-cell-supremum';

/** The smallest one-sided p-value searched: below it the result is this bound (the page shows p below 10⁻⁶ as "less than"). */
const SMALLEST_LEVEL = 1e-8;
/** Bisection steps on log(level) per tail: the supremum bracketed within a factor e^{ln(10⁸)/2¹⁶} ≈ 1 + 2.8·10⁻⁴. */
const LEVEL_STEPS = 16;

/**
 * The two-sided p-value of an exact unconditional test, p = min(1, 2·min(s₊, s₋)) with s₊ and s₋ the
 * suprema over the nuisance of the upper and lower tail probabilities, from certified verdicts
 * against a level (`verdictAt(upperTail, level)`: 'rejected' when that tail's supremum is certified
 * ≤ level, which then holds for every larger level too).
 *
 * Method: each one-sided supremum is bisected on log(level) between SMALLEST_LEVEL and 1
 * (LEVEL_STEPS halvings): its upper end is the
 * smallest level found rejected (or 1), its lower end the largest found 'accepted' (or 0;
 * 'undecided' proves nothing either way, and the search treats it as not rejected, the safe side).
 * The tail named by `firstUpper` (the direction of the estimate) is bisected first; the other only
 * when its verdict at the first one's upper end leaves open that it is smaller. Returns the two-sided
 * bracket; `upper`, never below the exact p-value, is the one to report (the test stays exact).
 *
 * Why bisect verdicts: the certified suprema decide against a level; the p-value is the level where
 * the decision turns.
 *
 * Domain: verdictAt monotone in level. Internal driver of the exact score tests
 * (`pairedDifferenceScoreTest`, `unpairedDifferenceScoreTest`): not validated.
 *
 * @example scoreTestPValue((upper, level) => (level >= (upper ? 0.0123 : 0.9) ? 'rejected' : 'accepted'), true)
 * // ≈ { lower: 0.0246, upper: 0.0246 } (within 3e-4 relative)
 */
export function scoreTestPValue(verdictAt: (upperTail: boolean, level: number) => TailVerdict, firstUpper: boolean): { lower: number; upper: number } {
  const first = oneSidedBracket((level) => verdictAt(firstUpper, level));
  const otherAtFirst = verdictAt(!firstUpper, first.upper);
  let [lowest, highest] = [first.lower, first.upper];
  if (otherAtFirst === 'rejected') {
    const other = oneSidedBracket((level) => verdictAt(!firstUpper, level));
    [lowest, highest] = [Math.min(lowest, other.lower), Math.min(highest, other.upper)];
  } else if (otherAtFirst === 'undecided') {
    lowest = 0;
  }
  return { lower: Math.min(1, 2 * lowest), upper: Math.min(1, 2 * highest) };
}

/** One tail's supremum bracketed by bisection on log(level). */
function oneSidedBracket(verdictAt: (level: number) => TailVerdict): { lower: number; upper: number } {
  let accepted = 0;
  const rejects = (logLevel: number) => {
    const verdict = verdictAt(Math.exp(logLevel));
    if (verdict === 'accepted') accepted = Math.max(accepted, Math.exp(logLevel));
    return verdict === 'rejected';
  };
  // Level 1 bounds any probability: the search starts knowing it.
  let [low, high] = [Math.log(SMALLEST_LEVEL), 0];
  if (rejects(low)) return { lower: 0, upper: SMALLEST_LEVEL };
  for (let step = 0; step < LEVEL_STEPS; step++) {
    const middle = (low + high) / 2;
    if (rejects(middle)) high = middle;
    else low = middle;
  }
  return { lower: accepted, upper: Math.exp(high) };
}
