import { assertWholeNumber } from './assert-whole-number';

/**
 * Validates a K × K confusion matrix (rows = true class, columns = the detector's answer): an array
 * of K ≥ 1 rows, each an array of K whole numbers ≥ 0, with every total (a row's, a column's, the
 * whole matrix's) a safe integer. Empty rows are allowed here (the caller decides what an empty
 * class means); `assertConfusionMatrix` is the two-class {tp, fn, tn, fp} form.
 *
 * Errors: a `RangeError` naming the cell and its value, in the wording of `assertCounts`:
 * "matrix[1][2] must be a whole number, got 2.5", "matrix must be a non-empty array of rows, got
 * null", "matrix[0] must hold 3 counts (one per class), got 2", "matrix must hold at most
 * 9007199254740991 examples in all, got …".
 *
 * @example assertSquareConfusionMatrix([[50, 2, 1], [3, 40, 2], [0, 1, 30]]) // passes
 */
export function assertSquareConfusionMatrix(matrix: readonly (readonly number[])[]): void {
  if (!Array.isArray(matrix) || matrix.length === 0) {
    throw new RangeError(`matrix must be a non-empty array of rows, got ${Array.isArray(matrix) ? '[]' : String(matrix)}`);
  }
  const size = matrix.length;
  let total = 0;
  matrix.forEach((row: unknown, i) => {
    if (!Array.isArray(row) || row.length !== size) {
      throw new RangeError(`matrix[${i}] must hold ${size} counts (one per class), got ${Array.isArray(row) ? row.length : String(row)}`);
    }
    row.forEach((cell: number, j) => {
      assertWholeNumber(cell, `matrix[${i}][${j}]`);
      total += cell;
    });
  });
  // Every row and column total is at most the whole matrix's, so one check bounds them all.
  if (!Number.isSafeInteger(total)) throw new RangeError(`matrix must hold at most ${Number.MAX_SAFE_INTEGER} examples in all, got ${total}`);
}
