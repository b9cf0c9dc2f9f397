import { incompleteBetaCentral } from './incomplete-beta-central';
import { incompleteBetaSmallShape } from './incomplete-beta-small-shape';
import { integerShapeTail } from './integer-shape-tail';
import { logBetaPrefactor } from './log-beta-prefactor';

/** Both tails of the regularized incomplete beta and the beta density at one point. */
export interface IncompleteBetaValues {
  /** I_x(a, b) = P[X ≤ x] for X ~ Beta(a, b). */
  cdf: number;
  /** 1 − I_x(a, b), computed without cancellation when it is the small tail. */
  sf: number;
  /** The Beta(a, b) density at x. */
  density: number;
}

const TINY = 1e-300;
const TOLERANCE = Number.EPSILON;
const MAX_TERMS = 10_000_000;
/** From these shapes on, x within this many standard deviations of the mean goes to `incompleteBetaCentral`. */
const CENTRAL_SHAPE = 1e5;
const CENTRAL_SPREADS = 10;
/** From this shape on, a whole other shape ≤ 1,000 takes its tail from the finite sum (`integerShapeTail`). */
const HUGE_SHAPE = 1e4;

/**
 * The regularized incomplete beta I_x(a, b) and its complement, each to full relative precision:
 * the smaller tail comes from the continued fraction
 * I_x(a, b) = xᵃ yᵇ / (a·B(a, b)) · 1/(1+ d₁/(1+ d₂/(1+ …))),
 * d₂ₘ₊₁ = −(a+m)(a+b+m)x / ((a+2m)(a+2m+1)), d₂ₘ = m(b−m)x / ((a+2m−1)(a+2m)),
 * evaluated by the modified Lentz method where it converges fast (x < (a+1)/(a+b+2)), else through
 * I_x(a, b) = 1 − I_y(b, a). The other tail is 1 minus it. Terms needed grow like √max(a, b).
 * Near the fraction's convergence boundary x ≈ a/(a + b) each term costs ~1e-15 of accuracy, so for
 * shapes ≥ 10⁵ within 10 standard deviations of the mean `incompleteBetaCentral` integrates the
 * density instead (~1e-15 at any size, where the fraction drifted to 2e-9 at 10¹⁴ trials). And
 * where a shape below 1 puts over 0.9 of the mass on the fraction's side, the other (small) tail
 * comes from `incompleteBetaSmallShape`, never from 1 minus the large one. With one shape a whole
 * number ≤ 1,000 and the other ≥ 10⁴, the small tail is the finite sum `integerShapeTail`.
 *
 * Reference: Press et al., Numerical Recipes (3rd ed., 2007), §6.4; Lentz (1976) / Thompson &
 * Barnett (1986) for the evaluation. Domain: 0 < x < 1 with y = 1 − x given exactly by the caller
 * (so a tiny y keeps its digits), a, b > 0. Internal: not validated.
 * Accuracy: ~1e-14 relative on the smaller tail; past the switch point the fraction runs on 1 − x,
 * so when x is the precise variable and 1 − x is rounded, up to max(a, b)·ε relative more — except
 * for a whole shape ≤ 1,000 beside one ≥ 10⁴ (the binomial's few errors in many tests), summed term by
 * term (to ~1e-11 relative at the worst).
 *
 * @example incompleteBeta(0.2, 0.8, 21, 80).sf // = P[Bin(100, 0.8) ≤ 80] ≈ 0.5398
 */
export function incompleteBeta(x: number, y: number, a: number, b: number): IncompleteBetaValues {
  // The fraction runs on the side where it converges fast; `tail` is that side's probability.
  const direct = x * (a + b + 2) < a + 1;
  const logPrefactor = direct ? logBetaPrefactor(x, y, a, b) : logBetaPrefactor(y, x, b, a);
  const density = Math.exp(logPrefactor + Math.log(direct ? a : b) - Math.log(x) - Math.log(y));
  // One small whole shape and one huge: the finite sum keeps the small tail's digits where the fraction,
  // running on a rounded 1 − x, loses up to max(a, b)·ε of them.
  if (Math.max(a, b) >= HUGE_SHAPE) {
    const upper = integerShapeTail(x, y, a, b); // P[X > x]
    if (upper !== undefined && upper <= 0.5) return { cdf: 1 - upper, sf: upper, density };
    const lower = integerShapeTail(y, x, b, a); // P[1 − X > y] = P[X < x]
    if (lower !== undefined && lower <= 0.5) return { cdf: lower, sf: 1 - lower, density };
  }
  if (Math.min(a, b) >= CENTRAL_SHAPE && Math.abs(x * (a + b) - a) < CENTRAL_SPREADS * Math.sqrt(x * y * (a + b))) {
    return { ...incompleteBetaCentral(x, y, a, b, density), density };
  }
  const tail = Math.exp(logPrefactor) * (direct ? continuedFraction(x, a, b) : continuedFraction(y, b, a));
  // A shape below 1 can pile the mass at one end: then the fraction's side holds nearly all of it,
  // and the other, small tail is integrated directly rather than taken as 1 minus it.
  if (tail > 0.9 && (direct ? a : b) < 1) {
    const small = direct
      ? incompleteBetaSmallShape(x < 0.5 ? -Math.log1p(-x) : -Math.log(y), a, b)
      : incompleteBetaSmallShape(y < 0.5 ? -Math.log1p(-y) : -Math.log(x), b, a);
    return direct ? { cdf: 1 - small, sf: small, density } : { cdf: small, sf: 1 - small, density };
  }
  return direct ? { cdf: tail, sf: 1 - tail, density } : { cdf: 1 - tail, sf: tail, density };
}

function continuedFraction(x: number, a: number, b: number): number {
  const sum = a + b;
  let c = 1;
  let d = 1 / nonZero(1 - (sum * x) / (a + 1));
  let fraction = d;
  for (let m = 1; m <= MAX_TERMS; m++) {
    const twoM = 2 * m;
    const even = (m * (b - m) * x) / ((a + twoM - 1) * (a + twoM));
    d = 1 / nonZero(1 + even * d);
    c = nonZero(1 + even / c);
    const evenStep = d * c;
    fraction *= evenStep;
    const odd = (-(a + m) * (sum + m) * x) / ((a + twoM) * (a + twoM + 1));
    d = 1 / nonZero(1 + odd * d);
    c = nonZero(1 + odd / c);
    const step = d * c;
    fraction *= step;
    // Written so that a NaN also stops the loop: it can only come from a caller's bug, and must not spin.
    if (!(Math.abs(step - 1) > TOLERANCE || Math.abs(evenStep - 1) > TOLERANCE)) return fraction;
  }
  return fraction;
}

function nonZero(value: number): number {
  return Math.abs(value) < TINY ? TINY : value;
}
