import { assertObject } from './assert-object';
import { assertWholeNumber } from './assert-whole-number';
import { EmptyClassError } from './empty-class-error';

/**
 * Validates paired discordant counts {b, c, n}: whole numbers with n ≥ 1 and b + c ≤ n.
 *
 * Errors: RangeError naming the field with the caller's prefix, e.g. "b must be a whole number,
 * got 2.5", "yes.b + yes.c must be ≤ yes.n (10), got 12", "counts must be an object {b, c, n}";
 * EmptyClassError when n = 0 (no paired examples: the difference is undefined).
 *
 * @param name how the caller calls the object ('counts', 'yes', …); fields are prefixed with
 * `${name}.` unless `prefix` is false.
 * @example assertPairedCounts({ b: 10, c: 2, n: 100 }, 'counts', false) // passes
 */
export function assertPairedCounts(counts: unknown, name: string, prefix = true): asserts counts is { b: number; c: number; n: number } {
  assertObject(counts, name, '{b, c, n}');
  const { b, c, n } = counts as { b: number; c: number; n: number };
  const field = (key: string) => (prefix ? `${name}.${key}` : key);
  assertWholeNumber(b, field('b'));
  assertWholeNumber(c, field('c'));
  assertWholeNumber(n, field('n'));
  if (n === 0) throw new EmptyClassError(field('n'));
  if (b + c > n) throw new RangeError(`${field('b')} + ${field('c')} must be ≤ ${field('n')} (${n}), got ${b + c}`);
}
