import { gaussLegendreRule } from './gauss-legendre-rule';
import { logBetaPrefactor } from './log-beta-prefactor';

const RULE = gaussLegendreRule(12);
/** Below this w, (1 − e^(−w))^(a−1) e^(−bw) = w^(a−1)·(1 + O(w)) is integrated in closed form. */
const CLOSED_FORM_REACH = 1e-17;
/** The integrand is followed until it is this small a share of the integral so far. */
const NEGLIGIBLE = 1e-19;

/**
 * The upper tail P[X > x] of X ~ Beta(a, b) for a small shape a (< 1), where it is the small tail
 * and 1 − I_x(a, b) would lose its digits (the mass sits near 0 and I_x(a, b) ≈ 1). With
 * w = −ln(1 − t) (w₀ = −ln(1 − x), passed by the caller from whichever of x, 1 − x is exact):
 *   P[X > x] = (1/B(a, b)) ∫_{w₀}^∞ (1 − e^(−w))^(a−1) e^(−bw) dw,
 * a smooth, decreasing integrand: below w = 1e-17/(b + 1) it is w^(a−1) to 17 digits and is
 * integrated in closed form (w₀^a·expm1(a ln(w₁/w₀))/a); above, by a 12-point Gauss–Legendre rule
 * on panels that double in width (the w^(a−1) scale) up to 2/b (the e^(−bw) scale), until the
 * integrand is 1e-19 of the sum; 1/B(a, b) from Loader's prefactor (`logInverseBeta`).
 *
 * Reference: Abramowitz & Stegun 6.2.1 (the integral) and 25.4.29 (the rule). Domain: 0 < a < 1,
 * b > 0, w₀ > 0. Internal: not validated.
 *
 * @example incompleteBetaSmallShape(-Math.log1p(-0.5), 0.001, 1) // = 1 − 0.5^0.001 ≈ 6.9291e-4
 */
export function incompleteBetaSmallShape(w0: number, a: number, b: number): number {
  const integrand = (w: number) => Math.exp((a - 1) * Math.log(-Math.expm1(-w)) - b * w);
  const reach = CLOSED_FORM_REACH / (b + 1);
  let integral = 0;
  let start = w0;
  if (start < reach) {
    integral = (Math.exp(a * Math.log(start)) * Math.expm1(a * Math.log(reach / start))) / a;
    start = reach;
  }
  const widest = 2 / b;
  for (let panel = 0; panel < 4000; panel++) {
    const width = Math.min(Math.max(start, reach), widest);
    const half = width / 2;
    let sum = 0;
    for (let node = 0; node < RULE.nodes.length; node++) sum += RULE.weights[node]! * integrand(start + half * (1 + RULE.nodes[node]!));
    integral += sum * half;
    start += width;
    if (integrand(start) * Math.max(start, widest) < NEGLIGIBLE * integral) break;
  }
  return Math.exp(Math.log(integral) + logInverseBeta(a, b));
}

/**
 * ln(1/B(a, b)) without the cancellation of ln Γ(b) − ln Γ(a + b) at large b: Loader's prefactor
 * ln(xᵃyᵇ/(a·B(a, b))) at a power of two x ≈ a/(a + b) (so y = 1 − x is exact), plus
 * ln a − a ln x − b ln y, each term of order one or less there.
 */
function logInverseBeta(a: number, b: number): number {
  const x = 2 ** -Math.min(1000, Math.max(1, Math.round(-Math.log2(a / (a + b)))));
  return logBetaPrefactor(x, 1 - x, a, b) + Math.log(a) - a * Math.log(x) - b * Math.log1p(-x);
}
