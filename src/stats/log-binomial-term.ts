import { devianceTerm } from './deviance-term';
import { stirlingError } from './stirling-error';

const LOG_TWO_PI = 1.8378770664093456;

/**
 * ln of the binomial term C(x + y, x) pᵡ q^y for real counts x, y ≥ 0 and p + q = 1, in Loader's
 * saddle-point form, accurate in relative terms far into the tails and for counts up to 1e15:
 * ln C(n, x) pᵡ q^y = δ(n) − δ(x) − δ(y) − D(x, np) − D(y, nq) − ½ ln(2π x y / n), n = x + y,
 * with δ the Stirling error and D the deviance term.
 *
 * Passing x and y (rather than n) keeps n − x exact for the non-integer counts of beta densities.
 * Reference: Loader (2000), "Fast and accurate computation of binomial probabilities" (dbinom_raw).
 * Domain: x, y ≥ 0 real, 0 ≤ p ≤ 1, q = 1 − p supplied by the caller (to keep it exact).
 * Internal: not validated. Returns −Infinity for impossible outcomes.
 *
 * @example Math.exp(logBinomialTerm(80, 20, 0.8, 0.2)) // ≈ 0.0993 = P[X = 80], X ~ Bin(100, 0.8)
 */
export function logBinomialTerm(x: number, y: number, p: number, q: number): number {
  const n = x + y;
  if (p === 0) return x === 0 ? 0 : -Infinity;
  if (q === 0) return y === 0 ? 0 : -Infinity;
  if (x === 0) return y === 0 ? 0 : p < 0.1 ? -devianceTerm(n, n * q) - n * p : n * Math.log(q);
  if (y === 0) return q < 0.1 ? -devianceTerm(n, n * p) - n * q : n * Math.log(p);
  const stirling = stirlingError(n) - stirlingError(x) - stirlingError(y);
  const deviance = devianceTerm(x, n * p) + devianceTerm(y, n * q);
  return stirling - deviance - 0.5 * (LOG_TWO_PI + Math.log(x) + Math.log(y / n));
}
