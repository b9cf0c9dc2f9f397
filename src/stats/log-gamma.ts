// Lanczos coefficients for g = 671/128, n = 14 (Press et al., Numerical Recipes 3rd ed., §6.1).
const COEFFICIENTS = [
  57.15623566586292, -59.59796035547549, 14.136097974741746, -0.4919138160976202,
  3.399464998481189e-05, 4.652362892704858e-05, -9.837447530487956e-05, 0.0001580887032249125,
  -0.00021026444172410488, 0.00021743961811521265, -0.0001643181065367639, 8.441822398385275e-05,
  -2.6190838401581408e-05, 3.6899182659531625e-06,
];
const SQRT_TWO_PI = 2.5066282746310007;

/**
 * ln Γ(x) for x > 0, by the Lanczos approximation
 * ln Γ(x) = (x + ½) ln(x + g − ½) − (x + g − ½) + ln(√(2π) · S(x) / x), with g = 671/128.
 *
 * Reference: Press, Teukolsky, Vetterling & Flannery, Numerical Recipes (3rd ed., 2007), §6.1.
 * Domain: x > 0; absolute error below ~2e-15 for x ≤ 1e6 (used here only for small arguments:
 * larger ones go through the Stirling series in `stirlingError`). Not validated (internal).
 *
 * @example logGamma(5) // ≈ ln 24 = 3.1780538303479458
 */
export function logGamma(x: number): number {
  let denominator = x;
  let series = 0.9999999999999971;
  for (const coefficient of COEFFICIENTS) series += coefficient / ++denominator;
  const shifted = x + 5.2421875;
  return (x + 0.5) * Math.log(shifted) - shifted + Math.log((SQRT_TWO_PI * series) / x);
}
