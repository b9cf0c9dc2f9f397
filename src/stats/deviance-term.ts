/**
 * The deviance term D(x, m) = x ln(x/m) + m − x ≥ 0, computed without cancellation when x ≈ m
 * by the series D = (x − m)·v + 2x Σ_{j≥1} v^(2j+1)/(2j+1), with v = (x − m)/(x + m).
 *
 * Reference: Loader (2000), "Fast and accurate computation of binomial probabilities", §3 (bd0).
 * Domain: x ≥ 0, m > 0 (reals). Internal: not validated.
 *
 * @example devianceTerm(80, 83) // ≈ 0.0548 (= 80 ln(80/83) + 3)
 */
export function devianceTerm(x: number, m: number): number {
  const difference = x - m;
  if (Math.abs(difference) < 0.1 * (x + m)) {
    let v = difference / (x + m);
    let sum = difference * v;
    if (Math.abs(sum) < Number.MIN_VALUE) return sum;
    let term = 2 * x * v;
    v *= v;
    for (let j = 1; j < 1000; j++) {
      term *= v;
      const next = sum + term / (2 * j + 1);
      if (next === sum) return next;
      sum = next;
    }
    return sum;
  }
  if (x === 0) return m; // the limit of x·log(x/m) is 0
  // x/m overflows for a subnormal m (x = 1, m = 1e-310), or underflows: the logs apart keep it finite.
  const ratio = x / m;
  return x * (Number.isFinite(ratio) && ratio > 0 ? Math.log(ratio) : Math.log(x) - Math.log(m)) + m - x;
}
