import { binomialPmfRow } from './binomial-pmf-row';
import type { DetectorCounts, DifferenceInterval } from './comparison-types';
import type { ClassCounts } from './types';

/** Every outcome's interval of an unpaired difference: table[k_A][k_B] at n_A, n_B. */
export function differenceTable(nA: number, nB: number, intervalAt: (kA: number, kB: number) => DifferenceInterval): DifferenceInterval[][] {
  return Array.from({ length: nA + 1 }, (_, kA) => Array.from({ length: nB + 1 }, (_, kB) => intervalAt(kA, kB)));
}

/** Exact coverage at (p_A, p_B): Σ Bin(k_A)·Bin(k_B)·1[lower ≤ p_A − p_B ≤ upper], every outcome summed. */
export function differenceCoverage(table: DifferenceInterval[][], nA: number, nB: number, pA: number, pB: number): number {
  const rowA = binomialPmfRow(nA, pA);
  const rowB = binomialPmfRow(nB, pB);
  const difference = pA - pB;
  let sum = 0;
  for (let kA = 0; kA <= nA; kA++) {
    for (let kB = 0; kB <= nB; kB++) {
      const { lower, upper } = table[kA]![kB]!;
      if (lower <= difference && difference <= upper) sum += rowA[kA]! * rowB[kB]!;
    }
  }
  return sum;
}

/**
 * The smallest exact coverage over a 41 × 41 (p_A, p_B) grid and, for every interval end, 11 points
 * of the line p_A − p_B = end ∓ 1e-9 just outside it (where coverage drops).
 */
export function worstDifferenceCoverage(table: DifferenceInterval[][], nA: number, nB: number): number {
  let worst = 1;
  for (let i = 0; i <= 40; i++) for (let j = 0; j <= 40; j++) worst = Math.min(worst, differenceCoverage(table, nA, nB, i / 40, j / 40));
  const ends = new Set<number>();
  for (const row of table) for (const { lower, upper } of row) ends.add(lower - 1e-9).add(upper + 1e-9);
  for (const end of ends) {
    if (Math.abs(end) >= 1) continue;
    for (let k = 0; k <= 10; k++) {
      const pB = Math.min(1, Math.max(0, -end) + ((1 - Math.abs(end)) * k) / 10);
      worst = Math.min(worst, differenceCoverage(table, nA, nB, Math.min(1, Math.max(0, pB + end)), pB));
    }
  }
  return worst;
}

/**
 * The smallest exact coverage of an unpaired balanced difference interval over four independent
 * classes of `sizes` [A yes, A no, B yes, B no]: every outcome's interval (`intervalAt`), summed at
 * each point of a (divisions + 1)⁴ grid of accuracies, and next to interval ends (A's YES accuracy
 * moved so that the true difference sits 1e-9 outside an end, at every 7th outcome).
 */
export function worstBalancedDifferenceCoverage(
  sizes: [number, number, number, number],
  delta: number,
  divisions: number,
  intervalAt: (a: DetectorCounts, b: DetectorCounts, delta: number) => DifferenceInterval,
): number {
  const [ay, an, by, bn] = sizes;
  const intervals: Array<{ lower: number; upper: number; cell: [number, number, number, number] }> = [];
  for (let i = 0; i <= ay; i++) for (let j = 0; j <= an; j++) for (let k = 0; k <= by; k++) for (let l = 0; l <= bn; l++) {
    const a: DetectorCounts = { yes: { correct: i, total: ay }, no: { correct: j, total: an } };
    const b: DetectorCounts = { yes: { correct: k, total: by }, no: { correct: l, total: bn } };
    intervals.push({ ...intervalAt(a, b, delta), cell: [i, j, k, l] });
  }
  const grid = Array.from({ length: divisions + 1 }, (_, index) => index / divisions);
  let worst = 1;
  const check = (p: [number, number, number, number]) => {
    const rows = p.map((value, index) => binomialPmfRow(sizes[index]!, value));
    const target = (p[0] + p[1] - p[2] - p[3]) / 2;
    let sum = 0;
    for (const { lower, upper, cell } of intervals) {
      if (lower <= target && target <= upper) sum += rows[0]![cell[0]]! * rows[1]![cell[1]]! * rows[2]![cell[2]]! * rows[3]![cell[3]]!;
    }
    worst = Math.min(worst, sum);
  };
  for (const q of grid) for (const r of grid) for (const s of grid) for (const t of grid) check([q, r, s, t]);
  for (let index = 0; index < intervals.length; index += 7) {
    for (const end of [intervals[index]!.lower - 1e-9, intervals[index]!.upper + 1e-9]) {
      for (const r of [0, 0.5, 1]) for (const s of [0, 0.5, 1]) for (const t of [0, 0.5, 1]) {
        const q = 2 * end - r + s + t;
        if (q >= 0 && q <= 1) check([q, r, s, t]);
      }
    }
  }
  return worst;
}

/** The smallest exact coverage (`worstDifferenceCoverage`) of an unpaired difference interval over every pair of sizes n_A, n_B from `sizes`, at δ. */
export function worstDifferenceCoverageOver(sizes: readonly number[], delta: number, intervalAt: (a: ClassCounts, b: ClassCounts, delta: number) => DifferenceInterval): number {
  let worst = 1;
  for (const nA of sizes) {
    for (const nB of sizes) {
      const table = differenceTable(nA, nB, (kA, kB) => intervalAt({ correct: kA, total: nA }, { correct: kB, total: nB }, delta));
      worst = Math.min(worst, worstDifferenceCoverage(table, nA, nB));
    }
  }
  return worst;
}
