/**
 * Where the bounds after k successes in t trials sit in a `sequentialBoundTable` (row t holds
 * k = 0 … t, rows from t = 1): (t − 1)(t + 2)/2 + k. Internal: not validated.
 *
 * @example tableIndex(2, 0) // 2 (row 1 holds k = 0, 1)
 */
export function tableIndex(trials: number, successes: number): number {
  return ((trials - 1) * (trials + 2)) / 2 + successes;
}
