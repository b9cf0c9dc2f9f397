import { mixtureLogRatio, type MixturePrior } from './mixture-log-ratio';

/** Relative width at which the root search stops: the bound is then known to 1e-12 of its distance from the edge. */
export const BOUNDARY_TOLERANCE = 1e-12;

/**
 * One end of a beta-binomial mixture confidence sequence: the root of ln Mₙ(p) = ln(1/δ) between
 * p̂ = k/n (where ln Mₙ ≤ 0 < ln(1/δ)) and the edge (0 for the lower end, 1 for the upper; ln Mₙ = +∞
 * there unless k/n is that edge). With a fixed mixture
 * ln Mₙ is convex in p, so the root is unique on each side (for the p-centred tuned mixture the exact
 * check over every path, `sequentialMissProbability`, confirms the sequence's validity). Rounded outward: the search is for the root of
 * ln Mₙ(p) − slack = ln(1/δ) (a p counts as excluded only if it is even with ln Mₙ lowered by the slack), where slack = 1e-12·(n + 1) exceeds the rounding error of the log-beta
 * differences, and it returns the excluded end of the final bracket — so the bound is never inside
 * the true boundary. The search stops when the bracket is narrower than 1e-12 of the bound's distance
 * from the edge (or cannot be halved in doubles).
 *
 * Reference: Howard, Ramdas, McAuliffe & Sekhon (2021), §3 (mixture boundaries, inverted numerically);
 * Dowell & Jarratt (1971), BIT 11, 168–174 (the Illinois method).
 * Domain: 0 ≤ k ≤ n, 0 < threshold; `prior(p)` the mixture for the tested p. Internal: not validated.
 *
 * @example mixtureBoundary('lower', 90, 100, () => ({ a: 1, b: 1 }), Math.log(20)) // ≈ 0.77173
 */
export function mixtureBoundary(
  side: 'lower' | 'upper',
  successes: number,
  trials: number,
  prior: (p: number) => MixturePrior,
  logThreshold: number,
): number {
  const estimate = successes / trials;
  const edge = side === 'lower' ? 0 : 1;
  if (estimate === edge) return edge;
  const slack = 1e-12 * (trials + 1);
  // g ≥ 0: excluded even if ln Mₙ is off by the slack; g < 0: not surely excluded. g(edge) = +∞: bisect until finite.
  const g = (p: number) => mixtureLogRatio(p, successes, trials, prior(p)) - slack - logThreshold;
  let outside = edge;
  let gOutside = Infinity;
  let inside = estimate;
  let gInside = g(inside);
  let keptSide: 'outside' | 'inside' | null = null;
  for (let step = 0; step < 400; step++) {
    const width = Math.abs(inside - outside);
    if (width <= BOUNDARY_TOLERANCE * Math.abs(outside - edge)) break;
    // Illinois step (regula falsi, halving the value of an end kept twice in a row); bisection while g(outside) = ∞.
    let next = Number.isFinite(gOutside) ? outside + (gOutside / (gOutside - gInside)) * (inside - outside) : outside + (inside - outside) / 2;
    // Never let a secant step stall at an end.
    const least = width * 1e-3;
    if (!(Math.abs(next - outside) >= least)) next = outside + Math.sign(inside - outside) * least;
    if (!(Math.abs(inside - next) >= least)) next = inside - Math.sign(inside - outside) * least;
    if (next === outside || next === inside) break;
    const gNext = g(next);
    if (gNext >= 0) {
      outside = next;
      gOutside = gNext;
      if (keptSide === 'inside') gInside /= 2;
      keptSide = 'inside';
    } else {
      inside = next;
      gInside = gNext;
      if (keptSide === 'outside') gOutside /= 2;
      keptSide = 'outside';
    }
  }
  return outside;
}
