import { describe, expect, it } from 'vitest';
import { gaussLegendreRule } from './gauss-legendre-rule';
import { minimizeUnimodal } from './minimize-unimodal';

describe('gaussLegendreRule', () => {
  it('the 20-point rule integrates x^j exactly on [−1, 1] for j ≤ 39 (to 1e-15)', () => {
    const { nodes, weights } = gaussLegendreRule(20);
    for (let power = 0; power <= 39; power++) {
      let sum = 0;
      nodes.forEach((node, index) => (sum += weights[index]! * node ** power));
      expect(Math.abs(sum - (power % 2 === 0 ? 2 / (power + 1) : 0))).toBeLessThanOrEqual(1e-15);
    }
  });

  it('has symmetric nodes in increasing order and known small rules', () => {
    expect(Array.from(gaussLegendreRule(2).nodes)).toEqual([-1 / Math.sqrt(3), 1 / Math.sqrt(3)].map((x) => expect.closeTo(x, 15)));
    const three = gaussLegendreRule(3);
    expect(three.nodes[1]).toBeCloseTo(0, 15);
    expect(three.weights[1]).toBeCloseTo(8 / 9, 15);
    const { nodes } = gaussLegendreRule(20);
    for (let i = 1; i < 20; i++) expect(nodes[i]!).toBeGreaterThan(nodes[i - 1]!);
  });

  it('panels 6 sd wide converge to 1e-11 on a normal density times a normal CDF (the posterior’s integrand)', () => {
    // ∫ φ(t) Φ(c − t) dt = Φ(c/√2); c = 0.7 (off-centre, so symmetry alone cannot make it right).
    // Panels over ±9 sd.
    const { nodes, weights } = gaussLegendreRule(20);
    const normalCdf = (x: number) => 0.5 * erfcApprox(-x / Math.SQRT2);
    let sum = 0;
    for (let panel = 0; panel < 3; panel++) {
      const from = -9 + 6 * panel;
      nodes.forEach((node, index) => {
        const t = from + 3 + 3 * node;
        sum += 3 * weights[index]! * (Math.exp((-t * t) / 2) / Math.sqrt(2 * Math.PI)) * normalCdf(0.7 - t);
      });
    }
    expect(normalCdf(0.7 / Math.SQRT2)).toBeCloseTo(0.6896910267811551, 14); // scipy.special.ndtr
    expect(Math.abs(sum - normalCdf(0.7 / Math.SQRT2))).toBeLessThanOrEqual(1e-11);
  });
});

describe('minimizeUnimodal (Brent)', () => {
  it('finds smooth minima to ~1e-9 and kinks by golden section', () => {
    expect(minimizeUnimodal((x) => (x - 0.3) ** 2, 0, 1)).toBeCloseTo(0.3, 7);
    expect(minimizeUnimodal((x) => x * Math.log(x), 0.01, 1)).toBeCloseTo(1 / Math.E, 7);
    expect(minimizeUnimodal((x) => Math.abs(x - 0.5), 0, 1)).toBeCloseTo(0.5, 9);
    expect(minimizeUnimodal((x) => Math.exp(-x), 2, 3)).toBeCloseTo(3, 9);
  });
});

/** erfc by its continued fraction / series, accurate to ~1e-15 for the moderate arguments above. */
function erfcApprox(x: number): number {
  if (x < 0) return 2 - erfcApprox(-x);
  if (x < 2) {
    // erf series: (2/√π) Σ (−1)ⁿ x^(2n+1) / (n! (2n + 1))
    let term = x;
    let sum = x;
    for (let n = 1; n < 60; n++) {
      term *= (-x * x) / n;
      sum += term / (2 * n + 1);
    }
    return 1 - (2 / Math.sqrt(Math.PI)) * sum;
  }
  // Lentz continued fraction erfc(x) = e^{−x²}/√π · 1/(x + ½/(x + 1/(x + 3/2/(x + …))))
  let fraction = x;
  for (let n = 60; n >= 1; n--) fraction = x + n / 2 / fraction;
  return Math.exp(-x * x) / Math.sqrt(Math.PI) / fraction;
}
