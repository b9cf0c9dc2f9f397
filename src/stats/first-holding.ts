/**
 * The smallest whole k in [from, end) where a monotone predicate holds (false up to some k, true from
 * there on), or `end` when it never does.
 *
 * Method: bisection, about log₂(end − from) calls of `holds`; the midpoint is taken as
 * from + ⌊(end − from)/2⌋ so that it stays exact for whole numbers up to 2⁵³.
 *
 * Domain: whole from ≤ end; `holds` false-then-true on [from, end) (not checked). Internal step of
 * `exactCoverage` and `binomialChernoffRange`: not validated.
 *
 * @example firstHolding(0, 10, (k) => k * k >= 20) // 5
 */
export function firstHolding(from: number, end: number, holds: (k: number) => boolean): number {
  let low = from;
  let high = end;
  while (low < high) {
    const middle = low + Math.floor((high - low) / 2);
    if (holds(middle)) high = middle;
    else low = middle + 1;
  }
  return low;
}
