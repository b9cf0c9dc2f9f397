import { type BinomialWindow, binomialWindow, fillBinomialWindow } from './fill-binomial-window';
import { LowerBoundTable } from './lower-bound-table';
import { TIE } from './union-ordered-tail-probability';

/** Relative allowance for rounding in a sum of products of window values (each good to ~10⁻¹⁴). */
const RELATIVE_ERROR = 1e-9;

/** What one evaluation's windows and calls cost, in steps of the inner sums (~250 × ~7 ns). */
const EVALUATION_WORK = 250;

/** A guaranteed enclosure of a tail probability: the true value is in [value, upper]. */
export interface TailEnclosure {
  value: number;
  upper: number;
}

/**
 * P_p[T(X) ≥ T(x_obs) − tie] for K independent classes Xᵢ ~ Binomial(nᵢ, pᵢ), ordered by the union
 * bound: T(x) = Σᵢ Lᵢ(xᵢ), the sum of the classes' exact one-sided lower bounds at `level` each
 * (K times the union-bound macro lower bound). The outcomes counted are those at least as good as
 * the one observed by that ordering, so the probability rises with every pᵢ.
 *
 * Steps: each class's probabilities are kept in a window outside which at most `cutoff` per side is
 * dropped (`fillBinomialWindow`); the first K − 2 classes are summed over their windows, and the
 * last two by a staircase: for each count of class K − 1 the least count of class K that reaches
 * the rest of the target falls as the first rises, so one pass over both windows suffices. Cost per
 * evaluation: Π of the first K − 2 windows × (the sum of the last two).
 * Enclosure: value·(1 − 10⁻⁹) ≤ true ≤ value·(1 + 10⁻⁹) + Σ dropped.
 *
 * Domain: 2 ≤ K, nᵢ ≥ 1, 0 ≤ kᵢ ≤ nᵢ, 0 < level < 1/2, 0 < cutoff. Internal: not validated.
 *
 * @example new MacroRecallTailProbability([53, 45, 31], [50, 40, 30], 0.025 / 3, 1e-12).at([0.9, 0.9, 0.9]).value // ≈ 0.15
 */
export class MacroRecallTailProbability {
  /** T(x_obs): K times the union-bound macro lower bound of the observed counts. */
  readonly observed: number;
  /** Steps of the inner sums so far (one per count visited, and `EVALUATION_WORK` per evaluation). */
  work = 0;
  /** Evaluations so far. */
  evaluations = 0;
  private readonly scores: Float64Array[];
  private readonly windows: BinomialWindow[];
  /** The best score the classes from i on can add together. */
  private readonly bestFrom: Float64Array;
  /** Suffix sums of the last class's window. */
  private readonly suffix: Float64Array;

  constructor(
    readonly totals: readonly number[],
    correct: readonly number[],
    level: number,
    private readonly cutoff: number,
  ) {
    this.scores = totals.map((n) => LowerBoundTable.of(n, level).span(0, n).slice(0, n + 1));
    this.observed = correct.reduce((sum, k, i) => sum + this.scores[i]![k]!, 0);
    this.windows = totals.map((n) => binomialWindow(n));
    const size = totals.length;
    this.bestFrom = new Float64Array(size + 1);
    for (let i = size - 1; i >= 0; i--) this.bestFrom[i] = this.bestFrom[i + 1]! + this.scores[i]![totals[i]!]!;
    this.suffix = new Float64Array(totals[size - 1]! + 2);
  }

  /** The enclosure of P_p[T(X) ≥ T(x_obs) − tie] at recalls p (one per class). */
  at(p: readonly number[]): TailEnclosure {
    let dropped = 0;
    this.windows.forEach((window, i) => {
      fillBinomialWindow(window, this.totals[i]!, p[i]!, this.cutoff);
      dropped += window.dropped;
    });
    const last = this.windows[this.windows.length - 1]!;
    this.suffix[last.hi + 1] = 0;
    for (let y = last.hi; y >= last.lo; y--) this.suffix[y] = this.suffix[y + 1]! + last.values[y]!;
    this.work += EVALUATION_WORK;
    this.evaluations++;
    const value = this.sumFrom(0, this.observed - TIE);
    return { value: value * (1 - RELATIVE_ERROR), upper: value * (1 + RELATIVE_ERROR) + dropped };
  }

  /** Σ over the windows of classes i.. of the probability that their scores add up to ≥ target. */
  private sumFrom(i: number, target: number): number {
    if (target > this.bestFrom[i]!) return 0;
    const size = this.windows.length;
    if (i === size - 2) return this.lastTwo(target);
    const window = this.windows[i]!;
    const scores = this.scores[i]!;
    let sum = 0;
    for (let x = window.lo; x <= window.hi; x++) sum += window.values[x]! * this.sumFrom(i + 1, target - scores[x]!);
    return sum;
  }

  /** The last two classes' staircase: for each x of class K − 1, the suffix of class K from the least y reaching the target. */
  private lastTwo(target: number): number {
    const size = this.windows.length;
    const first = this.windows[size - 2]!;
    const firstScores = this.scores[size - 2]!;
    const second = this.windows[size - 1]!;
    const secondScores = this.scores[size - 1]!;
    const n = this.totals[size - 1]!;
    // y = the least count of the last class with score ≥ target − score(x), n + 1 when none.
    let y = leastReaching(secondScores, n, target - firstScores[first.lo]!);
    let sum = 0;
    for (let x = first.lo; x <= first.hi; x++) {
      const need = target - firstScores[x]!;
      while (y > 0 && secondScores[y - 1]! >= need) y--;
      const tail = y <= second.lo ? this.suffix[second.lo]! : y > second.hi ? 0 : this.suffix[y]!;
      sum += first.values[x]! * tail;
    }
    this.work += first.hi - first.lo + 1 + (second.hi - second.lo + 1);
    return sum;
  }
}

/** The least y in 0..n with scores[y] ≥ need (scores rising), n + 1 when none. */
function leastReaching(scores: Float64Array, n: number, need: number): number {
  if (scores[n]! < need) return n + 1;
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (scores[mid]! >= need) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
