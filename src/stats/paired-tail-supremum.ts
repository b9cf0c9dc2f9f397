import { binomialChernoffRange } from './binomial-chernoff-range';
import { clampProbability } from './clamp-probability';
import { concaveCellSupremum, concaveTangentPeak, type TailVerdict } from './concave-cell-supremum';
import type { TailRows } from './statistic-tail-rows';

/** Each count's range leaves out at most this fraction of the level per side (b and c, low and high: four sides). */
const TRUNCATION = 1e-7;

/**
 * Decides, with a certificate, whether sup_{p_c} P_{p_c}[outcome ∈ S] ≤ level, where the outcomes
 * (b, c, n − b − c) ~ Multinomial(n; p_c + Δ₀, p_c, 1 − 2p_c − Δ₀) and p_c ranges over
 * [max(0, −Δ₀), (1 − Δ₀)/2] (every p_c allowed by p_b − p_c = Δ₀); S is given row by row
 * (`statisticTailRows` of Tango's statistic: row c, columns b).
 *
 * Method: split the nuisance range into cells. At each cell end the probability is summed exactly
 * over S (a lower bound, being a part of the sum: any above `level` proves 'accepted'). On a cell
 * [p₁, p₂] each term's log, f(p) = log coef + b·log(p + Δ₀) + c·log p + (n − b − c)·log(1 − 2p − Δ₀),
 * is concave, so it lies under both end tangents; the highest point under the lower of the two (the
 * end itself when f' keeps its sign) bounds the term on the whole cell, and the sum of those bounds
 * the probability (`concaveCellBound`); the cells are cut and decided by `concaveCellSupremum`
 * ('rejected' when every cell's bound is ≤ level, 'undecided' past `maxCells` or once `work.terms`,
 * the terms summed, runs out).
 *
 * Why truncated: b ~ Binomial(n, p_c + Δ₀) and c ~ Binomial(n, p_c) on their own, so only the counts
 * in `binomialChernoffRange` of the cell are summed, and the tails left out (each ≤ 10⁻⁷·level
 * anywhere on the cell; up to four: b and c, low and high) are added to the cell's bound — a few
 * standard deviations of each count instead of all (n + 1)(n + 2)/2 outcomes, which makes hundreds of
 * pairs affordable.
 *
 * Reference: the certified-supremum discipline of `balanced-line-search.ts`; exact unconditional
 * tests (Barnard 1947; Fagerland, Lydersen & Laake 2013). Domain: `logFactorial` holds log k! for
 * k = 0..n, n ≥ 1, −1 ≤ Δ₀ ≤ 1, 0 < level < 1. Internal step of `pairedDifferenceScoreInterval`: not
 * validated.
 *
 * @example pairedTailSupremum({ first: () => 0, last: () => 0 }, Float64Array.of(0, 0), 1, 0, 0.5, 64)
 * // 'accepted' (S = {(0, 0)} has probability 1 at p_c = 0)
 */
export function pairedTailSupremum(
  rows: TailRows,
  logFactorial: Float64Array,
  n: number,
  difference: number,
  level: number,
  maxCells: number,
  work: { terms: number } = { terms: Infinity },
): TailVerdict {
  const from = Math.max(0, -difference);
  const to = Math.max(from, (1 - difference) / 2);
  const logOutside = Math.log(level) + Math.log(TRUNCATION);
  const outsidePerSide = Math.exp(logOutside);
  // Σ over S of exp(log coefficient + logOf(b, c, m)) for the counts in range on the cell p_c ∈ [pcLow, pcHigh],
  // and a bound of what the ranges leave out (nothing on a side not cut).
  const sumInRange = (pcLow: number, pcHigh: number, logOf: (b: number, c: number, m: number) => number) => {
    const [cLow, cHigh] = binomialChernoffRange(n, pcLow, pcHigh, logOutside);
    const [bLow, bHigh] = binomialChernoffRange(n, clampProbability(pcLow + difference), clampProbability(pcHigh + difference), logOutside);
    const sidesCut = Number(cLow > 0) + Number(cHigh < n) + Number(bLow > 0) + Number(bHigh < n);
    let sum = 0;
    for (let c = cLow; c <= cHigh; c++) {
      const first = Math.max(bLow, rows.first(c));
      const last = Math.min(bHigh, rows.last(c));
      if (first > last) continue;
      work.terms -= last - first + 1;
      const logRow = logFactorial[n]! - logFactorial[c]!;
      for (let b = first; b <= last; b++) sum += Math.exp(logRow - logFactorial[b]! - logFactorial[n - b - c]! + logOf(b, c, n - b - c));
    }
    return { sum, outside: sidesCut * outsidePerSide };
  };
  const at = (pc: number) => {
    const end = cellEnd(pc, difference);
    return sumInRange(pc, pc, (b, c, m) => logTerm(b, c, m, end)).sum;
  };
  const cellBound = (p1: number, p2: number) => {
    const end1 = cellEnd(p1, difference);
    const end2 = cellEnd(p2, difference);
    const { sum, outside } = sumInRange(p1, p2, (b, c, m) => concaveCellBound(b, c, m, end1, end2));
    return sum + outside;
  };
  return concaveCellSupremum(from, to, at, cellBound, level, maxCells, work);
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
  const peak = concaveTangentPeak(logTerm(b, c, m, end1), logTermSlope(b, c, m, end1), end1.p, logTerm(b, c, m, end2), logTermSlope(b, c, m, end2), end2.p);
  if (peak !== null) return peak;
  // Both ends at a zero probability: the monotone-factor bound.
  return (b === 0 ? 0 : b * end2.logPb) + (c === 0 ? 0 : c * end2.logPc) + (m === 0 ? 0 : m * end1.logP0);
}
