import { incompleteBeta } from './incomplete-beta';
import { normalQuantile } from './normal-quantile';

/** A quantile x of a beta distribution and its complement y = 1 − x, each to full relative precision. */
export interface QuantilePair {
  x: number;
  y: number;
}

const MAX_ITERATIONS = 200;
const SMALLEST = 1e-300;

/**
 * The q-quantile of Beta(a, b) — the x with I_x(a, b) = q — together with 1 − x, each accurate in
 * relative terms even when tiny. It solves for whichever of x and 1 − x is the smaller (chosen
 * from a first guess), matching the tail that is the smaller probability, by Halley's method on
 * ln(tail) − ln(target) in the variable ln x, safeguarded by bisection inside a shrinking bracket.
 * First guess: the Cornish–Fisher-type approximation of Abramowitz & Stegun 26.5.22 for a, b ≥ 1,
 * the power-law tail approximations otherwise (as in Numerical Recipes, 3rd ed., §6.14.11).
 *
 * Closed forms: b = 1 → x = q^(1/a); a = 1 → 1 − x = (1 − q)^(1/b).
 * Domain: 0 < q < 1, a, b > 0. Internal: not validated (see `betaQuantile`).
 *
 * @example betaQuantilePair(0.05, 20, 81).x // = 1 − (95% upper bound for 80/100) ≈ 0.136661
 */
export function betaQuantilePair(q: number, a: number, b: number): QuantilePair {
  if (b === 1) return fromLog(Math.log(q) / a); // I_x(a, 1) = xᵃ
  if (a === 1) {
    const pair = fromLog(Math.log1p(-q) / b); // I_x(1, b) = 1 − (1 − x)ᵇ
    return { x: pair.y, y: pair.x };
  }
  const guess = firstGuess(q, 1 - q, a, b);
  if (guess <= 0.5) {
    const x = q <= 0.5 ? solve(a, b, false, q, guess) : solve(a, b, true, 1 - q, guess);
    return { x, y: 1 - x };
  }
  // 1 − X ~ Beta(b, a): P[1 − X ≤ y] = 1 − q.
  const y = q >= 0.5 ? solve(b, a, false, 1 - q, 1 - guess) : solve(b, a, true, q, 1 - guess);
  return { x: 1 - y, y };
}

/** x = e^logX and y = 1 − x = −expm1(logX), both without cancellation. */
function fromLog(logX: number): QuantilePair {
  return { x: Math.exp(logX), y: -Math.expm1(logX) };
}

/**
 * Finds x with P[X ≤ x] = target, or P[X > x] = target when `upper`, X ~ Beta(a, b).
 * The residual g = ±(ln tail(x) − ln target) increases with x; Halley steps are taken in ln x.
 */
function solve(a: number, b: number, upper: boolean, target: number, guess: number): number {
  const logTarget = Math.log(target);
  let low = 0;
  let high = 1;
  let x = Math.min(Math.max(guess, SMALLEST), 1 - Number.EPSILON / 2);
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    const values = incompleteBeta(x, 1 - x, a, b);
    const tailValue = upper ? values.sf : values.cdf;
    const residual = upper ? logTarget - Math.log(tailValue) : Math.log(tailValue) - logTarget;
    if (residual === 0) return x;
    if (residual < 0) low = x;
    else high = x;
    // Halley's step in t = ln x on g(t) = ±(ln tail − ln target): g' = x·f/tail, and
    // g'' = g'·(1 + x·f'/f ∓ g') with x·f'/f = (a − 1) − (b − 1)·x/(1 − x).
    const slope = (x * values.density) / tailValue;
    const logDensitySlope = a - 1 - ((b - 1) * x) / (1 - x);
    const curvature = slope * (1 + logDensitySlope + (upper ? slope : -slope));
    const newtonStep = residual / slope;
    const halleyDenominator = 1 - (newtonStep * curvature) / (2 * slope);
    const step = halleyDenominator > 0.5 && halleyDenominator < 2 ? newtonStep / halleyDenominator : newtonStep;
    let next = x * Math.exp(-step);
    if (Math.abs(step) <= 4e-16) return next; // a step of an ulp or two: converged
    if (!(next > low && next < high)) next = low > 0 && high / low > 16 ? Math.sqrt(low * high) : (low + high) / 2;
    if (next === low || next === high) return next; // the bracket is down to adjacent doubles
    x = next;
  }
  return x;
}

/** Abramowitz & Stegun 26.5.22 (a, b ≥ 1) or the two power-law tails; p and its complement given separately. */
function firstGuess(p: number, pComplement: number, a: number, b: number): number {
  if (a >= 1 && b >= 1) {
    // The upper p-quantile of the standard normal, taken from whichever side is not rounded to 1.
    const z = p < 0.5 ? -normalQuantile(p) : normalQuantile(pComplement);
    const lambda = (z * z - 3) / 6;
    const h = 2 / (1 / (2 * a - 1) + 1 / (2 * b - 1));
    const w = (z * Math.sqrt(h + lambda)) / h - (1 / (2 * b - 1) - 1 / (2 * a - 1)) * (lambda + 5 / 6 - 2 / (3 * h));
    return a / (a + b * Math.exp(2 * w));
  }
  const logA = Math.log(a / (a + b));
  const logB = Math.log(b / (a + b));
  const lowerMass = Math.exp(a * logA) / a;
  const upperMass = Math.exp(b * logB) / b;
  const total = lowerMass + upperMass;
  if (p < lowerMass / total) return Math.pow(a * total * p, 1 / a);
  return 1 - Math.pow(b * total * pComplement, 1 / b);
}
