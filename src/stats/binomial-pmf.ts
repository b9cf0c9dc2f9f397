import { assertCounts } from './assert-counts';
import { assertProbability } from './assert-probability';
import { logBinomialTerm } from './log-binomial-term';

/**
 * The binomial probability mass f(k; n, p) = C(n, k) pᵏ (1 − p)^(n−k), in Loader's saddle-point
 * form: accurate in relative terms deep into both tails (no underflow to 0 while a double can
 * hold the value) and for n up to 1e15.
 *
 * Reference: Loader (2000), "Fast and accurate computation of binomial probabilities".
 * Domain: n ≥ 1 and 0 ≤ k ≤ n whole numbers, 0 ≤ p ≤ 1.
 * Errors: the counts policy of `assertCounts` (RangeError naming n or k; EmptyClassError for n = 0),
 * RangeError for p ∉ [0, 1].
 *
 * @example binomialPmf(80, 100, 0.8) // ≈ 0.0993
 */
export function binomialPmf(k: number, n: number, p: number): number {
  assertCounts(n, k);
  assertProbability('p', p);
  return Math.exp(logBinomialTerm(k, n - k, p, 1 - p));
}
