import { binomialPmfRow } from './binomial-pmf-row';
import type { BinomialWindow } from './stopping-count-grid';

/**
 * The binomial row f(k; n, p) without its outer tails: each tail dropped holds ≤ `tailMass`, so the
 * window keeps ≥ 1 − 2·tailMass of the probability (`kept` is the exact sum kept). A batch of 600 labels at
 * 92% spans ~120 counts instead of 601, which is what makes each step of the stopping DP cheap.
 * Reference: `binomialPmfRow`. Domain: n ≥ 0 whole, 0 ≤ p ≤ 1, tailMass ≥ 0. Internal: not validated.
 *
 * @example binomialTailWindow(2, 0.5, 0.3) // { from: 1, row: [0.5], kept: 0.5 }
 */
export function binomialTailWindow(trials: number, p: number, tailMass: number): BinomialWindow & { kept: number } {
  const row = trials === 0 ? new Float64Array([1]) : binomialPmfRow(trials, p);
  let first = 0;
  let dropped = 0;
  while (first < trials && dropped + row[first]! <= tailMass) dropped += row[first++]!;
  let last = trials;
  dropped = 0;
  while (last > first && dropped + row[last]! <= tailMass) dropped += row[last--]!;
  const window = row.slice(first, last + 1);
  let kept = 0;
  for (const value of window) kept += value;
  return { from: first, row: window, kept };
}
