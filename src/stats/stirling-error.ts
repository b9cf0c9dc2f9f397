import { logGamma } from './log-gamma';

const HALF_LOG_TWO_PI = 0.9189385332046728; // ln √(2π)
const S0 = 1 / 12;
const S1 = 1 / 360;
const S2 = 1 / 1260;
const S3 = 1 / 1680;
const S4 = 1 / 1188;

/** δ at 0, ½, 1, …, 15 (index 2x), tabulated once: counts are mostly whole, and this is the hot path. */
const SMALL_HALF_INTEGERS = Array.from({ length: 31 }, (_, twice) => (twice === 0 ? Infinity : fromLogGamma(twice / 2)));

function fromLogGamma(x: number): number {
  return logGamma(x + 1) - (x + 0.5) * Math.log(x) + x - HALF_LOG_TWO_PI;
}

/**
 * The error of Stirling's formula, δ(x) = ln Γ(x + 1) − (x + ½) ln x + x − ln √(2π),
 * so that x! = √(2πx) (x/e)^x e^δ(x).
 *
 * For x > 15 the asymptotic series δ(x) = 1/(12x) − 1/(360x³) + 1/(1260x⁵) − 1/(1680x⁷) + 1/(1188x⁹)
 * (error < 1e-16); for smaller x the definition through `logGamma` (tabulated at
 * half-integers).
 * Reference: Loader (2000), "Fast and accurate computation of binomial probabilities", §2.
 * Domain: x > 0 (real). Internal: not validated.
 *
 * @example stirlingError(1) // ≈ 0.0810614667953272 (= 1 − ln √(2π))
 */
export function stirlingError(x: number): number {
  if (x <= 15) {
    const twice = 2 * x;
    return Number.isInteger(twice) ? SMALL_HALF_INTEGERS[twice]! : fromLogGamma(x);
  }
  const inverseSquare = 1 / (x * x);
  return (S0 - (S1 - (S2 - (S3 - S4 * inverseSquare) * inverseSquare) * inverseSquare) * inverseSquare) / x;
}
