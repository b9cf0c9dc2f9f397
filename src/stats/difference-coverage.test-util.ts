import { binomialPmfRow } from './binomial-pmf-row';
import type { DifferenceInterval } from './comparison-types';

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
