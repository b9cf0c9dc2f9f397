import { binomialModeBound } from './binomial-mode-bound';
import { minimizeUnimodal } from './minimize-unimodal';
import { normalQuantile } from './normal-quantile';
import { TAIL_RELATIVE_ERROR } from './ordered-tail-probability';

/** What one search did, for tests and the benchmark. */
export interface InversionSearchReport {
  /** The certified bound returned (before clamping to the estimate). */
  bound: number;
  /** A θ at which a point of the line has P[T ≥ t] > α: the exact bound lies in [bound, above]. */
  above: number;
  /** Tail evaluations made, and how many of them went into certification. */
  evaluations: number;
  certifyEvaluations: number;
}

/**
 * An ordering of the outcomes (x₊, x₋) whose tail sets {ordering ≥ observed} are staircases (up-sets:
 * a larger count never ranks lower), as the certified search needs it. Classes come sorted: A is the
 * smaller (n_A ≤ n_B); a is A's accuracy, b is B's.
 */
export interface LineOrdering {
  nA: number;
  nB: number;
  /** The observed balanced estimate: the approximate search starts there. */
  estimate: number;
  /** P[tail set] at (a, b), enclosed: true ∈ [value·(1 − ε), value·(1 + ε) + dropped] (ε = TAIL_RELATIVE_ERROR). */
  tail: { evaluate(a: number, b: number, cutoff?: number): number; readonly dropped: number; readonly evaluations: number };
  /**
   * How many values of one class's count share one threshold of the other's, at most: [of x₋ per
   * threshold of x₊, of x₊ per threshold of x₋] (Infinity when unknown). Sharpens the three-term bound.
   */
  thresholdShare: [number, number];
  /** A sharper bound on |h''| over a cell's box (aLo, aHi, bLo, bHi), Infinity where it has none. */
  curvature?: (aLo: number, aHi: number, bLo: number, bHi: number) => number;
  /**
   * A closed-form upper bound on P over the whole line 2θ (or over p₊ ∈ [s1, s2] of it, taken in
   * `cells` pieces), for large classes (Berry–Esseen).
   */
  normal?: (theta: number, s1?: number, s2?: number, cells?: number) => number;
  /** A θ at which φ ≤ α is proved by other means: the search never returns less, and stops there. */
  floor?: number;
}

/** Certification budget per attempt (tail evaluations); past it the gap grows tenfold. */
const CERTIFY_BUDGET = 400;
/** Past this many evaluations in one attempt the gap grows instead (bounds the time at n ≈ 10⁶). */
const MAX_CERTIFY_BUDGET = 12_000;
/** Evaluations × (√n₊ + √n₋) allowed per certification attempt (≈ 0.1 s at n = 10⁶ on a laptop core). */
const WORK_PER_ATTEMPT = 4e6;
/**
 * The first certification gap: this many standard errors of the estimate (or of the bound itself if
 * less), widened to ABSOLUTE_GAP where that is still under MOST_GAP standard errors. Next to the
 * peak the certification's slack is proportional to the gap, and its cells to the slack's root.
 */
const FIRST_GAP = 1e-3;
/** 10⁻⁵: a thousandth of a percentage point, far below any digit shown. */
const ABSOLUTE_GAP = 1e-5;
/** The widened gap stays under this many standard errors (it binds where one is under 10⁻³: from ~5·10⁴ per class). */
const MOST_GAP = 1e-2;
/** A Berry–Esseen bound this close below the approximate root (in standard errors) is taken as it is. */
const NORMAL_GAP = 0.1;
/** 2⁻⁵², one ulp of numbers in [1, 2): added to computed b so the corner is never below the true one. */
const ULP = 2.220446049250313e-16;
/**
 * The line's maximum is located to this fraction of the searched bracket (Brent's method): near a
 * smooth peak the value is then off by ~1e-5 relative — 10⁻⁵ se in θ, far inside the gap.
 * (Only the approximate root depends on it; certification does not.)
 */
const PEAK_TOLERANCE = 2e-3;
/** Up to this size of the smaller class, each line is scanned first: one bump per value of its count. */
const SCAN_CLASS_SIZE = 24;

/**
 * The certified lower confidence bound of the balanced accuracy θ = (p₊ + p₋)/2 by inverting the
 * exact test with the given ordering (its tail set at the observed outcome is `ordering.tail`'s), level α:
 *   L = inf{θ : φ(θ) > α},   φ(θ) = sup{P_{p₊,p₋}[tail set] : (p₊ + p₋)/2 = θ}.
 * Returns a value ≤ L (certified) and ≥ L − gap. Steps: the approximate root of log φ = log α
 * (`lineMax` along each line, regula falsi over θ), then certification a gap below it (`certify`,
 * cell by cell), restarting below any peak the approximate phase missed.
 * Internal (see `balancedInversionLowerBound` for the argument and the error).
 */
export function balancedLineSearch(ordering: LineOrdering, alpha: number): InversionSearchReport {
  const { nA, nB, tail, estimate } = ordering;
  const upperValue = (a: number, b: number) => tail.evaluate(a, b) * (1 + TAIL_RELATIVE_ERROR) + tail.dropped;
  const lowerValue = (a: number, b: number) => tail.evaluate(a, b) * (1 - TAIL_RELATIVE_ERROR);
  const clampB = (b: number) => (b < 0 ? 0 : b > 1 ? 1 : b);
  const lineRange = (theta: number): [number, number] => [Math.max(0, 2 * theta - 1), Math.min(1, 2 * theta)];
  const standardError = Math.max(
    0.5 * Math.sqrt(Math.max(estimate * (1 - estimate), 0.25 / nA) * (1 / nA + 1 / nB)),
    1e-12,
  );

  // A bound near 0 (a few errors at a small δ) is far smaller than a standard error: a gap of 10⁻³ se
  // there would put the certified bound at 0 (an upper bound of exactly 100% with errors made).
  const firstGap = (root: number) =>
    Math.min(MOST_GAP * standardError, Math.max(ABSOLUTE_GAP, FIRST_GAP * standardError), FIRST_GAP * root);

  // --- The approximate phase: φ(θ) from a local maximum along the line (a scan for a small class, Brent's method, then parabolas). ---
  let center = NaN; // the best s = p₊ seen on the last line
  // A peak found on one line, by where it was and how far from that line's ends: near an end (one
  // class's p near 0 or 1) a peak keeps its distance to the end from line to line, not its place.
  interface Peak {
    s: number;
    fromLo: number;
    fromHi: number;
  }
  const peakAt = (s: number, theta: number): Peak => {
    const [sLo, sHi] = lineRange(theta);
    return { s, fromLo: s - sLo, fromHi: sHi - s };
  };
  // Two peaks are the same if they are within half a bump (1/(2n) of the smaller class) by place and
  // by distance to either end.
  const samePeak = (x: Peak, y: Peak) =>
    Math.abs(x.s - y.s) < 0.5 / nA && Math.abs(x.fromLo - y.fromLo) < 0.5 / nA && Math.abs(x.fromHi - y.fromHi) < 0.5 / nA;
  const hints: Peak[] = [];
  // Where whole-line searches found their maxima: after a missed peak they become hints too (the
  // line has several bumps, one per count of the smaller class, and another line's may be the top).
  const peaksSeen: Peak[] = [];
  // Parabolas around the last peak once a line has been searched whole — not after a missed peak
  // (the line has more than one, and a local refinement can keep finding the wrong one).
  let shortcut = false;
  let lastTheta = NaN;
  // The scale of p₊ along a line: the smaller class's standard deviation at θ.
  const lineSpread = (theta: number) => Math.sqrt(Math.max(theta * (1 - theta), 1 / nB) / nA);
  // Brent's method on −h over [lo, hi] of the line 2θ: parabolic steps near a smooth peak,
  // golden-section steps elsewhere. Every point it evaluates is passed to `seen`.
  const climb = (theta: number, lo: number, hi: number, tolerance: number, seen: (s: number, value: number) => void) => {
    const c = 2 * theta;
    minimizeUnimodal((s) => {
      const value = tail.evaluate(s, clampB(c - s));
      seen(s, value);
      return -value;
    }, lo, hi, 0, tolerance);
  };
  const lineMax = (theta: number): { s: number; value: number } => {
    const c = 2 * theta;
    const [sLo, sHi] = lineRange(theta);
    if (Number.isNaN(center)) {
      // The normal approximation's worst nuisance: the split maximizing Var[T] on the line.
      center = (nB - nA + 2 * c * nA) / (2 * (nA + nB));
    }
    const spread = lineSpread(theta);
    const radius = Math.max(8 * spread, 1e-9);
    const f = (s: number) => tail.evaluate(s, clampB(c - s));
    let best = { s: NaN, value: -Infinity };
    const consider = (s: number, value: number) => {
      if (value > best.value) best = { s, value };
    };
    // Peaks the certification found on earlier lines: the local search must not lose them again.
    for (const hint of hints) {
      // Its place and its two distances to the ends (one point, unless the line is at an end).
      const places = [hint.s, sLo + hint.fromLo, sHi - hint.fromHi].filter((s, index, all) => s >= sLo && s <= sHi && all.indexOf(s) === index);
      for (const s of places) consider(s, f(s));
    }
    // After the first line the peak has moved little: a parabola through three points around the
    // last one, checked by a fourth at its vertex, finds it with 4 evaluations instead of ~12.
    const step = Math.max(spread / 2, 2 * Math.abs(theta - lastTheta));
    lastTheta = theta;
    if (shortcut && (center - step <= sLo || center + step >= sHi) && sHi - sLo > 2 * step) {
      // The last peak was at (or next to) an end of its line (a class near 0% or 100%): a parabola
      // through the end and two points inward, checked at its vertex when that lies between them.
      const end = center - step <= sLo ? sLo : sHi;
      const inward = end === sLo ? step : -step;
      const atEnd = f(end);
      const next = f(end + inward);
      const further = f(end + 2 * inward);
      consider(end, atEnd);
      consider(end + inward, next);
      consider(end + 2 * inward, further);
      const curvature = atEnd - 2 * next + further;
      const offset = curvature < 0 ? (3 * atEnd - 4 * next + further) / (2 * curvature) : NaN; // vertex − end, in steps
      if (offset > 0 && offset < 2) {
        consider(end + offset * inward, f(end + offset * inward));
        center = best.s;
        return best;
      }
      if (atEnd >= next && next >= further) {
        center = best.s;
        return best;
      }
    } else if (shortcut && center - step > sLo && center + step < sHi) {
      const left = f(center - step);
      const middle = f(center);
      const right = f(center + step);
      consider(center - step, left);
      consider(center, middle);
      consider(center + step, right);
      const curvature = left - 2 * middle + right;
      if (middle >= left && middle >= right && curvature < 0) {
        const vertex = center + (step * (left - right)) / (2 * curvature);
        consider(vertex, f(vertex));
        center = best.s;
        return best;
      }
    }
    shortcut = nA > SCAN_CLASS_SIZE && hints.length === 0;
    let lo = Math.max(sLo, Math.min(center, sHi) - radius);
    let hi = Math.min(sHi, Math.max(center, sLo) + radius);
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
    climb(theta, lo, hi, PEAK_TOLERANCE * (hi - lo), consider);
    center = best.s;
    const seen = peakAt(best.s, theta);
    if (!peaksSeen.some((peak) => samePeak(peak, seen))) peaksSeen.push(seen);
    if (peaksSeen.length > 16) peaksSeen.shift();
    return best;
  };

  // Bracket [below, above] of the approximate root of log φ(θ) = log α.
  const logAlpha = Math.log(alpha);
  const psi = (theta: number) => Math.log(lineMax(theta).value) - logAlpha;
  const z = normalQuantile(1 - Math.min(alpha, 0.5));

  // The Berry–Esseen term C₀ρ/σ³ is at least 0.56/√(n₊ + n₋) (Lyapunov's ratio of N independent
  // terms is ≥ 1/√N): unless that is well below α it rarely certifies, and trying costs more than
  // the evaluations it would save (small classes evaluate fast), so it is not tried.
  const normal = ordering.normal;
  const useNormal = normal !== undefined && 0.56 / Math.sqrt(nA + nB) < alpha / 4;
  // Large classes: the Berry–Esseen bound certifies a whole line in closed form, no cells needed.
  // Where it certifies θ and a point of the line a tenth of a standard error higher has P > α, the
  // exact bound lies between the two: done, without the search.
  const normalFloor = useNormal ? normalCertifiedBound(normal, alpha, estimate, (z + 3) * standardError, standardError) : -Infinity;
  if (normalFloor > 0) {
    const probe = Math.min(1, normalFloor + NORMAL_GAP * standardError);
    if (psi(probe) > 0) return { bound: normalFloor, above: probe, evaluations: tail.evaluations, certifyEvaluations: 0 };
  }
  let above = estimate;
  let psiAbove = psi(above);
  while (!(psiAbove > 0) && above < 1) {
    above = above + Math.max((1 - above) / 2, 1e-3 * (1 - above));
    if (1 - above < 1e-12) above = 1;
    psiAbove = above === 1 ? Math.log(1 / alpha) : psi(above);
  }
  let below = 0;
  let psiBelow = -Infinity;
  // Steps down from `from` by doubling steps, starting at `step`, until ψ < 0 (or θ reaches 0).
  const lowerEnd = (from: number, step: number) => {
    for (;;) {
      below = Math.max(0, from - step);
      psiBelow = below === 0 ? -Infinity : psi(below);
      if (psiBelow < 0 || below === 0) return;
      step *= 2;
    }
  };
  const floor = ordering.floor ?? 0;
  if (floor > 0 && floor < Math.min(above, estimate) - (z + 1) * standardError) {
    // φ ≤ α is proved at the floor: the bracket starts there, one line instead of a walk down to it.
    below = floor;
    psiBelow = psi(floor);
  } else {
    lowerEnd(Math.min(above, estimate), (z + 1) * standardError);
  }

  const solve = () => {
    // Illinois (regula falsi in log φ), bisection when an end is −∞ or progress stalls. A secant
    // step that lands within half the target width of an end is pushed to half the target width
    // from it: one more line then closes the bracket (bisecting from the far end would take ~10).
    let side = 0;
    for (let iteration = 0; iteration < 60; iteration++) {
      const target = 0.1 * firstGap(above);
      const width = above - below;
      if (width <= target) break;
      let next: number;
      if (Number.isFinite(psiBelow) && Number.isFinite(psiAbove)) {
        next = above - (psiAbove * width) / (psiAbove - psiBelow);
        if (next >= above - target / 2) next = above - target / 2;
        else if (next <= below + target / 2) next = below + target / 2;
        if (!(next > below && next < above)) next = below + width / 2;
      } else {
        next = below + width / 2;
      }
      const value = psi(next);
      if (value > 0) {
        above = next;
        psiAbove = value;
        if (side === 1 && Number.isFinite(psiBelow)) psiBelow /= 2;
        side = 1;
      } else {
        below = next;
        psiBelow = value;
        if (side === -1) psiAbove /= 2;
        side = -1;
      }
    }
  };

  // --- Certification: φ(θ₀) ≤ α proved over the whole line, cell by cell. ---
  // A cell [s1, s2] of the line is certified when any bound is ≤ α:
  //  • corner: every point has p₊ ≤ s2 and p₋ ≤ c − s1, and P[T ≥ t] is non-decreasing in both;
  //  • curvature: h(s) = P at (s, c − s) satisfies h ≤ (linear interpolation of the ends) +
  //    M₂(s − s1)(s2 − s)/2 with M₂ ≥ sup |h''| on the cell: the smaller of the three-term bound
  //    (`curvatureBound`, closed form, blind to the cancellation along the line) and the staircase
  //    bound (`BalancedLineCurvature`, from the rows at the cell's ends, which keeps it). A half
  //    inherits its cell's M₂ (its box lies inside; a half's three-term bound is hardly smaller, so
  //    it is not recomputed), and the staircase is summed only where the inherited bound falls far short.
  // Rows for the staircase bound stop where what is left, times its ~N² coefficients, is ~1e-4.
  const sharper = ordering.curvature;
  // Two standard deviations of the smaller-spread class's p at the cell (p ≈ a, b there); three from
  // 10⁴ per class, where lines are flat for hundreds of standard deviations and a wider cell's bound,
  // even failing, lets both halves pass on it (measured: the slowest random cases of 10⁴–10⁵ per
  // class 15–20% faster; below 10⁴ two is faster).
  const widestInDeviations = nA >= 10_000 ? 3 : 2;
  const staircaseWidest = (a: number, b: number) =>
    widestInDeviations * Math.sqrt(Math.min(Math.max(a * (1 - a), 1 / nA) / nA, Math.max(b * (1 - b), 1 / nB) / nB));
  interface LinePoint {
    s: number;
    /** Upper value of h at (s, c − s + ulp). */
    h: number;
  }
  const certify = (theta: number): { kind: 'certified' } | { kind: 'above'; s: number } | { kind: 'unknown' | 'atRoot' } => {
    if (theta <= 0) return upperValue(0, 0) <= alpha ? { kind: 'certified' } : { kind: 'above', s: 0 };
    const c = 2 * theta;
    const [sLo, sHi] = lineRange(theta);
    const start = tail.evaluations;
    try {
    const lineUpper = (s: number) => upperValue(s, Math.min(1, c - s + ULP));
    const first: LinePoint = { s: sLo, h: lineUpper(sLo) };
    if (sHi <= sLo) return first.h <= alpha ? { kind: 'certified' } : { kind: 'unknown' };
    // Cells still to certify: their two end points and an M₂ inherited from the cell they halve.
    const stack: { left: LinePoint; right: LinePoint; inherited: number }[] = [
      { left: first, right: { s: sHi, h: lineUpper(sHi) }, inherited: Infinity },
    ];
    while (stack.length > 0) {
      const { left, right, inherited } = stack.pop()!;
      const s1 = left.s;
      const s2 = right.s;
      const width = s2 - s1;
      const bLo = Math.max(0, c - s2);
      const bHi = Math.min(1, c - s1 + ULP);
      // Far from the peak the closed-form Berry–Esseen bound certifies a cell without evaluations.
      if (useNormal && normal(theta, s1, s2, 2) <= alpha) continue;
      let curvature = inherited < Infinity ? inherited : curvatureBound(nA, nB, ordering.thresholdShare, s1, s2, bLo, bHi);
      let curved = interpolationBound(left.h, right.h, width, curvature);
      if (curved <= alpha) continue;
      const lowEnds = Math.max(left.h, right.h) < alpha / 2;
      // Far below α (under α/2 at both ends) the corner's relative bound often holds: it is tried
      // first — one evaluation, where the staircase bound costs ~30 µs — while it passes at least
      // one time in four in this search (at large classes it rarely does, and costs evaluations).
      const cornerFirst = lowEnds && (cornerTries < 16 || 4 * cornerPasses >= cornerTries);
      if (cornerFirst) {
        cornerTries++;
        if (upperValue(s2, bHi) <= alpha) {
          cornerPasses++;
          continue;
        }
      }
      // The staircase bound costs about as much as several evaluations: it is summed on cells narrow
      // enough for it to be sharp (a couple of standard deviations of p), and only where the inherited
      // M₂ is more than 16× what this cell needs (a half needs ~4× less, a quarter ~16×: below that,
      // splitting two levels down costs less than summing it again).
      const needed = (8 * (alpha - Math.max(left.h, right.h))) / (width * width);
      if (sharper && nA >= 2 && width <= staircaseWidest(s1, c - s2) && curvature > 16 * needed) {
        curvature = Math.min(curvature, sharper(s1, s2, c - s2, c - s1));
        curved = interpolationBound(left.h, right.h, width, curvature);
        if (curved <= alpha) continue;
      }
      // The curvature bound is absolute; for small α or far from the peak the corner's relative one wins.
      if (!cornerFirst && (curved > 2 * alpha || lowEnds) && upperValue(s2, bHi) <= alpha) continue;
      const mid = s1 + width / 2;
      // A cell too narrow to halve and still not certified: P is within rounding of α there, θ is at
      // the root to within the approximate phase's accuracy.
      if (!(mid > s1 && mid < s2)) return { kind: 'atRoot' };
      // One evaluation gives both the cell bound at the midpoint and the test for a missed peak: the
      // point (mid, c − mid + ulp) lies on the line θ + ulp/2, so P > α there puts L below θ + ulp.
      const midValue = tail.evaluate(mid, Math.min(1, c - mid + ULP));
      const middle: LinePoint = { s: mid, h: midValue * (1 + TAIL_RELATIVE_ERROR) + tail.dropped };
      if (tail.evaluations > start + budget) return { kind: 'unknown' };
      if (midValue * (1 - TAIL_RELATIVE_ERROR) > alpha) return { kind: 'above', s: mid };
      // Explore the half nearer the last maximum last (so it is popped first).
      const leftHalf = { left, right: middle, inherited: curvature };
      const rightHalf = { left: middle, right, inherited: curvature };
      if (Math.abs(center - s1) < Math.abs(center - s2)) stack.push(rightHalf, leftHalf);
      else stack.push(leftHalf, rightHalf);
    }
    return { kind: 'certified' };
    } finally { certifyEvaluations += tail.evaluations - start; }
  };

  let certifyEvaluations = 0;
  // Corner bounds tried first on cells far below α, and how many of them passed (see `certify`).
  let cornerTries = 0;
  let cornerPasses = 0;
  // The cells needed grow like √(sup|h''| / curvature of the peak) ∝ √n: budget accordingly.
  // An evaluation costs ∝ √n₊ + √n₋ (the rows' windows): past ~0.1 s of work per attempt the gap grows instead.
  const budget = Math.min(CERTIFY_BUDGET + 40 * Math.sqrt(nA + nB), MAX_CERTIFY_BUDGET, WORK_PER_ATTEMPT / (Math.sqrt(nA) + Math.sqrt(nB)));
  solve();
  if (normalFloor >= above - NORMAL_GAP * standardError) return { bound: normalFloor, above, evaluations: tail.evaluations, certifyEvaluations };
  let gap = firstGap(above);
  const provenFloor = Math.max(normalFloor, ordering.floor ?? -Infinity);
  for (let attempt = 0; attempt < 40; attempt++) {
    const theta = Math.max(0, above - gap);
    if (theta <= provenFloor) return { bound: provenFloor, above, evaluations: tail.evaluations, certifyEvaluations };
    const verdict = certify(theta);
    if (verdict.kind === 'certified') return { bound: theta, above, evaluations: tail.evaluations, certifyEvaluations };
    if (verdict.kind === 'above') {
      // A peak the local search missed: the root is below θ. Restart there.
      above = theta + ULP;
      psiAbove = Math.log(lowerValue(verdict.s, clampB(2 * theta - verdict.s))) - logAlpha;
      // The point found is only above α; the top of its peak (which may be narrow, next to an end of
      // the line) is what later lines must track.
      const [sLo, sHi] = lineRange(theta);
      const reach = lineSpread(theta) / 4;
      let top = { s: verdict.s, value: -Infinity };
      climb(theta, Math.max(sLo, verdict.s - reach), Math.min(sHi, verdict.s + reach), PEAK_TOLERANCE * reach, (s, value) => {
        if (value > top.value) top = { s, value };
      });
      center = top.s;
      for (const peak of [...peaksSeen, peakAt(verdict.s, theta), peakAt(top.s, theta)]) {
        const known = hints.findIndex((hint) => samePeak(hint, peak));
        if (known >= 0) hints.splice(known, 1);
        hints.push(peak);
      }
      // The 8 newest hints are kept (each costs 3 evaluations per line).
      hints.splice(0, Math.max(0, hints.length - 8));
      gap *= 2;
      // The old lower end may still bracket the root; if it lies above θ (the gap was wider than the
      // bracket) or the peak lifts it too, step down from θ (in tenths of a standard error,
      // doubling: the root has usually moved little).
      if (below < theta) psiBelow = below <= 0 ? -Infinity : psi(below);
      if (!(below < theta) || (!(psiBelow < 0) && below > 0)) lowerEnd(Math.min(below, theta), 0.1 * standardError);
      solve();
    } else {
      // Out of work (the gap was too narrow for the cells' bounds), or a line whose maximum is α to
      // rounding (a slightly wider gap settles it).
      gap *= verdict.kind === 'atRoot' ? 2 : 10;
    }
  }
  return { bound: Math.max(0, provenFloor), above, evaluations: tail.evaluations, certifyEvaluations };
}

/**
 * The largest θ ≤ `above` (to 1/1000 of a standard error) at which the Berry–Esseen bound
 * proves φ(θ) ≤ α, or −∞ when it cannot even at `reach` below `above` (small classes, tiny α).
 */
function normalCertifiedBound(normal: (theta: number) => number, alpha: number, above: number, reach: number, standardError: number): number {
  const certified = (theta: number) => normal(theta) <= alpha;
  let low = above - reach;
  if (!(low > 0 && certified(low))) return -Infinity;
  let high = above;
  if (certified(high)) return high;
  while (high - low > 1e-3 * standardError) {
    const middle = low + (high - low) / 2;
    if (certified(middle)) low = middle;
    else high = middle;
  }
  return low;
}

/**
 * max over u ∈ [0, w] of h1 + (h2 − h1)u/w + M u(w − u)/2: the largest a function with these end
 * values and |h''| ≤ M can reach on the cell.
 */
function interpolationBound(h1: number, h2: number, width: number, curvature: number): number {
  if (!(curvature > 0)) return Math.max(h1, h2);
  let u = width / 2 + (h2 - h1) / (curvature * width);
  u = u < 0 ? 0 : u > width ? width : u;
  return h1 + ((h2 - h1) * u) / width + (curvature * u * (width - u)) / 2;
}

/**
 * An upper bound on |h''| for h(s) = P[T ≥ t] at (p₊, p₋) = (s, c − s), over p₊ ∈ [aLo, aHi],
 * p₋ ∈ [bLo, bHi]. With F(a, b) = Σ_j f₋(j) S₊(m'(j); a) = Σ_i f₊(i) S₋(m(i); b),
 * h'' = F_aa − 2F_ab + F_bb and
 *   ∂²S(m; p)/∂p² = n(n−1)[f(m−2; n−2, p) − f(m−1; n−2, p)], ∂S(m; p)/∂p = n f(m−1; n−1, p),
 *   ∂f(i; n, p)/∂p = n[f(i−1; n−1, p) − f(i; n−1, p)].
 * A unimodal sequence's differences sum to 2·its maximum in absolute value, and each threshold
 * m'(j) is shared by at most `share` values of j (⌈n₋/n₊⌉ for the estimate's ordering), so
 *   |F_aa| ≤ n₊(n₊−1)·2M(n₊−2)·min(1, share·M(n₋)),  |F_ab| ≤ n₊n₋·2M(n₊−1)·M(n₋−1),
 * and |F_bb| likewise, with M(N) the largest Binomial(N, p) probability over the cell's range of p.
 * (Any staircase: the thresholds are monotone, and the weights f₋(j) sum to at most 1.)
 */
function curvatureBound(nA: number, nB: number, [shareA, shareB]: [number, number], aLo: number, aHi: number, bLo: number, bHi: number): number {
  const aa = nA >= 2 ? nA * (nA - 1) * 2 * maxPmfBound(nA - 2, aLo, aHi) * Math.min(1, shareA * maxPmfBound(nB, bLo, bHi)) : 0;
  const bb = nB >= 2 ? nB * (nB - 1) * 2 * maxPmfBound(nB - 2, bLo, bHi) * Math.min(1, shareB * maxPmfBound(nA, aLo, aHi)) : 0;
  const ab = nA * nB * 2 * maxPmfBound(nA - 1, aLo, aHi) * maxPmfBound(nB - 1, bLo, bHi);
  return (aa + 2 * ab + bb) * (1 + 1e-12);
}

/**
 * An upper bound on max_k f(k; N, p) over p ∈ [pLo, pHi]: the largest term is at the mode
 * k = ⌊(N + 1)p⌋, f(k; N, p) ≤ f(k; N, k/N) ≤ √(N / (2πk(N − k))) (Stirling with Robbins'
 * remainders), largest at the extreme modes; 1 when a mode can be 0 or N.
 */
function maxPmfBound(N: number, pLo: number, pHi: number): number {
  if (N <= 0) return 1;
  const kLo = Math.floor((N + 1) * pLo);
  const kHi = Math.min(N, Math.floor((N + 1) * pHi));
  return Math.max(binomialModeBound(N, kLo), binomialModeBound(N, kHi));
}
