/** Nodes and weights of an n-point Gauss–Legendre rule on [−1, 1]: ∫ f ≈ Σ weights[i]·f(nodes[i]). */
export interface QuadratureRule {
  nodes: Float64Array;
  weights: Float64Array;
}

/**
 * The n-point Gauss–Legendre rule on [−1, 1], exact for polynomials of degree ≤ 2n − 1: nodes are
 * the roots of the Legendre polynomial Pₙ, found by Newton's method from Tricomi's first guess
 * cos(π(i − ¼)/(n + ½)), with Pₙ from the three-term recurrence
 * (j + 1)P_{j+1} = (2j + 1)x P_j − j P_{j−1}; weights wᵢ = 2 / ((1 − xᵢ²) Pₙ′(xᵢ)²).
 * Accurate to a few ulps for n up to several hundred.
 *
 * Reference: Abramowitz & Stegun 25.4.29; Press et al., Numerical Recipes (3rd ed.), §4.6 (gauleg).
 * Domain: n ≥ 1 whole. Internal: not validated.
 *
 * @example gaussLegendreRule(2).nodes // [−0.5773502691896257, 0.5773502691896257] (∓1/√3)
 */
export function gaussLegendreRule(n: number): QuadratureRule {
  const nodes = new Float64Array(n);
  const weights = new Float64Array(n);
  for (let i = 0; i < Math.ceil(n / 2); i++) {
    let x = Math.cos((Math.PI * (i + 0.75)) / (n + 0.5));
    let derivative = 0;
    for (let iteration = 0; iteration < 100; iteration++) {
      let current = 1;
      let previous = 0;
      for (let j = 0; j < n; j++) {
        const next = ((2 * j + 1) * x * current - j * previous) / (j + 1);
        previous = current;
        current = next;
      }
      derivative = (n * (x * current - previous)) / (x * x - 1);
      const step = current / derivative;
      x -= step;
      if (Math.abs(step) <= 1e-16) break;
    }
    nodes[i] = -x;
    nodes[n - 1 - i] = x;
    weights[i] = weights[n - 1 - i] = 2 / ((1 - x * x) * derivative * derivative);
  }
  return { nodes, weights };
}
