import { balancedLineSearch, type InversionSearchReport } from './balanced-line-search';
import { UnionOrderedTailProbability } from './union-ordered-tail-probability';

/**
 * The certified lower bound of the balanced accuracy at level α by Buehler's construction with the
 * union bound as the ordering: W(x) = L₊(x₊) + L₋(x₋), each class's exact one-sided lower bound at
 * α/2 (twice the union-bound balanced lower bound U at level α),
 *   L* = inf{θ : φ(θ) > α},  φ(θ) = sup{P_{p₊,p₋}[W ≥ W(x_obs)] : (p₊ + p₋)/2 = θ}.
 * The tail set is a staircase (each L rises with its count), so φ is taken on the line and
 * certified cell by cell (`balancedLineSearch`, three-term curvature and corner bounds). U itself is
 * a level-α bound, so φ(θ) ≤ α for every θ < U: the search starts its proof there (`floor`) and
 * never returns less than U (to 10⁻¹² for the tie room). The classes are put in a fixed order (the
 * smaller first), so swapping them gives the same bound.
 * Internal (see `balancedBuehlerLowerBound` for the argument and the error). Returns the report
 * with `bound` = max(certified θ₀, U).
 */
export function balancedBuehlerSearch(nYes: number, kYes: number, nNo: number, kNo: number, alpha: number): InversionSearchReport {
  const swap = nNo < nYes || (nNo === nYes && kNo < kYes);
  const [nA, kA, nB, kB] = swap ? [nNo, kNo, nYes, kYes] : [nYes, kYes, nNo, kNo];
  if (kA === 0 && kB === 0) return { bound: 0, above: 0, evaluations: 0, certifyEvaluations: 0 };
  // As the estimate's ordering: rows leave out ≤ ~1e-5·α, added to every upper value.
  const tail = new UnionOrderedTailProbability(nA, kA, nB, kB, alpha / 2, Math.max(alpha * 1e-5, 1e-305));
  const union = Math.max(0, tail.observed / 2 - 1e-12);
  const report = balancedLineSearch(
    { nA, nB, estimate: (kA / nA + kB / nB) / 2, tail, thresholdShare: [Infinity, Infinity], floor: union },
    alpha,
  );
  return { ...report, bound: Math.max(report.bound, union) };
}
