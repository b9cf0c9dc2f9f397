/**
 * An upper bound on the Binomial(n, p) probability of k, whatever p: f(k; n, p) ≤ f(k; n, k/n) ≤
 * √(n / (2πk(n − k))), from Stirling's formula with Robbins' remainders (the remainders' net
 * factor, exp(1/(12n) − 1/(12k + 1) − 1/(12(n − k) + 1)), is below 1). 1 at k = 0 or n, and never
 * above 1. A factor 1 + 1e-12 covers rounding.
 *
 * Reference: Robbins (1955), "A remark on Stirling's formula", Amer. Math. Monthly 62, 26–29.
 * Domain: n ≥ 1 whole, 0 ≤ k ≤ n whole. Internal: not validated.
 *
 * @example binomialModeBound(100, 50) // ≈ 0.0798 (f(50; 100, ½) ≈ 0.0796)
 */
export function binomialModeBound(n: number, k: number): number {
  if (k <= 0 || k >= n) return 1;
  return Math.min(1, Math.sqrt(n / (2 * Math.PI * k * (n - k))) * (1 + 1e-12));
}
