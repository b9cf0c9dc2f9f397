import { assertCounts } from './assert-counts';
import { assertDelta } from './assert-delta';
import { assertProbability } from './assert-probability';

/**
 * The arguments every balanced coverage grid takes: the class sizes, δ, the grid's pYes and pNo
 * values, and a progress callback (rows done and the total, for a worker's progress bar).
 */
export type CoverageGridArguments = [
  nYes: number,
  nNo: number,
  delta: number,
  pYesValues: readonly number[],
  pNoValues: readonly number[],
  onProgress?: (rowsDone: number, rows: number) => void,
];

/**
 * The validation policy of the balanced coverage grids: class sizes whole, ≥ 1 and at most
 * `maxClassSize` (each grid's own work ceiling), δ by `assertDelta`, and two arrays of probabilities.
 *
 * Errors: EmptyClassError for a class size 0; RangeError naming `nYes`, `nNo`, `delta`,
 * `pYesValues`/`pNoValues` or the offending element, e.g. "pNoValues[2] must be in [0, 1], got 1.5".
 *
 * @example assertCoverageGrid([20, 20, 0.05, [0.9], [0.8]], 60) // passes
 */
export function assertCoverageGrid([nYes, nNo, delta, pYesValues, pNoValues]: CoverageGridArguments, maxClassSize: number): void {
  assertCounts(nYes, 0, { n: 'nYes', k: 'nYes' });
  assertCounts(nNo, 0, { n: 'nNo', k: 'nNo' });
  for (const [name, size] of [['nYes', nYes], ['nNo', nNo]] as const) {
    if (size > maxClassSize) throw new RangeError(`${name} must be ≤ ${maxClassSize}, got ${size}`);
  }
  assertDelta(delta);
  for (const [name, values] of [['pYesValues', pYesValues], ['pNoValues', pNoValues]] as const) {
    if (!Array.isArray(values)) throw new RangeError(`${name} must be an array of probabilities, got ${String(values)}`);
  }
  pYesValues.forEach((p, index) => assertProbability(`pYesValues[${index}]`, p));
  pNoValues.forEach((p, index) => assertProbability(`pNoValues[${index}]`, p));
}
