import { assertWholeNumber } from './assert-whole-number';
import { EmptyClassError } from './empty-class-error';

/**
 * The one validation policy for counts (every function that takes n and k calls this):
 * n must be a whole number ≥ 1 and k a whole number with 0 ≤ k ≤ n. Finite and safe integers only.
 *
 * Errors: `EmptyClassError` (a RangeError) when n = 0; otherwise a `RangeError` whose message names
 * the argument and the value it got, e.g. "k must be ≤ n (100), got 101".
 *
 * @param names how the caller calls n and k in its own API, e.g. `{ n: 'yes.total', k: 'yes.correct' }`
 * @example assertCounts(100, 80) // passes; assertCounts(100, 80.5) throws "k must be a whole number, got 80.5"
 */
export function assertCounts(n: number, k: number, names: { n: string; k: string } = { n: 'n', k: 'k' }): void {
  assertWholeNumber(n, names.n);
  assertWholeNumber(k, names.k);
  if (n === 0) throw new EmptyClassError(names.n);
  if (k > n) throw new RangeError(`${names.k} must be ≤ ${names.n} (${n}), got ${k}`);
}

