import type { TailVerdict } from './concave-cell-supremum';

/**
 * The interval of every Δ₀ an exact test does not reject, given its certified verdict on each side
 * (`verdictAt(Δ₀, upperTail)`: 'rejected' when the supremum of the tail at least as extreme as the
 * data in that direction is certified ≤ δ/2). Each end is bisected from ±1 towards the estimate
 * (`steps` halvings): it is the innermost certified-rejected Δ₀ found (or ±1 when that end is not
 * rejected), so never inside the exact end; `gap` is the widest distance from an end to the nearest
 * Δ₀ shown accepted (the estimate when none was): under the assumption that the acceptance set is an
 * interval (as R's exact2x2 and ExactCIdiff make; coverage is checked on grids by each caller's
 * tests) the exact end lies within it. `workTerms` is shared by both ends (the verdicts count it down
 * through the object passed to them); the lower end's search stops at half of it.
 *
 * Domain: estimate in [−1, 1], steps ≥ 0. Internal driver of the exact score inversions (Tango's
 * paired, Chan–Zhang's unpaired): not validated.
 *
 * @example invertScoreTest((d, upper) => ((upper ? d < 0.3 : d > 0.6) ? 'rejected' : 'accepted'), 0.5, Infinity, 14)
 * // ≈ { lower: 0.29999, upper: 0.60001, gap: ≈ 1.2e-4 }
 */
export function invertScoreTest(
  verdictAt: (difference: number, upperTail: boolean, work: { terms: number }) => TailVerdict,
  estimate: number,
  workTerms: number,
  steps: number,
): { lower: number; upper: number; gap: number } {
  const work = { terms: workTerms };
  const lower = bisectEnd((difference) => verdictAt(difference, true, work), -1, estimate, work, steps);
  const upper = bisectEnd((difference) => verdictAt(difference, false, work), 1, estimate, work, steps);
  return {
    lower: Math.max(-1, Math.min(lower.value, estimate)),
    upper: Math.min(1, Math.max(upper.value, estimate)),
    gap: Math.max(lower.gap, upper.gap),
  };
}

/** One end by bisection between `end` (±1) and the estimate: the innermost certified-rejected point, and the distance to the nearest point shown accepted. */
function bisectEnd(verdict: (difference: number) => TailVerdict, end: number, estimate: number, work: { terms: number }, steps: number): { value: number; gap: number } {
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
