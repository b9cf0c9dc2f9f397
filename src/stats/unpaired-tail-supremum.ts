import { clampProbability } from './clamp-probability';
import { concaveCellSupremum, concaveTangentPeak, type TailVerdict } from './concave-cell-supremum';
import type { TailRows } from './statistic-tail-rows';

/**
 * One nuisance value p = p_B (a cell's end) with, for every row k_B, the log of its two factors,
 * log P(X_B = k_B) and log P(X_A in the row's run), and the slope in p of their sum.
 */
interface RowTerms {
  logRow: Float64Array;
  logRun: Float64Array;
  slope: Float64Array;
}

/**
 * Decides, with a certificate, whether sup_{p_B} P[(X_A, X_B) ∈ S] ≤ level, where X_A ~ Binomial(n_A,
 * p_B + Δ₀) and X_B ~ Binomial(n_B, p_B) are independent and p_B ranges over
 * [max(0, −Δ₀), min(1, 1 − Δ₀)] (every pair with p_A − p_B = Δ₀); S is given row by row (row k_B,
 * its k_A a tail run: [f, n_A] or [0, l], as `statisticTailRows` makes them).
 *
 * Method: independence makes the probability a sum over rows,
 *   P(S) = Σ_{k_B} P(X_B = k_B)·P(X_A ∈ run(k_B)),
 * each run's probability a binomial tail read off suffix (or prefix) sums of X_A's probabilities at
 * the point: n_A + n_B operations at a point instead of one per outcome. Each row's term is
 * log-concave in p: P(X_B = k_B) = C·p^{k_B}(1 − p)^{n_B − k_B}, and P(X_A ≥ f) = I_{p_A}(f, n_A − f + 1)
 * (and P(X_A ≤ l) = 1 − I_{p_A}(l + 1, n_A − l)) is a beta distribution's CDF (survival function)
 * at p_A = p + Δ₀, log-concave because the beta density with both shapes ≥ 1 is (Prékopa 1973; Bagnoli
 * & Bergstrom 2005). Its slope is n_A·P(Y = f − 1), Y ~ Binomial(n_A − 1, p_A), which is
 * P(X_A = f)·f/p_A (and −P(X_A = l)·(n_A − l)/(1 − p_A) for the lower run). So on a cell [p₁, p₂]
 * each row's log term lies under both end tangents (`concaveTangentPeak`; where both ends are at a
 * zero probability, each factor at its own largest point of the cell), the sum of those bounds the
 * probability on the cell, and `concaveCellSupremum` cuts and decides the cells (every end summed
 * exactly: any above `level` proves 'accepted'). Work: `work.terms` is counted down by n_A + n_B + 2
 * at every new cell end.
 *
 * Reference: Chan & Zhang (1999), Biometrics 55:1202–1209 (exact unconditional score test); Prékopa
 * (1973), Acta Sci Math 34:335–343, and Bagnoli & Bergstrom (2005), Econ Theory 26:445–469
 * (log-concave densities give log-concave CDFs and survival functions); the certified-supremum
 * discipline of `balanced-line-search.ts`. Domain: each row's run [first, last] empty, [0, l] or
 * [f, n_A]; `logFactorial` holds log k! for k = 0..max(n_A, n_B); n_A, n_B ≥ 1; −1 ≤ Δ₀ ≤ 1;
 * 0 < level < 1. Internal step of `unpairedDifferenceScoreInterval`: not validated.
 *
 * @example unpairedTailSupremum({ first: (kB) => (kB === 0 ? 1 : 2), last: () => 1 }, Float64Array.of(0, 0), 1, 1, 0, 0.2, 64)
 * // 'accepted' (S = {(1, 0)}: p_A·(1 − p_B) = p(1 − p) reaches 0.25 at p = 0.5)
 */
export function unpairedTailSupremum(
  rows: TailRows,
  logFactorial: Float64Array,
  nA: number,
  nB: number,
  difference: number,
  level: number,
  maxCells: number,
  work: { terms: number } = { terms: Infinity },
): TailVerdict {
  const from = Math.max(0, -difference);
  const to = Math.max(from, Math.min(1, 1 - difference));
  const runs = Array.from({ length: nB + 1 }, (_, kB) => [rows.first(kB), rows.last(kB)] as const);
  const ends = new Map<number, RowTerms>();
  const termsAt = (p: number) => {
    let terms = ends.get(p);
    if (terms === undefined) {
      work.terms -= nA + nB + 2;
      terms = rowTerms(runs, logFactorial, nA, nB, p, difference);
      ends.set(p, terms);
    }
    return terms;
  };
  const at = (p: number) => {
    const { logRow, logRun } = termsAt(p);
    let sum = 0;
    for (let kB = 0; kB <= nB; kB++) sum += Math.exp(logRow[kB]! + logRun[kB]!);
    return sum;
  };
  const cellBound = (p1: number, p2: number) => {
    const [end1, end2] = [termsAt(p1), termsAt(p2)];
    let sum = 0;
    for (let kB = 0; kB <= nB; kB++) {
      const peak = concaveTangentPeak(end1.logRow[kB]! + end1.logRun[kB]!, end1.slope[kB]!, p1, end2.logRow[kB]! + end2.logRun[kB]!, end2.slope[kB]!, p2);
      sum += Math.exp(peak ?? separateFactorsPeak(kB, nB, logFactorial, p1, p2, end1, end2));
    }
    return sum;
  };
  return concaveCellSupremum(from, to, at, cellBound, level, maxCells, work);
}

/** count·log(probability), 0 for a zero count (also at a zero probability). */
const weighted = (count: number, log: number) => (count === 0 ? 0 : count * log);
/** count/probability, 0 for a zero count. */
const ratio = (count: number, probability: number) => (count === 0 ? 0 : count / probability);

/** Every row's two log factors and the slope of their sum at p_B = p (a run's probability from X_A's suffix or prefix sums). */
function rowTerms(runs: ReadonlyArray<readonly [number, number]>, logFactorial: Float64Array, nA: number, nB: number, p: number, difference: number): RowTerms {
  const pA = clampProbability(p + difference);
  // (1 − p) − Δ₀ rather than 1 − p_A: near Δ₀ = 0 the latter rounds to 0 at p = 1.
  const qA = clampProbability(1 - p - difference);
  const [logPA, logQA, logP, logQ] = [Math.log(pA), Math.log(qA), Math.log(p), Math.log(1 - p)];
  const mass = new Float64Array(nA + 1);
  for (let kA = 0; kA <= nA; kA++) mass[kA] = Math.exp(logFactorial[nA]! - logFactorial[kA]! - logFactorial[nA - kA]! + weighted(kA, logPA) + weighted(nA - kA, logQA));
  // atLeast[k] = P(X_A ≥ k), atMost[k] = P(X_A ≤ k), each summed from its far end (small terms first).
  const atLeast = new Float64Array(nA + 2);
  for (let kA = nA; kA >= 0; kA--) atLeast[kA] = atLeast[kA + 1]! + mass[kA]!;
  const atMost = new Float64Array(nA + 1);
  for (let kA = 0; kA <= nA; kA++) atMost[kA] = (kA === 0 ? 0 : atMost[kA - 1]!) + mass[kA]!;
  const logRow = new Float64Array(nB + 1);
  const logRun = new Float64Array(nB + 1);
  const slope = new Float64Array(nB + 1);
  for (let kB = 0; kB <= nB; kB++) {
    const [first, last] = runs[kB]!;
    logRow[kB] = logFactorial[nB]! - logFactorial[kB]! - logFactorial[nB - kB]! + weighted(kB, logP) + weighted(nB - kB, logQ);
    const rowSlope = ratio(kB, p) - ratio(nB - kB, 1 - p);
    if (first > last) {
      [logRun[kB], slope[kB]] = [-Infinity, NaN];
    } else if (first <= 0 && last >= nA) {
      [logRun[kB], slope[kB]] = [0, rowSlope];
    } else if (first <= 0) {
      [logRun[kB], slope[kB]] = [Math.log(atMost[last]!), rowSlope - (mass[last]! * (nA - last)) / (qA * atMost[last]!)];
    } else if (last >= nA) {
      [logRun[kB], slope[kB]] = [Math.log(atLeast[first]!), rowSlope + (mass[first]! * first) / (pA * atLeast[first]!)];
    } else {
      throw new Error(`internal: row ${kB}'s run [${first}, ${last}] is not a tail of X_A`);
    }
  }
  return { logRow, logRun, slope };
}

/**
 * A row's log term bounded on [p₁, p₂] factor by factor, where neither end gives a tangent (both at a
 * zero probability): P(X_B = k_B) at its mode k_B/n_B clamped into the cell, the run's probability at
 * the larger of its two ends (a binomial tail is monotone in p).
 */
function separateFactorsPeak(kB: number, nB: number, logFactorial: Float64Array, p1: number, p2: number, end1: RowTerms, end2: RowTerms): number {
  const mode = Math.min(p2, Math.max(p1, kB / nB));
  const logRowPeak = logFactorial[nB]! - logFactorial[kB]! - logFactorial[nB - kB]! + weighted(kB, Math.log(mode)) + weighted(nB - kB, Math.log(1 - mode));
  return logRowPeak + Math.max(end1.logRun[kB]!, end2.logRun[kB]!);
}
