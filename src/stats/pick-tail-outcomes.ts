/**
 * The outcomes at least as extreme as the observed one under an ordering statistic: of the outcome
 * columns (the same length each: e.g. log coefficients and the counts), the entries whose statistic
 * is ≥ observed (upper tail) or ≤ observed (lower tail), ties included — with a slack of
 * 1e-9·max(1, |observed|) so that rounding never drops a tie (a larger set only widens the
 * interval it serves). Returned as views of fresh columns, in the order given.
 *
 * Domain: columns of equal length, statisticAt defined on 0..length − 1 (±Infinity allowed).
 * Internal step of Chan–Zhang's exact unpaired score inversion (Tango's paired one takes its tails row by
 * row, `tangoTailRows`): not validated.
 *
 * @example pickTailOutcomes([Float64Array.of(10, 20, 30)], (i) => i, 1, true) // [Float64Array [20, 30]]
 */
export function pickTailOutcomes(columns: readonly Float64Array[], statisticAt: (index: number) => number, observed: number, upperTail: boolean): Float64Array[] {
  const slack = 1e-9 * Math.max(1, Number.isFinite(observed) ? Math.abs(observed) : 0);
  const size = columns[0]?.length ?? 0;
  const picked = columns.map(() => new Float64Array(size));
  let count = 0;
  for (let i = 0; i < size; i++) {
    const statistic = statisticAt(i);
    if (upperTail ? statistic >= observed - slack : statistic <= observed + slack) {
      for (let column = 0; column < columns.length; column++) picked[column]![count] = columns[column]![i]!;
      count++;
    }
  }
  return picked.map((column) => column.subarray(0, count));
}
