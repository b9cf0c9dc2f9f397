const GOLDEN_SECTION = (3 - Math.sqrt(5)) / 2;

/**
 * The minimiser of a unimodal function on [low, high] by Brent's method: parabolic interpolation
 * through the three best points when it behaves, golden-section steps otherwise, so it is
 * superlinear on smooth minima and still converges (linearly) at a kink. Stops when the minimiser
 * is known to within 2·(relativeTolerance·|x| + absoluteTolerance).
 *
 * Reference: R. P. Brent (1973), "Algorithms for Minimization without Derivatives", ch. 5
 * (procedure localmin); Press et al., Numerical Recipes (3rd ed.), §10.3.
 * Domain: low < high, f finite on [low, high]. Internal: not validated.
 *
 * @example minimizeUnimodal((x) => (x - 0.3) ** 2, 0, 1) // ≈ 0.3
 */
export function minimizeUnimodal(
  f: (x: number) => number,
  low: number,
  high: number,
  relativeTolerance = 1e-10,
  absoluteTolerance = 1e-15,
): number {
  let a = low;
  let b = high;
  let x = a + GOLDEN_SECTION * (b - a);
  let w = x;
  let v = x;
  let fx = f(x);
  let fw = fx;
  let fv = fx;
  let step = 0;
  let previousStep = 0;
  for (let iteration = 0; iteration < 200; iteration++) {
    const middle = (a + b) / 2;
    const tolerance = relativeTolerance * Math.abs(x) + absoluteTolerance;
    if (Math.abs(x - middle) <= 2 * tolerance - (b - a) / 2) break;
    let useGolden = true;
    if (Math.abs(previousStep) > tolerance) {
      // Parabola through (v, fv), (w, fw), (x, fx); accept its vertex if it is inside and shrinking.
      let r = (x - w) * (fx - fv);
      let q = (x - v) * (fx - fw);
      let p = (x - v) * q - (x - w) * r;
      q = 2 * (q - r);
      if (q > 0) p = -p;
      q = Math.abs(q);
      r = previousStep;
      previousStep = step;
      if (Math.abs(p) < Math.abs(0.5 * q * r) && p > q * (a - x) && p < q * (b - x)) {
        step = p / q;
        const u = x + step;
        if (u - a < 2 * tolerance || b - u < 2 * tolerance) step = x < middle ? tolerance : -tolerance;
        useGolden = false;
      }
    }
    if (useGolden) {
      previousStep = x < middle ? b - x : a - x;
      step = GOLDEN_SECTION * previousStep;
    }
    const u = Math.abs(step) >= tolerance ? x + step : x + (step > 0 ? tolerance : -tolerance);
    const fu = f(u);
    if (fu <= fx) {
      if (u < x) b = x;
      else a = x;
      v = w;
      fv = fw;
      w = x;
      fw = fx;
      x = u;
      fx = fu;
    } else {
      if (u < x) a = u;
      else b = u;
      if (fu <= fw || w === x) {
        v = w;
        fv = fw;
        w = u;
        fw = fu;
      } else if (fu <= fv || v === x || v === w) {
        v = u;
        fv = fu;
      }
    }
  }
  return x;
}
