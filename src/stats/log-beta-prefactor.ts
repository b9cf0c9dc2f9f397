import { logBinomialTerm } from './log-binomial-term';
import { logGamma } from './log-gamma';

/**
 * ln of the incomplete-beta prefactor xᵃ yᵇ / (a·B(a, b)), with y = 1 − x supplied by the caller.
 * Written as a binomial term so that Loader's saddle-point form keeps it accurate when a and b are
 * huge (no cancellation between a ln x, b ln y and ln B(a, b)):
 * xᵃ yᵇ / (a·B(a, b)) = y · C(a + b − 1, a) xᵃ y^(b−1)            (b ≥ 1)
 *                     = (b/a) · x · C(a + b − 1, b) y^b x^(a−1)   (a ≥ 1)
 * and directly through ln Γ when both a, b < 1 (small, so no cancellation).
 *
 * Reference: Press et al., Numerical Recipes (3rd ed.), §6.4 (prefactor of the continued fraction);
 * Loader (2000) for the binomial term. Domain: 0 < x < 1, y = 1 − x, a, b > 0. Internal.
 *
 * @example Math.exp(logBetaPrefactor(0.5, 0.5, 1, 1)) // 0.25
 */
export function logBetaPrefactor(x: number, y: number, a: number, b: number): number {
  if (b >= 1) return Math.log(y) + logBinomialTerm(a, b - 1, x, y);
  if (a >= 1) return Math.log(b / a) + Math.log(x) + logBinomialTerm(b, a - 1, y, x);
  return a * Math.log(x) + b * Math.log(y) - Math.log(a) - (logGamma(a) + logGamma(b) - logGamma(a + b));
}
