import { assertCounts } from './assert-counts';
import { assertDelta } from './assert-delta';
import { assertObject } from './assert-object';
import type { ClassCounts } from './types';

/** The largest class size of the inverted interval: the ordering n₋k₊ + n₊k₋ stays an exact integer and the rows fit in memory. */
export const MAX_INVERSION_CLASS_SIZE = 10_000_000;

/**
 * Validates `{ yes, no }` and δ for the inverted balanced interval and returns the ordering
 * statistic t = n₋k₊ + n₊k₋ (= 2n₊n₋ × the balanced estimate, an exact integer), its maximum
 * 2n₊n₋ and the estimate. Errors: RangeError naming the field (`yes.total`, `no.correct`, `delta`,
 * `counts must be an object {yes, no}`), EmptyClassError for a class with no examples, RangeError
 * for a class larger than 10⁷. Internal.
 *
 * @example balancedInversionCounts({ yes: { correct: 1, total: 2 }, no: { correct: 3, total: 4 } }, 0.05) // { nYes: 2, nNo: 4, t: 10, tMax: 16, estimate: 0.625 }
 */
export function balancedInversionCounts(
  counts: { yes: ClassCounts; no: ClassCounts },
  delta: number,
): { nYes: number; nNo: number; t: number; tMax: number; estimate: number } {
  assertObject(counts, 'counts', '{yes, no}');
  for (const name of ['yes', 'no'] as const) {
    const value: ClassCounts = counts[name];
    assertObject(value, name, '{correct, total}');
    assertCounts(value.total, value.correct, { n: `${name}.total`, k: `${name}.correct` });
    if (value.total > MAX_INVERSION_CLASS_SIZE) {
      throw new RangeError(`${name}.total must be ≤ ${MAX_INVERSION_CLASS_SIZE}, got ${value.total}`);
    }
  }
  assertDelta(delta);
  const nYes = counts.yes.total;
  const nNo = counts.no.total;
  const t = counts.yes.correct * nNo + counts.no.correct * nYes;
  const tMax = 2 * nYes * nNo;
  return { nYes, nNo, t, tMax, estimate: Math.min(1, (counts.yes.correct / nYes + counts.no.correct / nNo) / 2) };
}
