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
 * is concave, so it lies under its tangent at either end: its peak on the cell is at most the end's
 * value where f falls (or rises) across the whole cell, else the tangent's value at the other end
 * (`tangentRuns`); the sum of those bounds the probability. Each of these is a product of powers of
 * b, c and m, so a row's terms are summed by the ratio recurrence, one exp a run (`powerRun`: 3.7–6×
 * faster than an exp a term at 500–1,000 pairs). Cells with a zero or subnormal probability at an end,
 * where the recurrence's logs overflow, take each term's peak under both end tangents, term by term
 * (`concaveCellBound`). The cells are cut and decided by `concaveCellSupremum` ('rejected' when every
 * cell's bound is ≤ level, 'undecided' past `maxCells` or once `work.terms`, the terms summed, runs out).
 *
 * Why truncated: b ~ Binomial(n, p_c + Δ₀) and c ~ Binomial(n, p_c) on their own, so only the counts
 * in `binomialChernoffRange` of the cell are summed, and the tails left out (each ≤ 10⁻⁷·level
 * anywhere on the cell; up to four: b and c, low and high) are added to the cell's bound — a few
 * standard deviations of each count instead of all (n + 1)(n + 2)/2 outcomes, which makes a thousand
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
  // Σ over S of rowSum(c, first, last, log n!/c!) for the counts in range on the cell p_c ∈ [pcLow, pcHigh],
  // and a bound of what the ranges leave out (nothing on a side not cut).
  const sumInRange = (pcLow: number, pcHigh: number, rowSum: (c: number, first: number, last: number, logRow: number) => number) => {
    const [cLow, cHigh] = binomialChernoffRange(n, pcLow, pcHigh, logOutside);
    const [bLow, bHigh] = binomialChernoffRange(n, clampProbability(pcLow + difference), clampProbability(pcHigh + difference), logOutside);
    const sidesCut = Number(cLow > 0) + Number(cHigh < n) + Number(bLow > 0) + Number(bHigh < n);
    let sum = 0;
    for (let c = cLow; c <= cHigh; c++) {
      const first = Math.max(bLow, rows.first(c));
      const last = Math.min(bHigh, rows.last(c));
      if (first > last) continue;
      work.terms -= last - first + 1;
      sum += rowSum(c, first, last, logFactorial[n]! - logFactorial[c]!);
    }
    return { sum, outside: sidesCut * outsidePerSide };
  };
  // Term by term, one exp each: where a zero or subnormal probability keeps the recurrence out.
  const termByTerm = (logOf: (b: number, c: number, m: number) => number) => (c: number, first: number, last: number, logRow: number) =>
    sumTermByTerm(logRow, logFactorial, n, c, first, last, logOf);
  const at = (pc: number) => {
    const end = cellEnd(pc, difference);
    const exact = powerFactors(end.logPb, end.logPc, end.logP0);
    if (usable(exact)) return sumInRange(pc, pc, (c, first, last, logRow) => powerRun(logRow, logFactorial, n, c, first, last, exact, 0)).sum;
    return sumInRange(pc, pc, termByTerm((b, c, m) => logTerm(b, c, m, end))).sum;
  };
  const cellBound = (p1: number, p2: number) => {
    const end1 = cellEnd(p1, difference);
    const end2 = cellEnd(p2, difference);
    const tangents = termByTerm((b, c, m) => concaveCellBound(b, c, m, end1, end2));
    const { sum, outside } = sumInRange(p1, p2, tangentRuns(logFactorial, n, end1, end2, tangents) ?? tangents);
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

/** A term C·x^b·y^c·z^m by the logs of its factors, and x/z (the ratio of successive terms in b, apart from m/(b + 1)). */
interface PowerFactors {
  logX: number;
  logY: number;
  logZ: number;
  ratio: number;
}

function powerFactors(logX: number, logY: number, logZ: number): PowerFactors {
  return { logX, logY, logZ, ratio: Math.exp(logX - logZ) };
}

/** Whether runs of these factors can be summed by the recurrence: every log finite (no zero probability, no overflow) and x/z a positive number. */
function usable(f: PowerFactors): boolean {
  return Number.isFinite(f.logX) && Number.isFinite(f.logY) && Number.isFinite(f.logZ) && f.ratio > 0 && f.ratio < Infinity;
}

/** Below this log a run's first term is near underflow, and the recurrence could start from 0: summed term by term. */
const SMALLEST_LOG_START = -640;

/**
 * Σ_{b=from}^{to} n!/(b!·c!·m!)·x^b·y^c·z^m·e^{slack}, m = n − b − c (`logRow` = log n!/c!): the first
 * term from its log, the rest by t(b + 1) = t(b)·m/(b + 1)·x/z — one exp a run instead of one a term
 * (relative error ~2 ulp a step: ≤ 10⁻¹² over 5,000 steps, inside the 10⁻⁹ margin of the
 * certification). Infinity when a term overflows (the cell is then cut, never wrongly certified).
 */
function powerRun(logRow: number, logFactorial: Float64Array, n: number, c: number, from: number, to: number, f: PowerFactors, slack: number): number {
  if (from > to) return 0;
  const m = n - from - c;
  const logFirst = logRow - logFactorial[from]! - logFactorial[m]! + from * f.logX + c * f.logY + m * f.logZ + slack;
  let sum: number;
  if (logFirst < SMALLEST_LOG_START) {
    sum = sumTermByTerm(logRow, logFactorial, n, c, from, to, (b, _c, rest) => b * f.logX + c * f.logY + rest * f.logZ + slack);
  } else {
    let term = Math.exp(logFirst);
    sum = term;
    for (let b = from; b < to; b++) {
      term *= ((n - b - c) / (b + 1)) * f.ratio;
      sum += term;
    }
  }
  return sum <= Number.MAX_VALUE ? sum : Infinity;
}

/** Σ_{b=from}^{to} exp(logRow − log b! − log m! + logOf(b, c, m)), m = n − b − c: one exp a term. */
function sumTermByTerm(logRow: number, logFactorial: Float64Array, n: number, c: number, from: number, to: number, logOf: (b: number, c: number, m: number) => number): number {
  let sum = 0;
  for (let b = from; b <= to; b++) sum += Math.exp(logRow - logFactorial[b]! - logFactorial[n - b - c]! + logOf(b, c, n - b - c));
  return sum;
}

/**
 * A row's terms bounded on an interior cell [p₁, p₂] (every probability positive at both ends), in
 * runs of one exp each. With f(p) = b·log p_b + c·log p_c + m·log p₀ concave and its slope
 * g(p) = b/p_b + c/p_c − 2m/p₀ increasing in b (row c fixed), each term's peak on the cell is at most
 *   f(p₁)                  while g(p₁) ≤ 0 (falling on the whole cell: the peak is at p₁),
 *   f(p₁) + w·g(p₁)        or f(p₂) − w·g(p₂) while g(p₁) ≥ 0 ≥ g(p₂) (the tangent at either end),
 *   f(p₂)                  once g(p₂) ≥ 0 (rising on the whole cell),
 * w = p₂ − p₁; each is a product of powers of b, c and m, summed by `powerRun`. The runs are cut where
 * g changes sign (a root of a line in b), the middle one halfway between the two roots; so that a root
 * off by rounding never makes a bound invalid, each run also adds w·max(0, ±g) at its extreme count
 * (what the rule it uses may miss there: 0 when the cut is right).
 * Null when the recurrence cannot serve the cell (a zero or subnormal probability at an end: its
 * logs or ratios overflow); a row whose roots overflow is summed by `fallback`.
 */
function tangentRuns(
  logFactorial: Float64Array,
  n: number,
  end1: CellEnd,
  end2: CellEnd,
  fallback: (c: number, first: number, last: number, logRow: number) => number,
): ((c: number, first: number, last: number, logRow: number) => number) | null {
  const w = end2.p - end1.p;
  const atStart = powerFactors(end1.logPb, end1.logPc, end1.logP0);
  const tangentStart = powerFactors(end1.logPb + w / end1.pb, end1.logPc + w / end1.pc, end1.logP0 - (2 * w) / end1.p0);
  const tangentEnd = powerFactors(end2.logPb - w / end2.pb, end2.logPc - w / end2.pc, end2.logP0 + (2 * w) / end2.p0);
  const atEnd = powerFactors(end2.logPb, end2.logPc, end2.logP0);
  if (![atStart, tangentStart, tangentEnd, atEnd].every(usable)) return null;
  const slope = (b: number, c: number, end: CellEnd) => logTermSlope(b, c, n - b - c, end);
  // g(p, b) = b·(1/p_b + 2/p₀) + c/p_c − 2(n − c)/p₀ = 0 at b = (2(n − c)/p₀ − c/p_c) / (1/p_b + 2/p₀).
  const root = (c: number, end: CellEnd) => ((2 * (n - c)) / end.p0 - c / end.pc) / (1 / end.pb + 2 / end.p0);
  return (c: number, first: number, last: number, logRow: number) => {
    const root1 = root(c, end1);
    const root2 = root(c, end2);
    if (!Number.isFinite(root1) || !Number.isFinite(root2)) return fallback(c, first, last, logRow);
    const rises = Math.min(last + 1, Math.max(first, Math.ceil(root1)));
    const peaksInside = Math.min(last + 1, Math.max(rises, Math.floor(root2) + 1));
    const middle = Math.round((rises + peaksInside) / 2);
    let sum = 0;
    if (first < rises) sum += powerRun(logRow, logFactorial, n, c, first, rises - 1, atStart, w * Math.max(0, slope(rises - 1, c, end1)));
    if (rises < middle) sum += powerRun(logRow, logFactorial, n, c, rises, middle - 1, tangentStart, w * Math.max(0, -slope(rises, c, end1)));
    if (middle < peaksInside) sum += powerRun(logRow, logFactorial, n, c, middle, peaksInside - 1, tangentEnd, w * Math.max(0, slope(peaksInside - 1, c, end2)));
    if (peaksInside <= last) sum += powerRun(logRow, logFactorial, n, c, peaksInside, last, atEnd, w * Math.max(0, -slope(peaksInside, c, end2)));
    return sum;
  };
}
