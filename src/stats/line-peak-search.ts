import { balancedLineRange } from './balanced-line-range';
import type { LinePoint, LineTail } from './balanced-line-types';
import { minimizeUnimodal } from './minimize-unimodal';

/**
 * The line's maximum is located to this fraction of the searched bracket (Brent's method): near a
 * smooth peak the value is then off by ~1e-5 relative — 10⁻⁵ se in θ, far inside the gap.
 * (Only the approximate root depends on it; certification does not.)
 */
const PEAK_TOLERANCE = 2e-3;
/** Up to this size of the smaller class, each line is scanned first: one bump per value of its count. */
const SCAN_CLASS_SIZE = 24;
/** How far from an end of the line (in counts of the class pinned there) a bump next to it is looked for. */
const END_REACH = 3;
/** An end below this share of a line's best is left out of the lines near that one (NEAR_LINE)… */
const END_RELEVANT = 0.25;
/** …within this many spreads of it (measured: a tenth to a whole spread cost the same evaluations, a whole one twice the missed peaks). */
const NEAR_LINE = 0.25;
/** Peaks the certification found that every later line checks (each costs up to 3 evaluations a line). */
const MOST_HINTS = 8;
/** Peaks of whole-line searches remembered (they become hints after a missed peak). */
const MOST_PEAKS_SEEN = 16;

/**
 * A peak found on one line, by where it was and how far from that line's ends: near an end (one
 * class's p near 0 or 1) a peak keeps its distance to the end from line to line, not its place.
 */
interface Peak {
  s: number;
  fromLo: number;
  fromHi: number;
}

/**
 * The approximate phase's step: the largest P[tail set] along the line 2θ, h(s) = P at
 * (p₊, p₋) = (s, 2θ − s), found by a local search that remembers what earlier lines taught it.
 * - The first line, and any line after a missed peak, is searched whole: Brent's method over ±8
 *   standard deviations of the smaller class around the last maximum (after a scan of two points
 *   per bump when that class has at most 24 labels: its line has one bump per count).
 * - Later lines move little: a parabola through three points around the last maximum (or through an
 *   end and two points inward when the maximum sat at an end), checked at its vertex: 4 evaluations.
 * - Peaks the certification found above the level (`missedPeak`) are checked on every later line,
 *   by place and by distance to either end.
 * - Both ends of every line (one class at 0% or 100%) and the few counts next to them: with large
 *   classes the supremum sits there on most lines (measured, 10,000 random detectors of 20–5,000
 *   labels a class, Buehler's ordering: 89% of lines at an end, 7% within 3 counts of one, 4% inside),
 *   where h changes on the scale of one count of the class pinned there — far below the spread the
 *   local search steps by. Without this step certification found a missed peak 2,687 times in 4,000
 *   searches of those detectors (each a failed attempt and a restart); with it about 300 times, and
 *   the searches made a third fewer evaluations (282 → 190 each).
 * Heuristic by design: it only places the approximate root; certification proves the bound.
 * Internal. One instance per search (it carries the last maximum from line to line).
 *
 * @example new LinePeakSearch(40, 60, tail).max(0.9) // { s, value }: the best point found on the line 1.8
 */
export class LinePeakSearch {
  /** Where the last line's maximum was (NaN before the first). */
  center = Number.NaN;
  private readonly hints: Peak[] = [];
  private readonly peaksSeen: Peak[] = [];
  /** Parabolas around the last peak once a line has been searched whole, not after a missed peak (the line has more than one). */
  private shortcut = false;
  private lastTheta = Number.NaN;
  /** The distance of a bump next to the line's low and high ends, from the last line (0: none). */
  private readonly bumps = [0, 0];
  /** The line (θ) on which each end was last found far below the best (NaN: none; see `ends`). */
  private readonly endsLeftOut = [Number.NaN, Number.NaN];
  /** The line on which each end was last found without a bump next to it (NaN: none). */
  private readonly flatEnds = [Number.NaN, Number.NaN];
  /** The points evaluated on the line c = `line`, by p₊. */
  private readonly seen = new Map<number, number>();
  private line = Number.NaN;

  constructor(
    private readonly nA: number,
    private readonly nB: number,
    private readonly tail: LineTail,
  ) {}

  /** The scale of p₊ along a line: the smaller class's standard deviation at θ. */
  spread(theta: number): number {
    return Math.sqrt(Math.max(theta * (1 - theta), 1 / this.nB) / this.nA);
  }

  /** The best point found on the line 2θ (see the class doc). */
  max(theta: number): LinePoint {
    const { nA, nB } = this;
    const c = 2 * theta;
    const [sLo, sHi] = balancedLineRange(theta);
    if (Number.isNaN(this.center)) {
      // The normal approximation's worst nuisance: the split maximizing Var[T] on the line.
      this.center = (nB - nA + 2 * c * nA) / (2 * (nA + nB));
    }
    const spread = this.spread(theta);
    const f = (s: number) => this.at(c, s);
    let best: LinePoint = { s: Number.NaN, value: -Infinity };
    const consider = (s: number, value: number) => {
      if (value > best.value) best = { s, value };
    };
    const endValues = this.ends(theta, sLo, sHi, spread, consider);
    const finish = () => {
      this.center = best.s;
      // An end far below this line's best is left out of the lines near this one.
      endValues.forEach((value, index) => {
        if (value < END_RELEVANT * best.value) this.endsLeftOut[index] = theta;
      });
      return best;
    };
    // Peaks the certification found on earlier lines: the local search must not lose them again.
    for (const hint of this.hints) {
      // Its place and its two distances to the ends (one point, unless the line is at an end).
      const places = [hint.s, sLo + hint.fromLo, sHi - hint.fromHi].filter((s, index, all) => s >= sLo && s <= sHi && all.indexOf(s) === index);
      for (const s of places) consider(s, f(s));
    }
    const step = Math.max(spread / 2, 2 * Math.abs(theta - this.lastTheta));
    this.lastTheta = theta;
    const found = this.shortcut ? this.parabola(c, sLo, sHi, step, consider) : false;
    if (found) return finish();
    this.shortcut = nA > SCAN_CLASS_SIZE && this.hints.length === 0;
    const radius = Math.max(8 * spread, 1e-9);
    let lo = Math.max(sLo, Math.min(this.center, sHi) - radius);
    let hi = Math.min(sHi, Math.max(this.center, sLo) + radius);
    consider(lo, f(lo));
    consider(hi, f(hi));
    if (nA <= SCAN_CLASS_SIZE) {
      // Two points per bump, then Brent's method around the best of them.
      const steps = 2 * nA + 2;
      const spacing = (sHi - sLo) / steps;
      for (let i = 0; i <= steps; i++) consider(sLo + spacing * i, f(sLo + spacing * i));
      lo = Math.max(sLo, best.s - spacing);
      hi = Math.min(sHi, best.s + spacing);
    }
    this.climb(theta, lo, hi, PEAK_TOLERANCE * (hi - lo), consider);
    const seen = this.peakAt(best.s, theta);
    if (!this.peaksSeen.some((peak) => this.samePeak(peak, seen))) this.peaksSeen.push(seen);
    if (this.peaksSeen.length > MOST_PEAKS_SEEN) this.peaksSeen.shift();
    return finish();
  }

  /**
   * The certification found h(s) above the level on the line 2θ, which this search had missed: the
   * top of that peak (which may be narrow, next to an end of the line) is found and becomes the last
   * maximum; it, the point found and every peak seen so far are checked on every later line.
   */
  missedPeak(theta: number, s: number): void {
    const [sLo, sHi] = balancedLineRange(theta);
    const reach = this.spread(theta) / 4;
    let top: LinePoint = { s, value: -Infinity };
    this.climb(theta, Math.max(sLo, s - reach), Math.min(sHi, s + reach), PEAK_TOLERANCE * reach, (point, value) => {
      if (value > top.value) top = { s: point, value };
    });
    this.center = top.s;
    for (const peak of [...this.peaksSeen, this.peakAt(s, theta), this.peakAt(top.s, theta)]) {
      const known = this.hints.findIndex((hint) => this.samePeak(hint, peak));
      if (known >= 0) this.hints.splice(known, 1);
      this.hints.push(peak);
    }
    this.hints.splice(0, Math.max(0, this.hints.length - MOST_HINTS));
  }

  /**
   * The two ends of the line and the few counts next to them (see the class doc). Each end is
   * evaluated with a point a third of a reach inward (a reach: END_REACH counts of the class pinned
   * there). Where that point is higher and h falls again by the reach, the bump between is climbed
   * (Brent's method) and its distance to the end kept: later lines check it with a parabola through
   * three points around it, at its vertex (4 evaluations). Where h still rises at the reach, it is
   * the slope of the line's main peak, left to the local search. Once the local search knows the
   * line (the shortcut), on the lines within a quarter spread of one where an end had no bump, that
   * end is evaluated alone, and an end found below END_RELEVANT of a line's best is left out.
   * Returns each end's best value (NaN where left out).
   */
  private ends(theta: number, sLo: number, sHi: number, spread: number, consider: (s: number, value: number) => void): number[] {
    const values = [Number.NaN, Number.NaN];
    if (!(sHi > sLo)) return values;
    const c = 2 * theta;
    // Where p₋ = 1 (c > 1) or p₊ = 0 (c ≤ 1) at the low end; p₊ = 1 (c ≥ 1) or p₋ = 0 at the high end.
    const sides = [
      { index: 0, end: sLo, inward: 1, counts: c > 1 ? this.nB : this.nA },
      { index: 1, end: sHi, inward: -1, counts: c < 1 ? this.nB : this.nA },
    ];
    // Once the shortcut is on, what was learnt of an end holds on lines within a quarter spread.
    const near = (remembered: number) => this.shortcut && Math.abs(theta - remembered) <= NEAR_LINE * spread;
    for (const { index, end, inward, counts } of sides) {
      if (near(this.endsLeftOut[index]!)) continue;
      this.endsLeftOut[index] = Number.NaN;
      const reach = Math.min(END_REACH / counts, (sHi - sLo) / 2);
      let top = { distance: 0, value: -Infinity };
      const at = (distance: number) => {
        const value = this.at(c, end + inward * distance);
        consider(end + inward * distance, value);
        if (value > top.value) top = { distance, value };
        return value;
      };
      const known = this.bumps[index]!;
      this.bumps[index] = 0;
      if (known > 0) {
        // A parabola around the bump's last place, a twelfth of the reach on either side.
        if (parabolaPeak(at, known, Math.min(reach / 12, known / 2))) {
          this.bumps[index] = top.distance;
          values[index] = top.value;
          continue;
        }
      }
      const atEnd = at(0);
      if (!near(this.flatEnds[index]!)) {
        this.flatEnds[index] = Number.NaN;
        const inside = at(reach / 3);
        if (inside > atEnd && at(reach) < inside) {
          minimizeUnimodal((distance) => -at(distance), 0, reach, 0, PEAK_TOLERANCE * reach);
          this.bumps[index] = top.distance;
        } else {
          this.flatEnds[index] = theta;
        }
      }
      values[index] = top.value;
    }
    return values;
  }

  /** h at s on the line c = p₊ + p₋ (p₋ clamped to [0, 1]); a point already evaluated on this line is not evaluated again. */
  private at(c: number, s: number): number {
    if (c !== this.line) {
      this.line = c;
      this.seen.clear();
    }
    let value = this.seen.get(s);
    if (value === undefined) {
      const b = c - s;
      value = this.tail.evaluate(s, b < 0 ? 0 : b > 1 ? 1 : b);
      this.seen.set(s, value);
    }
    return value;
  }

  /**
   * The parabola shortcut: true when it found the line's peak (passed to `consider`). When the last
   * peak was at (or next to) an end of its line (a class near 0% or 100%), a parabola through the
   * end and two points inward, checked at its vertex when that lies between them; otherwise a
   * parabola through three points around it, checked at its vertex.
   */
  private parabola(c: number, sLo: number, sHi: number, step: number, consider: (s: number, value: number) => void): boolean {
    const center = this.center;
    const f = (s: number) => {
      const value = this.at(c, s);
      consider(s, value);
      return value;
    };
    if ((center - step <= sLo || center + step >= sHi) && sHi - sLo > 2 * step) {
      const end = center - step <= sLo ? sLo : sHi;
      const inward = end === sLo ? step : -step;
      const atEnd = f(end);
      const next = f(end + inward);
      const further = f(end + 2 * inward);
      const curvature = atEnd - 2 * next + further;
      const offset = curvature < 0 ? (3 * atEnd - 4 * next + further) / (2 * curvature) : Number.NaN; // vertex − end, in steps
      if (offset > 0 && offset < 2) {
        f(end + offset * inward);
        return true;
      }
      return atEnd >= next && next >= further;
    }
    return center - step > sLo && center + step < sHi && parabolaPeak(f, center, step);
  }

  /** Brent's method on −h over [lo, hi] of the line 2θ; every point it evaluates is passed to `seen`. */
  private climb(theta: number, lo: number, hi: number, tolerance: number, seen: (s: number, value: number) => void): void {
    const c = 2 * theta;
    minimizeUnimodal(
      (s) => {
        const value = this.at(c, s);
        seen(s, value);
        return -value;
      },
      lo,
      hi,
      0,
      tolerance,
    );
  }

  private peakAt(s: number, theta: number): Peak {
    const [sLo, sHi] = balancedLineRange(theta);
    return { s, fromLo: s - sLo, fromHi: sHi - s };
  }

  /** Two peaks are the same if they are within half a bump (1/(2n) of the smaller class) by place and by distance to either end. */
  private samePeak(x: Peak, y: Peak): boolean {
    const half = 0.5 / this.nA;
    return Math.abs(x.s - y.s) < half && Math.abs(x.fromLo - y.fromLo) < half && Math.abs(x.fromHi - y.fromHi) < half;
  }
}

/**
 * A parabola through f at x − step, x and x + step: when the middle is the highest and the parabola
 * opens down, f is also evaluated at its vertex and true is returned (4 evaluations, the caller
 * keeps the best it saw); otherwise false.
 */
function parabolaPeak(f: (x: number) => number, x: number, step: number): boolean {
  const left = f(x - step);
  const middle = f(x);
  const right = f(x + step);
  const curvature = left - 2 * middle + right;
  if (!(middle >= left && middle >= right && curvature < 0)) return false;
  f(x + (step * (left - right)) / (2 * curvature));
  return true;
}
