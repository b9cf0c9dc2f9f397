import { concaveCellSupremum, concaveTangentPeak, type TailVerdict } from './concave-cell-supremum';

/** The four success and failure probabilities at a nuisance value p = p_B (a cell's end) and their logs. */
interface CellEnd {
  p: number;
  /** p_A = p + Δ₀, q_A = 1 − p_A, p_B = p, q_B = 1 − p. */
  pA: number;
  qA: number;
  qB: number;
  logPA: number;
  logQA: number;
  logPB: number;
  logQB: number;
}

/**
 * Decides, with a certificate, whether sup_{p_B} P[(X_A, X_B) ∈ S] ≤ level, where X_A ~ Binomial(n_A,
 * p_B + Δ₀) and X_B ~ Binomial(n_B, p_B) are independent and p_B ranges over
 * [max(0, −Δ₀), min(1, 1 − Δ₀)] (every pair with p_A − p_B = Δ₀).
 *
 * Method: as `pairedTailSupremum`. Each term's log,
 *   f(p) = log C(n_A, k_A) + log C(n_B, k_B) + k_A·log(p + Δ₀) + (n_A − k_A)·log(1 − p − Δ₀)
 *          + k_B·log p + (n_B − k_B)·log(1 − p),
 * is concave in p, so on a cell [p₁, p₂] it lies under both end tangents (`concaveTangentPeak`;
 * where both ends are at a zero probability, each factor at its own largest end); the sum of those
 * bounds the probability on the cell, and `concaveCellSupremum` cuts and decides the cells.
 * Work: `work.terms` is counted down by the terms summed.
 *
 * Reference: Chan & Zhang (1999), Biometrics 55:1202–1209 (exact unconditional score test); the
 * certified-supremum discipline of `balanced-line-search.ts`. Domain: `logCoefficients`, `kAs`, `kBs`
 * of one length (the outcomes of S with log C(n_A, k_A) + log C(n_B, k_B)), n_A, n_B ≥ 1,
 * −1 ≤ Δ₀ ≤ 1, 0 < level < 1. Internal step of `unpairedDifferenceScoreInterval`: not validated.
 *
 * @example unpairedTailSupremum(Float64Array.of(0), Float64Array.of(1), Float64Array.of(0), 1, 1, 0, 0.2, 64)
 * // 'accepted' (S = {(1, 0)}: p_A·(1 − p_B) = p(1 − p) reaches 0.25 at p = 0.5)
 */
export function unpairedTailSupremum(
  logCoefficients: Float64Array,
  kAs: Float64Array,
  kBs: Float64Array,
  nA: number,
  nB: number,
  difference: number,
  level: number,
  maxCells: number,
  work: { terms: number } = { terms: Infinity },
): TailVerdict {
  if (kAs.length === 0) return 'rejected';
  const from = Math.max(0, -difference);
  const to = Math.max(from, Math.min(1, 1 - difference));
  const at = (p: number) => {
    const end = cellEnd(p, difference);
    work.terms -= kAs.length;
    let sum = 0;
    for (let i = 0; i < kAs.length; i++) sum += Math.exp(logCoefficients[i]! + logTerm(kAs[i]!, nA, kBs[i]!, nB, end));
    return sum;
  };
  const cellBound = (p1: number, p2: number) => {
    work.terms -= kAs.length;
    const end1 = cellEnd(p1, difference);
    const end2 = cellEnd(p2, difference);
    let sum = 0;
    for (let i = 0; i < kAs.length; i++) sum += Math.exp(logCoefficients[i]! + concaveCellBound(kAs[i]!, nA, kBs[i]!, nB, end1, end2));
    return sum;
  };
  return concaveCellSupremum(from, to, at, cellBound, level, maxCells, work);
}

function cellEnd(p: number, difference: number): CellEnd {
  const pA = Math.min(1, Math.max(0, p + difference));
  const qA = 1 - pA;
  const qB = 1 - p;
  return { p, pA, qA, qB, logPA: Math.log(pA), logQA: Math.log(qA), logPB: Math.log(p), logQB: Math.log(qB) };
}

/** count·log(probability), 0 for a zero count (also at a zero probability). */
const weighted = (count: number, log: number) => (count === 0 ? 0 : count * log);
/** count/probability, 0 for a zero count. */
const ratio = (count: number, probability: number) => (count === 0 ? 0 : count / probability);

/** f(p) without the coefficients, at a cell end. */
function logTerm(kA: number, nA: number, kB: number, nB: number, end: CellEnd): number {
  return weighted(kA, end.logPA) + weighted(nA - kA, end.logQA) + weighted(kB, end.logPB) + weighted(nB - kB, end.logQB);
}

/** f′(p) = k_A/p_A − (n_A − k_A)/q_A + k_B/p_B − (n_B − k_B)/q_B at a cell end. */
function logTermSlope(kA: number, nA: number, kB: number, nB: number, end: CellEnd): number {
  return ratio(kA, end.pA) - ratio(nA - kA, end.qA) + ratio(kB, end.p) - ratio(nB - kB, end.qB);
}

/** An upper bound of f(p) − log coefficients on [p₁, p₂]: the concave tangent peak, or each factor at its largest end. */
function concaveCellBound(kA: number, nA: number, kB: number, nB: number, end1: CellEnd, end2: CellEnd): number {
  const peak = concaveTangentPeak(logTerm(kA, nA, kB, nB, end1), logTermSlope(kA, nA, kB, nB, end1), end1.p, logTerm(kA, nA, kB, nB, end2), logTermSlope(kA, nA, kB, nB, end2), end2.p);
  if (peak !== null) return peak;
  // p_A and p_B rise with p, q_A and q_B fall: each factor is largest at one end.
  return weighted(kA, end2.logPA) + weighted(nA - kA, end1.logQA) + weighted(kB, end2.logPB) + weighted(nB - kB, end1.logQB);
}
