import { assertObject } from './assert-object';
import { assertWholeNumber } from './assert-whole-number';
import type { ConfusionMatrix } from './types';

const CELLS = ['tp', 'fn', 'tn', 'fp'] as const;

/**
 * Validates a confusion matrix {tp, fn, tn, fp}: each cell a whole number ≥ 0 (safe integer).
 * Empty classes are allowed here — a posterior with no examples of a class is its flat prior.
 *
 * Errors: a `RangeError` naming the cell and its value, in the wording of `assertCounts`, e.g.
 * "fp must not be negative, got -1", "tp must be a whole number, got 2.5"; "matrix must be an object
 * {tp, fn, tn, fp}, got null" when it is not an object.
 *
 * @example assertConfusionMatrix({ tp: 41, fn: 4, tn: 3, fp: 7 }) // passes
 */
export function assertConfusionMatrix(matrix: ConfusionMatrix): void {
  assertObject(matrix, 'matrix', '{tp, fn, tn, fp}');
  for (const cell of CELLS) {
    assertWholeNumber(matrix[cell], cell);
  }
}
