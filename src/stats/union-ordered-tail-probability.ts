import type { StaircaseBoundary } from './balanced-line-curvature-bound';
import { type BinomialWindow, binomialWindow, fillBinomialWindow } from './fill-binomial-window';
import { LowerBoundTable } from './lower-bound-table';

/**
 * Ties of the ordering are counted in the tail with this much room: each cached bound is good to
 * ~10⁻¹⁴ (a beta quantile, or Newton's method on the tail sum) and their sum is rounded by ~2·10⁻¹⁶,
 * so every outcome whose exact sum is ≥ the observed one is inside the set.
 */
export const TIE = 1e-10;
/** A bound first used in a search (computed once per (n, level) and shared: ~1–5 µs) counts as this many steps of a row (~15 ns each). */
const BOUND_WORK = 200;

/** Thrown by `evaluate` once the work done passes the limit given: the caller falls back. */
export class WorkExhausted extends Error {
  constructor() {
    super('the work limit of the union-ordered tail sums was reached');
  }
}

/**
 * P[W ≥ w_obs − tie] for the union-bound ordering W(x₊, x₋) = L₊(x₊) + L₋(x₋), the sum of the two
 * classes' exact one-sided lower bounds at `level` each (twice the union-bound balanced lower
 * bound), X₊ ~ Binomial(n₊, a) and X₋ ~ Binomial(n₋, b) independent, with the same guaranteed
 * enclosure as `OrderedTailProbability`: true value ∈ [value·(1 − ε), value·(1 + ε) + dropped].
 *
 * Why a staircase: L(k) rises with k, so {W ≥ w} holds, for each x₊, the suffix x₋ ≥ g(x₊) with
 * g non-increasing. Each evaluation walks x₊ down its row's window and g up B's window (one
 * comparison per step); the bounds L(k) come from tables shared by every search at the same
 * (n, level) (`LowerBoundTable`), computed once over the counts the rows ever cover. Outside B's window only whether
 * g lies below or above it matters.
 * The tie room makes the set a little larger than {W ≥ w_obs}: its probability is an upper bound on
 * that set's, so a level certified with it is certified for the exact ordering too.
 * Cost: O(w₊ + w₋) per evaluation with w the rows' windows, plus one beta quantile per new count.
 * Internal: not validated (callers validate). One instance per (counts, level).
 *
 * @example new UnionOrderedTailProbability(1, 1, 1, 1, 0.025, 1e-20).evaluate(0.5, 0.5) // 0.25: only (1, 1) ranks as high
 */
export class UnionOrderedTailProbability {
  /** The mass left out of the last evaluation (an upper bound on it). */
  dropped = 0;
  /** How many evaluations this instance has made. */
  evaluations = 0;
  /** Work done so far: row and walk steps, plus BOUND_WORK per bound computed. Deterministic (not a clock). */
  work = 0;
  /** The observed W. */
  readonly observed: number;
  private readonly rowA: BinomialWindow;
  private readonly rowB: BinomialWindow;
  private readonly suffixB: Float64Array;
  private readonly boundsA: LowerBoundTable;
  private readonly boundsB: LowerBoundTable;
  private readonly seenA: Uint8Array;
  /** The staircase's first(i), found on first use (−1 before). */
  private readonly firsts: Float64Array;
  private readonly seenB: Uint8Array;

  constructor(
    private readonly nA: number,
    kA: number,
    private readonly nB: number,
    kB: number,
    level: number,
    private readonly cutoff: number,
    /** Past this much work `evaluate` throws WorkExhausted. */
    private readonly workLimit = Infinity,
  ) {
    this.rowA = binomialWindow(nA);
    this.rowB = binomialWindow(nB);
    this.suffixB = new Float64Array(nB + 2);
    this.boundsA = LowerBoundTable.of(nA, level);
    this.boundsB = LowerBoundTable.of(nB, level);
    this.seenA = new Uint8Array(nA + 1);
    this.firsts = new Float64Array(nA + 1).fill(-1);
    this.seenB = new Uint8Array(nB + 1);
    this.observed = this.boundA(kA) + this.boundB(kB);
  }

  /** L₊(k): A's exact one-sided lower bound at the level (0 at k = 0). */
  boundA(k: number): number {
    return this.cachedLowerBound(this.boundsA, this.seenA, k);
  }

  /** L₋(k). */
  boundB(k: number): number {
    return this.cachedLowerBound(this.boundsB, this.seenB, k);
  }

  /** A bound from the shared table; the first use of each count in this search counts as BOUND_WORK (whether or not the table had it: the work limit stays a function of the counts alone). */
  private cachedLowerBound(table: LowerBoundTable, seen: Uint8Array, k: number): number {
    if (seen[k] === 0) {
      seen[k] = 1;
      this.work += BOUND_WORK;
    }
    return table.get(k);
  }

  /** Counts every count in [from, to] not yet used by this search as used (BOUND_WORK each). */
  private markSeen(seen: Uint8Array, from: number, to: number): void {
    for (let k = from; k <= to; k++) {
      if (seen[k] === 0) {
        seen[k] = 1;
        this.work += BOUND_WORK;
      }
    }
  }

  /**
   * The set's staircase for `BalancedLineCurvature`: first(i) = the least x₋ with
   * L₋(x₋) ≥ w_obs − tie − L₊(i) (n₋ + 1 where none; for i past n₊, first(n₊): those columns are
   * never reached by the identity's shifts). Any column or row may hold every cell.
   */
  staircase(): StaircaseBoundary {
    return {
      fill: (from, to, out) => {
        const target = this.observed - TIE;
        const firsts = this.firsts;
        let first = 0;
        for (let i = to; i >= from; i--) {
          const column = Math.min(i, this.nA);
          // first(i) depends on i alone: each is found once per search (−1: not yet).
          if (firsts[column]! < 0) firsts[column] = this.leastAtLeast(target - this.boundA(column), first);
          first = firsts[column]!;
          out[i - from] = first;
        }
      },
      cellsPerColumn: this.nB + 1,
      cellsPerRow: this.nA + 1,
    };
  }

  /** The least x₋ ≥ from with L₋(x₋) ≥ need (n₋ + 1 if none): a galloping search, L₋ rising. */
  private leastAtLeast(need: number, from: number): number {
    const { nB } = this;
    if (from > nB || this.boundB(from) >= need) return from;
    if (this.boundB(nB) < need) return nB + 1;
    // L₋(from) < need ≤ L₋(nB): gallop to a step whose bound is large enough, then bisect.
    let below = from;
    let step = 1;
    while (below + step < nB && this.boundB(below + step) < need) {
      below += step;
      step *= 2;
    }
    let above = Math.min(below + step, nB);
    while (above - below > 1) {
      const middle = below + Math.floor((above - below) / 2);
      if (this.boundB(middle) >= need) above = middle;
      else below = middle;
    }
    return above;
  }

  /** The computed P[W ≥ w_obs − tie] at (a, b); `dropped` is set to the mass it may miss. */
  evaluate(a: number, b: number, cutoff = this.cutoff): number {
    if (this.work > this.workLimit) throw new WorkExhausted();
    this.evaluations++;
    const { lo: loA, hi: hiA, dropped: droppedA, values: rowA } = fillBinomialWindow(this.rowA, this.nA, a, cutoff);
    const { lo: loB, hi: hiB, dropped: droppedB, values: rowB } = fillBinomialWindow(this.rowB, this.nB, b, cutoff);
    this.dropped = droppedA + droppedB;
    const suffix = this.suffixB;
    suffix[hiB + 1] = 0;
    for (let j = hiB; j >= loB; j--) suffix[j] = suffix[j + 1]! + rowB[j]!;
    const target = this.observed - TIE;
    // The rows' bounds read straight from the tables (a lookup per step was a third of the time);
    // the counts first used here are marked below as they were read, so the work is counted as before.
    const boundsA = this.boundsA.span(loA, hiA);
    const boundsB = this.boundsB.span(loB, hiB);
    const topB = this.boundB(hiB);
    // Columns whose every x₋ in the window will do (L₊(i) ≥ target − L₋(loB)) are the top ones: found
    // by bisection, they take the window's whole sum without a bound of their own.
    const whole = target - this.boundB(loB);
    let below = loA - 1;
    let above = hiA + 1; // L₊(above) ≥ whole (past hiA: unknown, taken as so)
    while (above - below > 1) {
      const middle = below + Math.floor((above - below) / 2);
      if (this.boundA(middle) >= whole) above = middle;
      else below = middle;
    }
    let total = 0;
    for (let i = hiA; i >= above; i--) total += rowA[i]!;
    total *= suffix[loB]!;
    let first = loB; // g(i) clamped to [loB, hiB]: the walk only rises as i falls
    let i = above - 1;
    let lastA = above; // the least column whose bound was read (above: none)
    for (; i >= loA; i--) {
      lastA = i;
      const need = target - boundsA[i]!;
      if (topB < need) break; // g(i) > hiB: no x₋ in the window will do, nor for smaller x₊
      while (boundsB[first]! < need) first++;
      total += rowA[i]! * suffix[first]!;
    }
    this.markSeen(this.seenA, lastA, above - 1);
    // B's bounds were read from loB to first only if some column got past the check above.
    if (i < above - 1) this.markSeen(this.seenB, loB, first);
    this.work += hiA - i + 2 * (hiB - loB) + first - loB;
    return total;
  }
}
