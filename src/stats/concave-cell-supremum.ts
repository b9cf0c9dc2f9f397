/** What a certified search learned about sup over the nuisance of a tail probability against a level. */
export type TailVerdict = 'rejected' | 'accepted' | 'undecided';

/** Cells the nuisance range starts cut into. */
const INITIAL_CELLS = 16;

/**
 * Decides, with a certificate, whether sup_{p ∈ [from, to]} P(p) ≤ level, given `at(p)` (P summed
 * exactly at a point) and `cellBound(p₁, p₂)` (an upper bound of P on the cell [p₁, p₂]).
 *
 * Method: cut [from, to] into 16 cells and sum P at every cell end (a true value: any above `level`
 * proves 'accepted'). If every cell's bound is ≤ level·(1 − 1e-9) (the margin absorbs rounding in
 * the sums) the supremum is certified ≤ level: 'rejected'. Cells whose bound exceeds the level are
 * halved, worst first, until `maxCells`; then 'undecided' (the caller treats that as not rejected,
 * so its interval only widens); also once `work.terms` (counted down by the callbacks, across calls)
 * runs out.
 *
 * Reference: the certified-supremum discipline of `balanced-line-search.ts`; exact unconditional
 * tests (Barnard 1947; Fagerland, Lydersen & Laake 2013). Domain: from ≤ to, 0 < level < 1,
 * maxCells ≥ 16. Internal step of the exact score inversions (`pairedTailSupremum`,
 * `unpairedTailSupremum`): not validated.
 *
 * @example concaveCellSupremum(0, 1, (p) => p * p, (p1, p2) => p2 * p2, 0.5, 64, { terms: Infinity }) // 'accepted' (P(1) = 1)
 */
export function concaveCellSupremum(
  from: number,
  to: number,
  at: (p: number) => number,
  cellBound: (p1: number, p2: number) => number,
  level: number,
  maxCells: number,
  work: { terms: number },
): TailVerdict {
  const certified = level * (1 - 1e-9);
  const cells: Array<[number, number, number]> = [];
  for (let i = 0; i < INITIAL_CELLS; i++) {
    const p1 = from + ((to - from) * i) / INITIAL_CELLS;
    const p2 = i === INITIAL_CELLS - 1 ? to : from + ((to - from) * (i + 1)) / INITIAL_CELLS;
    if (at(p1) > level) return 'accepted';
    cells.push([p1, p2, cellBound(p1, p2)]);
  }
  if (at(to) > level) return 'accepted';
  let count = cells.length;
  for (;;) {
    let worst = -1;
    for (let i = 0; i < cells.length; i++) if (cells[i]![2] > certified && (worst < 0 || cells[i]![2] > cells[worst]![2])) worst = i;
    if (worst < 0) return 'rejected';
    if (count >= maxCells || work.terms <= 0) return 'undecided';
    const [p1, p2] = cells[worst]!;
    const middle = (p1 + p2) / 2;
    if (!(middle > p1 && middle < p2)) return 'undecided';
    if (at(middle) > level) return 'accepted';
    cells[worst] = [p1, middle, cellBound(p1, middle)];
    cells.push([middle, p2, cellBound(middle, p2)]);
    count++;
  }
}

/**
 * An upper bound on [p₁, p₂] of a concave f known at both ends by its value and slope: the peak of
 * min(tangent at p₁, tangent at p₂); an end where f or f′ is not finite (a zero probability) is
 * replaced by the other end's tangent alone; null when neither end is finite (the caller bounds the
 * cell another way).
 *
 * Reference: a concave function lies under each of its tangents. Domain: p₁ ≤ p₂. Internal step of
 * the certified suprema: not validated.
 *
 * @example concaveTangentPeak(0, 1, 0, 0, -1, 2) // 1: the tangents y = p and y = 2 − p meet at p = 1
 */
export function concaveTangentPeak(f1: number, g1: number, p1: number, f2: number, g2: number, p2: number): number | null {
  const finite1 = Number.isFinite(f1) && Number.isFinite(g1);
  const finite2 = Number.isFinite(f2) && Number.isFinite(g2);
  if (finite1 && finite2) {
    if (g1 <= 0) return f1;
    if (g2 >= 0) return f2;
    const crossing = (f2 - f1 + g1 * p1 - g2 * p2) / (g1 - g2);
    return Math.max(f1, f2, f1 + g1 * (Math.min(p2, Math.max(p1, crossing)) - p1));
  }
  if (finite2) return g2 >= 0 ? f2 : f2 + g2 * (p1 - p2);
  if (finite1) return g1 <= 0 ? f1 : f1 + g1 * (p2 - p1);
  return null;
}
