import { logGamma } from './log-gamma';

/**
 * ln B(a, b) = ln Γ(a) + ln Γ(b) − ln Γ(a + b), through the Lanczos `logGamma`.
 * For large arguments the three terms cancel: the absolute error grows like 1e-16 · (a + b) ln(a + b)
 * (about 1e-9 at a + b = 10⁵), which callers that compare against a threshold cover with a slack.
 *
 * Reference: Abramowitz & Stegun (1964), 6.2.2. Domain: a, b > 0, a + b ≤ ~1e9. Internal: not validated.
 *
 * @example logBeta(2, 3) // ln(1/12) ≈ −2.4849066497880004
 */
export function logBeta(a: number, b: number): number {
  return logGamma(a) + logGamma(b) - logGamma(a + b);
}
