import { assertProbability } from './assert-probability';
import type { SequentialBoundTable } from './sequential-bound-table';
import { tableIndex } from './sequential-table-index';

/**
 * The exact probability that a sequence of intervals, looked at after every label, excludes the
 * true p at least once within its table's horizon N: P(∃ t ≤ N : p ∉ [lowerₜ(Kₜ), upperₜ(Kₜ)]),
 * Kₜ ~ the success count of t Bernoulli(p) labels. Dynamic programming over the distribution of Kₜ
 * among the paths that have not yet been excluded: start with mass 1 at K₀ = 0; each label moves
 * mass at k to k (× (1 − p)) and k + 1 (× p); then the mass at every k whose interval excludes p is
 * added to the miss probability and removed. O(N²) steps, no simulation. For a confidence sequence
 * this is ≤ δ for every p and N; for a fixed-n interval it grows with N (the cost of peeking).
 *
 * Reference: Armitage, McPherson & Rowe (1969), "Repeated significance tests on accumulating data",
 * J. R. Statist. Soc. A 132 (the exact recursion for the probability of ever rejecting).
 * Domain: 0 ≤ p ≤ 1; a table from `sequentialBoundTable`. Errors: RangeError naming p or table.
 *
 * @example sequentialMissProbability(0.9, sequentialBoundTable(500, 0.05)) // ≈ 0.0305 (≤ 0.05; Clopper–Pearson looked at after every label: ≈ 0.286)
 */
export function sequentialMissProbability(p: number, table: SequentialBoundTable): number {
  assertProbability('p', p);
  if (typeof table !== 'object' || table === null || !(table.lower instanceof Float64Array) || !(table.upper instanceof Float64Array)) {
    throw new RangeError(`table must be a sequentialBoundTable result, got ${String(table).slice(0, 40)}`);
  }
  const { horizon, lower, upper } = table;
  let mass = new Float64Array(horizon + 2);
  let next = new Float64Array(horizon + 2);
  mass[0] = 1;
  let missed = 0;
  for (let trials = 1; trials <= horizon; trials++) {
    next.fill(0);
    for (let successes = 0; successes < trials; successes++) {
      const here = mass[successes]!;
      if (here === 0) continue;
      next[successes]! += here * (1 - p);
      next[successes + 1]! += here * p;
    }
    for (let successes = 0; successes <= trials; successes++) {
      const index = tableIndex(trials, successes);
      if (next[successes]! > 0 && (p < lower[index]! || p > upper[index]!)) {
        missed += next[successes]!;
        next[successes] = 0;
      }
    }
    [mass, next] = [next, mass];
  }
  return Math.min(missed, 1);
}
