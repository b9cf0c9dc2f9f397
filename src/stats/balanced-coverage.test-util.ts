import { binomialPmfRow } from './binomial-pmf-row';

// Exact coverage checks shared by the balanced intervals' tests (the inversion's and Buehler's).

/** Exact coverage at (p₊, p₋) of whichever interval `covers` picks from each outcome (indexed k₊(n₋ + 1) + k₋). */
export function coverageAt(nYes: number, nNo: number, pYes: number, pNo: number, covers: (cell: number, theta: number) => boolean): number {
  const yesRow = binomialPmfRow(nYes, pYes);
  const noRow = binomialPmfRow(nNo, pNo);
  const theta = (pYes + pNo) / 2;
  let total = 0;
  for (let kYes = 0; kYes <= nYes; kYes++) {
    let inner = 0;
    for (let kNo = 0; kNo <= nNo; kNo++) if (covers(kYes * (nNo + 1) + kNo, theta)) inner += noRow[kNo]!;
    total += yesRow[kYes]! * inner;
  }
  return total;
}

/** A 50 × 50 grid plus 7 points on each line θ = a bound ± 1e-9, where coverage is lowest. */
export function testPoints(ends: number[]): [number, number][] {
  const points: [number, number][] = [];
  const grid = Array.from({ length: 50 }, (_, index) => (index + 0.5) / 50);
  for (const pYes of grid) for (const pNo of grid) points.push([pYes, pNo]);
  for (const end of new Set(ends)) {
    for (const theta of [end - 1e-9, end + 1e-9]) {
      if (!(theta > 0 && theta < 1)) continue;
      const sLo = Math.max(0, 2 * theta - 1);
      const sHi = Math.min(1, 2 * theta);
      for (let index = 0; index <= 6; index++) {
        const pYes = sLo + ((sHi - sLo) * index) / 6;
        points.push([pYes, Math.min(1, Math.max(0, 2 * theta - pYes))]);
      }
    }
  }
  return points;
}
