/** What a certified search learned about sup over the nuisance of a tail probability against a level. */
export type TailVerdict = 'rejected' | 'accepted' | 'undecided';

/**
 * Decides, with a certificate, whether sup_{p_c} P_{p_c}[outcome ∈ S] ≤ level, where the outcomes
 * (b, c, n − b − c) ~ Multinomial(n; p_c + Δ₀, p_c, 1 − 2p_c − Δ₀) and p_c ranges over
 * [max(0, −Δ₀), (1 − Δ₀)/2] (every p_c allowed by p_b − p_c = Δ₀).
 *
 * Method: split the nuisance range into cells. At each cell end the probability is summed exactly
 * (a true value: any above `level` proves 'accepted'). On a cell [p₁, p₂] each term's log,
 * f(p) = log coef + b·log(p + Δ₀) + c·log p + (n − b − c)·log(1 − 2p − Δ₀), is concave, so it lies
 * under both end tangents; the highest point under the lower of the two (the end itself when f'
 * keeps its sign) bounds the term on the whole cell, and the sum of those bounds the probability
 * (`concaveCellBound`); if every cell's bound is ≤ level·(1 − 1e-9)
 * (the margin absorbs rounding in the sums) the supremum is certified ≤ level: 'rejected'. Cells
 * whose bound exceeds the level are halved, worst first, until `maxCells`; then 'undecided'
 * (the caller treats that as not rejected, so its interval only widens); also once `work.terms`
 * (terms summed, counted down across calls) runs out.
 *
 * Reference: the certified-supremum discipline of `balanced-line-search.ts`; exact unconditional
 * tests (Barnard 1947; Fagerland, Lydersen & Laake 2013). Domain: `logCoefficients`, `bs`, `cs` of one
 * length (the outcomes of S with their log multinomial coefficients), n ≥ 1, −1 ≤ Δ₀ ≤ 1,
 * 0 < level < 1. Internal step of `pairedDifferenceScoreInterval`: not validated.
 *
 * @example pairedTailSupremum(Float64Array.of(0), Float64Array.of(0), Float64Array.of(0), 1, 0, 0.5, 64)
 * // 'accepted' (S = {(0, 0)} has probability 1 at p_c = 0)
 */
export function pairedTailSupremum(
  logCoefficients: Float64Array,
  bs: Float64Array,
  cs: Float64Array,
  n: number,
  difference: number,
  level: number,
  maxCells: number,
  work: { terms: number } = { terms: Infinity },
): TailVerdict {
  if (bs.length === 0) return 'rejected';
  const from = Math.max(0, -difference);
  const to = Math.max(from, (1 - difference) / 2);
  const at = (pc: number) => {
    const end = cellEnd(pc, difference);
    work.terms -= bs.length;
    let sum = 0;
    for (let i = 0; i < bs.length; i++) sum += Math.exp(logCoefficients[i]! + logTerm(bs[i]!, cs[i]!, n - bs[i]! - cs[i]!, end));
    return sum;
  };
  const cellBound = (p1: number, p2: number) => {
    work.terms -= bs.length;
    const end1 = cellEnd(p1, difference);
    const end2 = cellEnd(p2, difference);
    let sum = 0;
    for (let i = 0; i < bs.length; i++) sum += Math.exp(logCoefficients[i]! + concaveCellBound(bs[i]!, cs[i]!, n - bs[i]! - cs[i]!, end1, end2));
    return sum;
  };
  const certified = level * (1 - 1e-9);
  const INITIAL_CELLS = 16;
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

/** The three cell probabilities at a point (a cell's end) and their logs, shared by every term there. */
interface CellEnd {
  p: number;
  pb: number;
  pc: number;
  p0: number;
  logPb: number;
  logPc: number;
  logP0: number;
}

function cellEnd(p: number, difference: number): CellEnd {
  const pb = p + difference;
  const p0 = Math.max(0, 1 - 2 * p - difference);
  return { p, pb, pc: p, p0, logPb: Math.log(pb), logPc: Math.log(p), logP0: Math.log(p0) };
}

/** f(p) = b·log p_b + c·log p_c + m·log p₀ at a cell end, a zero count contributing nothing (also at a zero probability). */
function logTerm(b: number, c: number, m: number, end: CellEnd): number {
  return (b === 0 ? 0 : b * end.logPb) + (c === 0 ? 0 : c * end.logPc) + (m === 0 ? 0 : m * end.logP0);
}

/** f'(p) = b/p_b + c/p_c − 2m/p₀ at a cell end, a zero count contributing nothing. */
function logTermSlope(b: number, c: number, m: number, end: CellEnd): number {
  return (b === 0 ? 0 : b / end.pb) + (c === 0 ? 0 : c / end.pc) - 2 * (m === 0 ? 0 : m / end.p0);
}

/**
 * An upper bound of f(p) = b·log(p + Δ₀) + c·log p + m·log(1 − 2p − Δ₀) on [p₁, p₂] (f concave): the
 * peak of min(tangent at p₁, tangent at p₂); an end where f or f' is not finite (a zero
 * probability) is replaced by the other end's tangent alone.
 */
function concaveCellBound(b: number, c: number, m: number, end1: CellEnd, end2: CellEnd): number {
  const f1 = logTerm(b, c, m, end1);
  const g1 = logTermSlope(b, c, m, end1);
  const f2 = logTerm(b, c, m, end2);
  const g2 = logTermSlope(b, c, m, end2);
  const p1 = end1.p;
  const p2 = end2.p;
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
  // Both ends at a zero probability: the monotone-factor bound.
  return (b === 0 ? 0 : b * end2.logPb) + (c === 0 ? 0 : c * end2.logPc) + (m === 0 ? 0 : m * end1.logP0);
}
