import { type BinomialWindow, binomialWindow, fillBinomialWindow } from './fill-binomial-window';

/**
 * Relative error allowed for a computed tail sum: the mode term (Loader's form, ~1e-14), the ratio
 * recurrences (about one ulp per step, ≤ 2·10⁴ steps at n = 10⁶ ⇒ ~5e-12), q = 1 − p (≤ n·1e-16)
 * and the summation (one ulp per term). 1e-9 covers all of them with three orders to spare.
 */
export const TAIL_RELATIVE_ERROR = 1e-9;

/**
 * P[T ≥ t] for the ordering T = n₋·X₊ + n₊·X₋ (an integer; T/(2n₊n₋) is the balanced estimate),
 * X₊ ~ Binomial(n₊, a) and X₋ ~ Binomial(n₋, b) independent, at any (a, b), with a guaranteed
 * enclosure: true value ∈ [value·(1 − ε), value·(1 + ε) + dropped], ε = TAIL_RELATIVE_ERROR.
 *
 * Method: each probability row is built from its mode (Loader's term) outward by the ratio
 * recurrence, and stops where what is left of the tail is at most `cutoff` (`fillBinomialWindow`:
 * the rest of a tail is bounded by a geometric series and added to `dropped`, so nothing left out
 * is lost). For each x₊ (from the top) the x₋ with T ≥ t are the suffix x₋ ≥ ⌈(t − n₋x₊)/n₊⌉,
 * summed from suffix sums of the X₋ row; that boundary is walked in exact integer steps (all
 * products are below 2⁵³ for class sizes up to 10⁷).
 * Cost: O(w₊ + w₋) with w the rows' windows, 2√(2 ln(1/cutoff)) standard deviations each (~11 at the
 * search's cutoff).
 * Internal: not validated (callers validate). Reused buffers: one instance per (n₊, n₋, t).
 *
 * @example new OrderedTailProbability(1, 1, 2, 1e-20).evaluate(0.5, 0.5) // 0.25 = P[both correct]
 */
export class OrderedTailProbability {
  /** The mass left out of the last evaluation (an upper bound on it). */
  dropped = 0;
  /** How many evaluations this instance has made. */
  evaluations = 0;
  private readonly rowA: BinomialWindow;
  private readonly rowB: BinomialWindow;
  private readonly suffixB: Float64Array;

  constructor(
    private readonly nA: number,
    private readonly nB: number,
    private readonly t: number,
    private readonly cutoff: number,
  ) {
    this.rowA = binomialWindow(nA);
    this.rowB = binomialWindow(nB);
    this.suffixB = new Float64Array(nB + 2);
  }

  /** The computed P[T ≥ t] at (a, b); `dropped` is set to the mass it may miss (rows stop at `cutoff`). */
  evaluate(a: number, b: number, cutoff = this.cutoff): number {
    this.evaluations++;
    const { nA, nB, t } = this;
    const { lo: loA, hi: hiA, dropped: droppedA, values: rowA } = fillBinomialWindow(this.rowA, nA, a, cutoff);
    const { lo: loB, hi: hiB, dropped: droppedB, values: rowB } = fillBinomialWindow(this.rowB, nB, b, cutoff);
    this.dropped = droppedA + droppedB;
    const suffix = this.suffixB;
    suffix[hiB + 1] = 0;
    for (let j = hiB; j >= loB; j--) suffix[j] = suffix[j + 1]! + rowB[j]!;
    // For each x₊ (from the top) the x₋ with T ≥ t are x₋ ≥ first = ⌈(t − n₋x₊)/n₊⌉ (negative when
    // any x₋ will do). It is walked down the row in integer steps, with no division per term:
    // slack = first·n₊ − (t − n₋x₊) stays in [0, n₊), and each step down in x₊ adds n₋ to the need.
    let first = Math.ceil((t - nB * hiA) / nA);
    let slack = first * nA - (t - nB * hiA);
    const stepWhole = Math.floor(nB / nA);
    const stepRest = nB - stepWhole * nA;
    let total = 0;
    for (let i = hiA; i >= loA && first <= hiB; i--) {
      // (first > hiB: smaller x₊ need even more of X₋)
      total += rowA[i]! * suffix[first > loB ? first : loB]!;
      first += stepWhole;
      slack -= stepRest;
      if (slack < 0) {
        slack += nA;
        first++;
      }
    }
    return total;
  }
}
