import { logBinomialTerm } from './log-binomial-term';

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
 * recurrence, and stops where what is left of the tail is at most `cutoff`: moving away from the
 * mode the ratios r_k = f(k+1)/f(k) decrease, so Σ_{j>k} f(j) ≤ f(k)·r_k/(1 − r_k) — that bound is
 * added to `dropped`, so nothing left out is lost. For each x₊ (from the top) the x₋ with
 * T ≥ t are the suffix x₋ ≥ ⌈(t − n₋x₊)/n₊⌉, summed from suffix sums of the X₋ row (exact
 * integer arithmetic: all products are below 2⁵³ for class sizes up to 10⁷).
 * Cost: O(w₊ + w₋) with w the rows' windows, ≈ 20·√(np(1−p)) + a few terms each.
 * Internal: not validated (callers validate). Reused buffers: one instance per (n₊, n₋, t).
 *
 * @example new OrderedTailProbability(1, 1, 2, 1e-20).evaluate(0.5, 0.5) // 0.25 = P[both correct]
 */
export class OrderedTailProbability {
  /** The mass left out of the last evaluation (an upper bound on it). */
  dropped = 0;
  /** How many evaluations this instance has made. */
  evaluations = 0;
  private readonly rowA: Float64Array;
  private readonly rowB: Float64Array;
  private readonly suffixB: Float64Array;
  private lo = 0;
  private hi = 0;

  constructor(
    private readonly nA: number,
    private readonly nB: number,
    private readonly t: number,
    private readonly cutoff: number,
  ) {
    this.rowA = new Float64Array(nA + 1);
    this.rowB = new Float64Array(nB + 1);
    this.suffixB = new Float64Array(nB + 2);
  }

  /** The computed P[T ≥ t] at (a, b); `dropped` is set to the mass it may miss. */
  evaluate(a: number, b: number): number {
    this.evaluations++;
    const { nA, nB, t } = this;
    this.dropped = 0;
    this.fill(this.rowA, nA, a);
    const loA = this.lo;
    const hiA = this.hi;
    this.fill(this.rowB, nB, b);
    const loB = this.lo;
    const hiB = this.hi;
    const rowA = this.rowA;
    const rowB = this.rowB;
    const suffix = this.suffixB;
    suffix[hiB + 1] = 0;
    for (let j = hiB; j >= loB; j--) suffix[j] = suffix[j + 1]! + rowB[j]!;
    let total = 0;
    for (let i = hiA; i >= loA; i--) {
      const need = t - nB * i;
      const first = need <= 0 ? 0 : Math.ceil(need / nA);
      if (first > hiB) break; // smaller x₊ need even more of X₋
      total += rowA[i]! * suffix[first > loB ? first : loB]!;
    }
    return total;
  }

  /** Fills row[lo..hi] with Binomial(n, p) probabilities, adding what is left out to `dropped`. */
  private fill(row: Float64Array, n: number, p: number): void {
    if (!(p > 0)) {
      row[0] = 1;
      this.lo = this.hi = 0;
      return;
    }
    if (!(p < 1)) {
      row[n] = 1;
      this.lo = this.hi = n;
      return;
    }
    const q = 1 - p;
    const mode = Math.min(n, Math.floor((n + 1) * p));
    const peak = Math.exp(logBinomialTerm(mode, n - mode, p, q));
    const cutoff = this.cutoff;
    row[mode] = peak;
    const odds = p / q;
    let value = peak;
    let k = mode;
    while (k < n) {
      const ratio = ((n - k) / (k + 1)) * odds;
      if (ratio < 1) {
        const tail = (value * ratio) / (1 - ratio);
        if (tail <= cutoff) {
          this.dropped += tail;
          break;
        }
      }
      value *= ratio;
      row[++k] = value;
    }
    this.hi = k;
    const inverse = q / p;
    value = peak;
    k = mode;
    while (k > 0) {
      const ratio = (k / (n - k + 1)) * inverse;
      if (ratio < 1) {
        const tail = (value * ratio) / (1 - ratio);
        if (tail <= cutoff) {
          this.dropped += tail;
          break;
        }
      }
      value *= ratio;
      row[--k] = value;
    }
    this.lo = k;
  }
}
