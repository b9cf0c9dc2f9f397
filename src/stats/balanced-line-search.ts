import type { InversionSearchReport, LineOrdering } from './balanced-line-types';
import { LineCertification } from './line-certification';
import { lineNormalCertifiedBound } from './line-normal-certified-bound';
import { LinePeakSearch } from './line-peak-search';
import { LineRootBracket } from './line-root-bracket';
import { normalQuantile } from './normal-quantile';
import { TAIL_RELATIVE_ERROR } from './ordered-tail-probability';

export type { InversionSearchReport, LineOrdering } from './balanced-line-types';

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
/** 2⁻⁵², one ulp of numbers in [1, 2). */
const ULP = 2.220446049250313e-16;
/** Certification attempts at most (each after a missed peak or a wider gap). */
const MOST_ATTEMPTS = 40;

/**
 * The certified lower confidence bound of the balanced accuracy θ = (p₊ + p₋)/2 by inverting the
 * exact test with the given ordering (its tail set at the observed outcome is `ordering.tail`'s), level α:
 *   L = inf{θ : φ(θ) > α},   φ(θ) = sup{P_{p₊,p₋}[tail set] : (p₊ + p₋)/2 = θ}.
 * Returns a value ≤ L (certified) and ≥ L − gap (the gap 10⁻³ standard errors at first). A driver
 * over named steps:
 *  1. Berry–Esseen (large classes, `lineNormalCertifiedBound`): where it certifies θ and a point a
 *     tenth of a standard error higher has P > α, done without a search.
 *  2. The approximate root of ψ(θ) = log φ(θ) − log α: each φ(θ) from `LinePeakSearch`, the bracket
 *     from the estimate down (or from the ordering's proved floor), narrowed by `LineRootBracket`.
 *  3. Certification a gap below it, cell by cell (`LineCertification`). A point above α found there
 *     is a peak step 2 missed: it is remembered, the gap doubles and step 2 restarts below it; out of
 *     budget, the gap grows tenfold.
 * Internal (see `balancedInversionLowerBound` for the argument and the error).
 */
export function balancedLineSearch(ordering: LineOrdering, alpha: number): InversionSearchReport {
  const { nA, nB, tail, estimate } = ordering;
  const standardError = Math.max(0.5 * Math.sqrt(Math.max(estimate * (1 - estimate), 0.25 / nA) * (1 / nA + 1 / nB)), 1e-12);
  // A bound near 0 (a few errors at a small δ) is far smaller than a standard error: a gap of 10⁻³ se
  // there would put the certified bound at 0 (an upper bound of exactly 100% with errors made).
  const firstGap = (root: number) => Math.min(MOST_GAP * standardError, Math.max(ABSOLUTE_GAP, FIRST_GAP * standardError), FIRST_GAP * root);
  const peaks = new LinePeakSearch(nA, nB, tail);
  const logAlpha = Math.log(alpha);
  const psi = (theta: number) => Math.log(peaks.max(theta).value) - logAlpha;
  const z = normalQuantile(1 - Math.min(alpha, 0.5));
  const report = (bound: number, above: number, certifyEvaluations: number): InversionSearchReport => ({ bound, above, evaluations: tail.evaluations, certifyEvaluations });

  // 1. The Berry–Esseen term C₀ρ/σ³ is at least 0.56/√(n₊ + n₋) (Lyapunov's ratio of N independent
  // terms is ≥ 1/√N): unless that is well below α it rarely certifies, and trying costs more than
  // the evaluations it would save (small classes evaluate fast), so it is not tried.
  const normal = ordering.normal;
  const useNormal = normal !== undefined && 0.56 / Math.sqrt(nA + nB) < alpha / 4;
  const normalFloor = useNormal ? lineNormalCertifiedBound(normal, alpha, estimate, (z + 3) * standardError, standardError) : -Infinity;
  if (normalFloor > 0) {
    const probe = Math.min(1, normalFloor + NORMAL_GAP * standardError);
    if (psi(probe) > 0) return report(normalFloor, probe, 0);
  }

  // 2. The bracket: up from the estimate until ψ > 0, down until ψ < 0. On the estimate's line the
  // observed point itself nearly always has P > α: then its value stands for the line's maximum (ψ is
  // at least that), one evaluation instead of a search of the whole line.
  let above = estimate;
  const atObserved = ordering.observed ? Math.log(tail.evaluate(...ordering.observed)) - logAlpha : Number.NaN;
  let psiAbove = atObserved > 0 ? atObserved : psi(above);
  while (!(psiAbove > 0) && above < 1) {
    above = above + Math.max((1 - above) / 2, 1e-3 * (1 - above));
    if (1 - above < 1e-12) above = 1;
    psiAbove = above === 1 ? Math.log(1 / alpha) : psi(above);
  }
  const bracket = new LineRootBracket(psi, above, psiAbove);
  const floor = ordering.floor ?? 0;
  // φ ≤ α is proved at the floor: the bracket starts there, one line instead of a walk down to it.
  if (floor > 0 && floor < Math.min(above, estimate) - (z + 1) * standardError) bracket.setBelow(floor);
  else bracket.stepDown(Math.min(above, estimate), (z + 1) * standardError);
  const narrow = () => bracket.narrow((top) => 0.1 * firstGap(top));

  // 3. Certification. The cells needed grow like √(sup|h''| / curvature of the peak) ∝ √n: budget
  // accordingly. An evaluation costs ∝ √n₊ + √n₋ (the rows' windows): past ~0.1 s of work per
  // attempt the gap grows instead.
  const budget = Math.min(CERTIFY_BUDGET + 40 * Math.sqrt(nA + nB), MAX_CERTIFY_BUDGET, WORK_PER_ATTEMPT / (Math.sqrt(nA) + Math.sqrt(nB)));
  const certification = new LineCertification(ordering, alpha, budget, useNormal);
  narrow();
  if (normalFloor >= bracket.above - NORMAL_GAP * standardError) return report(normalFloor, bracket.above, certification.evaluations);
  let gap = firstGap(bracket.above);
  const provenFloor = Math.max(normalFloor, ordering.floor ?? -Infinity);
  for (let attempt = 0; attempt < MOST_ATTEMPTS; attempt++) {
    const theta = Math.max(0, bracket.above - gap);
    if (theta <= provenFloor) return report(provenFloor, bracket.above, certification.evaluations);
    const verdict = certification.certify(theta, peaks.center);
    if (verdict.kind === 'certified') return report(theta, bracket.above, certification.evaluations);
    if (verdict.kind === 'above') {
      // A peak the local search missed: the root is below θ. Restart there.
      const b = 2 * theta - verdict.s;
      bracket.above = theta + ULP;
      bracket.psiAbove = Math.log(tail.evaluate(verdict.s, b < 0 ? 0 : b > 1 ? 1 : b) * (1 - TAIL_RELATIVE_ERROR)) - logAlpha;
      peaks.missedPeak(theta, verdict.s);
      gap *= 2;
      // The old lower end may still bracket the root; if it lies above θ (the gap was wider than the
      // bracket) or the peak lifts it too, step down from θ (in tenths of a standard error,
      // doubling: the root has usually moved little).
      const { below } = bracket;
      if (below < theta) bracket.psiBelow = below <= 0 ? -Infinity : psi(below);
      if (!(below < theta) || (!(bracket.psiBelow < 0) && below > 0)) bracket.stepDown(Math.min(below, theta), 0.1 * standardError);
      narrow();
    } else {
      // Out of work (the gap was too narrow for the cells' bounds), or a line whose maximum is α to
      // rounding (a slightly wider gap settles it).
      gap *= verdict.kind === 'atRoot' ? 2 : 10;
    }
  }
  return report(Math.max(0, provenFloor), bracket.above, certification.evaluations);
}
