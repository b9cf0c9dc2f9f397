import { balancedLineRange } from './balanced-line-range';
import type { LineOrdering } from './balanced-line-types';
import { lineInterpolationBound } from './line-interpolation-bound';
import { lineThreeTermCurvatureBound } from './line-three-term-curvature-bound';
import { TAIL_RELATIVE_ERROR } from './ordered-tail-probability';

/** 2⁻⁵², one ulp of numbers in [1, 2): added to computed b so the corner is never below the true one. */
const ULP = 2.220446049250313e-16;
/** Corner bounds tried first on cells far below α before their pass rate is judged. */
const CORNER_TRIAL = 16;

/** What certifying one line found. */
export type LineVerdict =
  /** φ(θ) ≤ α is proved. */
  | { kind: 'certified' }
  /** A point of the line (p₊ = s) has P > α: the bound lies below θ (+ 1 ulp). */
  | { kind: 'above'; s: number }
  /** Out of budget, or a cell too narrow to halve: θ is at the root to within rounding. */
  | { kind: 'unknown' | 'atRoot' };

/** A cell's end on the line: p₊ = s, and the upper value of h at (s, 2θ − s + ulp). */
interface CellEnd {
  s: number;
  h: number;
}

/**
 * The certification step: proves φ(θ) = sup_s P[tail set] at (s, 2θ − s) ≤ α over the whole line,
 * cell by cell. A cell [s1, s2] is certified when any bound on P over it is ≤ α:
 *  • Berry–Esseen, for large classes (closed form, no evaluation);
 *  • corner: every point has p₊ ≤ s2 and p₋ ≤ c − s1, and P is non-decreasing in both (staircase
 *    sets are up-sets), so P(s2, c − s1) bounds the cell;
 *  • curvature: h ≤ (linear interpolation of the ends) + M₂(s − s1)(s2 − s)/2 with M₂ ≥ sup|h''| on
 *    the cell (`lineInterpolationBound`): the smaller of the three-term bound
 *    (`lineThreeTermCurvatureBound`, closed form) and the ordering's staircase bound
 *    (`BalancedLineCurvature`, which keeps the cancellation along the line). A half inherits its
 *    cell's M₂ (its box lies inside), and the staircase is summed only on narrow cells where the
 *    inherited bound falls far short.
 * Otherwise the cell is halved; the midpoint's evaluation also tests for a peak above α (the point
 * (mid, c − mid + ulp) lies on the line θ + ulp/2, so P > α there puts the bound below θ + ulp).
 * Every value is enclosed (TAIL_RELATIVE_ERROR, dropped mass), so a certified line is proved.
 * Internal. One instance per search: it counts the evaluations spent and how often the corner
 * bound passes (tried first on cells far below α while it keeps passing).
 *
 * @example new LineCertification(ordering, 0.025, 400, false).certify(0.86, center) // { kind: 'certified' } or where P > α
 */
export class LineCertification {
  /** Tail evaluations spent certifying, over every line. */
  evaluations = 0;
  private cornerTries = 0;
  private cornerPasses = 0;
  /**
   * The widest cell the staircase bound is summed on, in standard deviations of the smaller-spread
   * class's p: two; three from 10⁴ per class, where lines are flat for hundreds of standard
   * deviations and a wider cell's bound, even failing, lets both halves pass on it (measured: the
   * slowest random cases of 10⁴–10⁵ per class 15–20% faster; below 10⁴ two is faster).
   */
  private readonly widestInDeviations: number;

  constructor(
    private readonly ordering: LineOrdering,
    private readonly alpha: number,
    /** Evaluations allowed per line. */
    private readonly budget: number,
    /** Whether the Berry–Esseen bound is worth trying on cells. */
    private readonly useNormal: boolean,
  ) {
    this.widestInDeviations = ordering.nA >= 10_000 ? 3 : 2;
  }

  /** Certifies the line 2θ (see the class doc); `center` is the last maximum found on a line: cells nearer it go first. */
  certify(theta: number, center: number): LineVerdict {
    const { alpha } = this;
    const tail = this.ordering.tail;
    if (theta <= 0) return this.upper(0, 0) <= alpha ? { kind: 'certified' } : { kind: 'above', s: 0 };
    const c = 2 * theta;
    const [sLo, sHi] = balancedLineRange(theta);
    const start = tail.evaluations;
    try {
      const end = (s: number): CellEnd => ({ s, h: this.upper(s, Math.min(1, c - s + ULP)) });
      const first = end(sLo);
      if (sHi <= sLo) return first.h <= alpha ? { kind: 'certified' } : { kind: 'unknown' };
      // Cells still to certify: their two ends and an M₂ inherited from the cell they halve.
      const stack: { left: CellEnd; right: CellEnd; inherited: number }[] = [{ left: first, right: end(sHi), inherited: Infinity }];
      while (stack.length > 0) {
        const { left, right, inherited } = stack.pop()!;
        const curvature = this.cellBound(theta, left, right, inherited);
        if (curvature === 'certified') continue;
        const mid = left.s + (right.s - left.s) / 2;
        if (!(mid > left.s && mid < right.s)) return { kind: 'atRoot' };
        const midValue = tail.evaluate(mid, Math.min(1, c - mid + ULP));
        const middle: CellEnd = { s: mid, h: midValue * (1 + TAIL_RELATIVE_ERROR) + tail.dropped };
        if (tail.evaluations > start + this.budget) return { kind: 'unknown' };
        if (midValue * (1 - TAIL_RELATIVE_ERROR) > alpha) return { kind: 'above', s: mid };
        // Explore the half nearer the last maximum last (so it is popped first).
        const leftHalf = { left, right: middle, inherited: curvature };
        const rightHalf = { left: middle, right, inherited: curvature };
        if (Math.abs(center - left.s) < Math.abs(center - right.s)) stack.push(rightHalf, leftHalf);
        else stack.push(leftHalf, rightHalf);
      }
      return { kind: 'certified' };
    } finally {
      this.evaluations += tail.evaluations - start;
    }
  }

  /** 'certified' when a bound proves P ≤ α on the cell; else the M₂ its halves inherit. */
  private cellBound(theta: number, left: CellEnd, right: CellEnd, inherited: number): number | 'certified' {
    const { alpha, ordering } = this;
    const { nA, nB } = ordering;
    const c = 2 * theta;
    const s1 = left.s;
    const s2 = right.s;
    const width = s2 - s1;
    const bLo = Math.max(0, c - s2);
    const bHi = Math.min(1, c - s1 + ULP);
    // Far from the peak the closed-form Berry–Esseen bound certifies a cell without evaluations.
    if (this.useNormal && ordering.normal!(theta, s1, s2, 2) <= alpha) return 'certified';
    let curvature = inherited < Infinity ? inherited : lineThreeTermCurvatureBound(nA, nB, ordering.thresholdShare, s1, s2, bLo, bHi);
    let curved = lineInterpolationBound(left.h, right.h, width, curvature);
    if (curved <= alpha) return 'certified';
    const lowEnds = Math.max(left.h, right.h) < alpha / 2;
    // Far below α (under α/2 at both ends) the corner's relative bound often holds: it is tried
    // first — one evaluation, where the staircase bound costs ~30 µs — while it passes at least
    // one time in four in this search (at large classes it rarely does, and costs evaluations).
    const cornerFirst = lowEnds && (this.cornerTries < CORNER_TRIAL || 4 * this.cornerPasses >= this.cornerTries);
    if (cornerFirst) {
      this.cornerTries++;
      if (this.upper(s2, bHi) <= alpha) {
        this.cornerPasses++;
        return 'certified';
      }
    }
    // The staircase bound costs about as much as several evaluations: it is summed on cells narrow
    // enough for it to be sharp (a couple of standard deviations of p), and only where the inherited
    // M₂ is more than 16× what this cell needs (a half needs ~4× less, a quarter ~16×: below that,
    // splitting two levels down costs less than summing it again).
    const needed = (8 * (alpha - Math.max(left.h, right.h))) / (width * width);
    const sharper = ordering.curvature;
    if (sharper && nA >= 2 && width <= this.staircaseWidest(s1, c - s2) && curvature > 16 * needed) {
      curvature = Math.min(curvature, sharper(s1, s2, c - s2, c - s1));
      curved = lineInterpolationBound(left.h, right.h, width, curvature);
      if (curved <= alpha) return 'certified';
    }
    // The curvature bound is absolute; for small α or far from the peak the corner's relative one wins.
    if (!cornerFirst && (curved > 2 * alpha || lowEnds) && this.upper(s2, bHi) <= alpha) return 'certified';
    return curvature;
  }

  /** The widest cell for the staircase bound at (a, b) (see `widestInDeviations`). */
  private staircaseWidest(a: number, b: number): number {
    const { nA, nB } = this.ordering;
    return this.widestInDeviations * Math.sqrt(Math.min(Math.max(a * (1 - a), 1 / nA) / nA, Math.max(b * (1 - b), 1 / nB) / nB));
  }

  /** The enclosure's upper end of P at (a, b). */
  private upper(a: number, b: number): number {
    const tail = this.ordering.tail;
    return tail.evaluate(a, b) * (1 + TAIL_RELATIVE_ERROR) + tail.dropped;
  }
}
