import type { TailVerdict } from './concave-cell-supremum';

/**
 * One end of an interval by bisection between `end` (±1) and the estimate, given a certified test
 * verdict at each Δ₀: the returned value is `end` when `end` is not certified rejected, else the
 * innermost certified-rejected point found in `steps` halvings; `gap` is the distance to the nearest
 * point shown accepted (to the estimate when none was shown): under the assumption that the
 * acceptance set is an interval (as R's exact2x2 and ExactCIdiff make; coverage is checked on grids
 * by each caller's tests) the exact end lies between them. The lower end's search (end −1) stops
 * when half of `work.terms` is left, keeping the rest for the upper end.
 *
 * Domain: end = ±1, estimate in [−1, 1], steps ≥ 0. Internal step of the exact score inversions:
 * not validated.
 *
 * @example bisectCertifiedBound((d) => (d < 0.3 ? 'rejected' : 'accepted'), -1, 0.5, { terms: Infinity }, 14) // ≈ { value: 0.29993, gap: ≈ 1.2e-4 }
 */
export function bisectCertifiedBound(verdict: (difference: number) => TailVerdict, end: number, estimate: number, work: { terms: number }, steps: number): { value: number; gap: number } {
  if (verdict(end) !== 'rejected') return { value: end, gap: 0 };
  let rejected = end;
  let open = estimate;
  let accepted = estimate;
  const stopAt = end < 0 ? work.terms / 2 : 0;
  for (let step = 0; step < steps && work.terms > stopAt; step++) {
    const middle = (rejected + open) / 2;
    const result = verdict(middle);
    if (result === 'rejected') rejected = middle;
    else open = middle;
    if (result === 'accepted') accepted = middle;
  }
  return { value: rejected, gap: Math.abs(accepted - rejected) };
}
