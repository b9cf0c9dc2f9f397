import { assertObject } from './assert-object';
import { assertProbability } from './assert-probability';
import { binomialPmfRow } from './binomial-pmf-row';
import { proportionIntervalTable, type ProportionIntervalTable } from './proportion-interval-table';
import type { ProportionMethod } from './types';

/**
 * The exact coverage probability of a method's two-sided 1 − δ interval at each true proportion p
 * in `ps`: C(p) = Σₖ f(k; n, p)·[lower(k) ≤ p ≤ upper(k)], summed over k = 0..n with the binomial
 * probabilities f (no simulation). The intervals for every k are computed once (or passed in as a
 * `ProportionIntervalTable` from `proportionIntervalTable`), so the cost is n + 1 intervals plus
 * O(n) per p: N = 1,000 at 500 values of p takes a few milliseconds per method. n is capped at
 * 10,000 by the table; `exactCoverage` gives single points at any n.
 *
 * Reference: Brown, Cai & DasGupta (2001), "Interval estimation for a binomial proportion",
 * Statistical Science 16(2), §2 (coverage as a function of p, their Figures 1–5); R's binom.plot.
 * Domain: method a `ProportionMethod`, 1 ≤ n ≤ 10,000 whole, 1e-300 ≤ δ < 1, ps an array of
 * values in [0, 1]. Errors: RangeError naming `method`, `n`, `delta`, `ps`, `ps[i]` or `table`
 * (not a table, or one for other settings); EmptyClassError for n = 0.
 *
 * @example coverageCurve('wald', 10, 0.05, [0.01, 0.5]) // [0.0955…, 0.8906…]
 */
export function coverageCurve(
  method: ProportionMethod,
  n: number,
  delta: number,
  ps: readonly number[],
  table?: ProportionIntervalTable,
): number[] {
  if (table === undefined) table = proportionIntervalTable(method, n, delta);
  assertObject(table, 'table', '{method, n, delta, lower, upper} (from proportionIntervalTable)');
  if (!(table.lower instanceof Float64Array && table.upper instanceof Float64Array)) {
    throw new RangeError('table must come from proportionIntervalTable (Float64Array lower and upper)');
  }
  if (table.method !== method || table.n !== n || table.delta !== delta) {
    throw new RangeError(`table is for (${table.method}, ${table.n}, ${table.delta}), not (${method}, ${n}, ${delta})`);
  }
  if (!Array.isArray(ps)) throw new RangeError(`ps must be an array of probabilities, got ${String(ps)}`);
  ps.forEach((p, index) => assertProbability(`ps[${index}]`, p));
  const { lower, upper } = table;
  return ps.map((p) => {
    const pmf = binomialPmfRow(n, p);
    let coverage = 0;
    for (let k = 0; k <= n; k++) {
      if (lower[k]! <= p && p <= upper[k]!) coverage += pmf[k]!;
    }
    return Math.min(coverage, 1);
  });
}
