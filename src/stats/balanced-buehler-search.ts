import { BalancedLineCurvature } from './balanced-line-curvature-bound';
import { balancedLineSearch, type InversionSearchReport } from './balanced-line-search';
import { balancedLowerAt } from './balanced-one-sided-lower-bound';
import { TIE, UnionOrderedTailProbability, WorkExhausted } from './union-ordered-tail-probability';

/**
 * The work one search may do (row steps, a bound counting as 200: ~50–100 ms on one core); past it
 * the union bound is returned. Counted, not timed, so the result is the same on every machine.
 * (2·10⁶ left 1 in 40 random pairs of 20–18,000 per class at δ = 0.01 on the union bound, most at
 * 1.96–2.2·10⁶: 2.2·10⁶ gives them Buehler's bound, 0.1–1.1 points higher.)
 */
const WORK_LIMIT = 2.2e6;
/**
 * Past this many labels in all the search is not tried and the union bound is returned: the search
 * computes a bound for every count its rows meet along the line (≈ 60–180 ms a side at 2·10⁴ per
 * class), while its gain over the union bound shrinks with n (≈ 25% of the half-width at 300 per
 * class, 15% at 5,000, 4–11% at 2·10⁴–10⁵; `npm run bench`).
 */
export const BUEHLER_MAX_LABELS = 20_000;

/**
 * The certified lower bound of the balanced accuracy at level α by Buehler's construction with the
 * union bound as the ordering: W(x) = L₊(x₊) + L₋(x₋), each class's exact one-sided lower bound at
 * α/2 (twice the union-bound balanced lower bound U at level α),
 *   L* = inf{θ : φ(θ) > α},  φ(θ) = sup{P_{p₊,p₋}[W ≥ W(x_obs)] : (p₊ + p₋)/2 = θ}.
 * The tail set is a staircase (each L rises with its count), so φ is taken on the line and
 * certified cell by cell (`balancedLineSearch`: corner, three-term and staircase curvature bounds).
 * U itself is a level-α bound, so φ(θ) ≤ α for every θ < U: the search starts its proof there
 * (`floor`) and never returns less than U (to 10⁻¹⁰ for the tie room; the caller then takes the
 * larger of the two). Past BUEHLER_MAX_LABELS, or when the work limit is reached, U is returned.
 * The classes are put in a fixed order (the smaller first), so swapping them gives the same bound.
 * Internal (see `balancedBuehlerLowerBound` for the argument and the error). Returns the report
 * with `bound` = max(certified θ₀, U).
 */
export function balancedBuehlerSearch(nYes: number, kYes: number, nNo: number, kNo: number, alpha: number): InversionSearchReport {
  const swap = nNo < nYes || (nNo === nYes && kNo < kYes);
  const [nA, kA, nB, kB] = swap ? [nNo, kNo, nYes, kYes] : [nYes, kYes, nNo, kNo];
  if (kA === 0 && kB === 0) return { bound: 0, above: 0, evaluations: 0, certifyEvaluations: 0 };
  if (nA + nB > BUEHLER_MAX_LABELS) return { bound: balancedLowerAt({ yes: { correct: kA, total: nA }, no: { correct: kB, total: nB } }, alpha), above: Number.NaN, evaluations: 0, certifyEvaluations: 0 };
  // As the estimate's ordering: rows leave out ≤ ~1e-5·α, added to every upper value.
  const tail = new UnionOrderedTailProbability(nA, kA, nB, kB, alpha / 2, Math.max(alpha * 1e-5, 1e-305), WORK_LIMIT);
  // The union bound less the tie room: below it φ ≤ α is proved for the set as computed.
  const union = Math.max(0, tail.observed / 2 - TIE);
  // The staircase curvature bound, as for the estimate's ordering; any column or row of this
  // staircase may hold every cell, so its rows stop where what is left is ~1e-4/N³ (not /N²).
  const labels = nA + nB;
  const staircase = new BalancedLineCurvature(nA, nB, tail.staircase(), 1e-4 / (labels * labels * labels));
  try {
    const report = balancedLineSearch(
      {
        nA,
        nB,
        estimate: (kA / nA + kB / nB) / 2,
        observed: [kA / nA, kB / nB],
        tail,
        thresholdShare: [Infinity, Infinity],
        curvature: (aLo, aHi, bLo, bHi) => staircase.bound(aLo, aHi, bLo, bHi),
        floor: union,
      },
      alpha,
    );
    return { ...report, bound: Math.max(report.bound, union) };
  } catch (error) {
    if (!(error instanceof WorkExhausted)) throw error;
    // Out of work: the union bound is proved (φ ≤ α below it) and is what is returned.
    return { bound: union, above: Number.NaN, evaluations: tail.evaluations, certifyEvaluations: Number.NaN };
  }
}
