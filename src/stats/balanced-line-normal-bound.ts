import { normalUpperTail } from './normal-upper-tail';

/** Shevtsova's (2010) Berry–Esseen constant for sums of independent, not identically distributed terms. */
const BERRY_ESSEEN_CONSTANT = 0.56;
/** Cells the line is cut into: each bounded in closed form, so more cells cost microseconds only. */
const CELLS = 256;

/**
 * A certified upper bound on φ(θ) = sup{P[T ≥ t] : (a + b)/2 = θ} for T = n_B·X_A + n_A·X_B
 * (or on the sup over the part of the line with `from` ≤ a ≤ `to`, cut into `cells` cells),
 * X_A ~ Binomial(n_A, a), X_B ~ Binomial(n_B, b), from the Berry–Esseen inequality, with no
 * probability evaluated. T is a sum of n_A + n_B independent terms (weights n_B and n_A), so
 *   P[T ≥ t] ≤ Q((t − μ)/σ) + C₀·ρ/σ³,   C₀ = 0.56 (Shevtsova 2010, independent terms),
 * with μ = n_A n_B (a + b) — the same at every point of the line, which is why the bound is sharp
 * there — σ² = n_B² n_A a(1 − a) + n_A² n_B b(1 − b) and ρ = Σ E|term − mean|³ =
 * n_B³ n_A g(a(1 − a)) + n_A³ n_B g(b(1 − b)), g(u) = u(1 − 2u) (increasing for u ≤ ¼).
 * The line is cut into cells; on each, σ² (a concave quadratic in a) is largest at its vertex
 * clamped to the cell and smallest at an end, and ρ is largest where a(1 − a) and b(1 − b) are,
 * so Q at the largest σ (t ≥ μ; the smallest if t < μ) plus C₀ρ_max/σ_min³ bounds the cell.
 * The error is C₀ρ/σ³ ≈ 0.56·(p² + q²)/√(npq) — useful from about 10⁴ examples per class at
 * δ ≈ 0.05, ≈ 10⁻³ absolute at 10⁶ per class. `balancedInversionSearch` takes it for a whole
 * line where it certifies within a tenth of a standard error, and for the cells of a line far
 * enough from the peak (where P ≪ α) in its exact cell-by-cell certification.
 *
 * Reference: Shevtsova, I. G. (2010), An improvement of convergence rate estimates in the Lyapunov
 * theorem, Doklady Mathematics 82(3), 862–864. Domain: n_A, n_B ≥ 1, 0 ≤ θ ≤ 1, t any real, cells ≥ 1.
 * Internal: not validated. Result in [0, 1] (1 where the bound says nothing).
 *
 * @example balancedLineNormalBound(10 ** 6, 10 ** 6, 1.8e12, 0.899) // ≈ 1.08e-3: Q(4.7) ≈ 1.4e-6 plus the Berry–Esseen term, which dominates at 10⁶ per class
 */
export function balancedLineNormalBound(
  nA: number,
  nB: number,
  t: number,
  theta: number,
  from = Math.max(0, 2 * theta - 1),
  to = Math.min(1, 2 * theta),
  cells = CELLS,
): number {
  const c = 2 * theta;
  const sLo = Math.max(0, 2 * theta - 1, from);
  const sHi = Math.min(1, 2 * theta, to);
  const weightA = nB * nB * nA; // σ² = weightA·a(1 − a) + weightB·b(1 − b)
  const weightB = nA * nA * nB;
  const cubeA = weightA * nB; // ρ = cubeA·g(a(1 − a)) + cubeB·g(b(1 − b))
  const cubeB = weightB * nA;
  const excess = t - nA * nB * c;
  const variance = (s: number) => weightA * s * (1 - s) + weightB * (c - s) * (1 - c + s);
  const vertex = (weightA - weightB + 2 * weightB * c) / (2 * (weightA + weightB));
  const largestSpread = (lo: number, hi: number) => (lo > 0.5 ? lo * (1 - lo) : hi < 0.5 ? hi * (1 - hi) : 0.25);
  let bound = 0;
  for (let cell = 0; cell < cells; cell++) {
    const s1 = sLo + ((sHi - sLo) * cell) / cells;
    const s2 = cell === cells - 1 ? sHi : sLo + ((sHi - sLo) * (cell + 1)) / cells;
    const largest = variance(Math.min(s2, Math.max(s1, vertex)));
    const smallest = Math.min(variance(s1), variance(s2));
    if (!(smallest > 0)) return 1;
    const uA = largestSpread(s1, s2);
    const uB = largestSpread(Math.max(0, c - s2), Math.min(1, c - s1));
    const rho = cubeA * uA * (1 - 2 * uA) + cubeB * uB * (1 - 2 * uB);
    const sigma = Math.sqrt(excess >= 0 ? largest : smallest);
    const cellBound = normalUpperTail(excess / sigma) + (BERRY_ESSEEN_CONSTANT * rho) / (smallest * Math.sqrt(smallest));
    if (cellBound > bound) bound = cellBound;
    if (bound >= 1) return 1;
  }
  // Rounding: σ², ρ and Q are each within ~1e-13 relative; 1e-9 covers them with room to spare.
  return Math.min(1, bound * (1 + 1e-9));
}
