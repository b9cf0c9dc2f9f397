import { assertDelta } from './assert-delta';
import type { Interval } from './types';

/**
 * One argument of a metric that is monotone in each of its arguments: either a random proportion,
 * given by its exact one-sided bounds at whatever level it is asked for, or a known quantity, given
 * by the range it is known to lie in (no chance of error, so it takes no share of δ).
 */
export interface MonotoneIngredient {
  /** The point estimate (for a known quantity, its assumed value, inside `range`). */
  estimate: number;
  /** +1 when the metric never falls as this argument rises, −1 when it never rises. */
  direction: 1 | -1;
  /**
   * For a random proportion: the exact one-sided lower and upper bounds, each failing with
   * probability ≤ level (e.g. `exactLowerBound(n, k, level)`, `exactUpperBound(n, k, level)`).
   */
  bounds?: (level: number) => readonly [number, number];
  /** For a known quantity: [low, high], certain to hold. */
  range?: readonly [number, number];
}

/**
 * The union-bound interval for a metric g(x₁, …, x_m) monotone in each argument (written once here;
 * F1, PPV(π), NPV(π), false alarms and missed events a day all use it). With r random ingredients,
 * each one-sided bound is taken at level δ/(2r); the lower end is g at the corner where every
 * argument is at its unfavourable bound (lower bound where g rises with it, upper bound where it
 * falls), the upper end g at the opposite corner:
 * lower = g(c⁻), upper = g(c⁺), estimate = g(x̂₁, …, x̂_m).
 *
 * Why it is valid: g is monotone in each argument, so g(c⁻) ≤ g(x) unless one of the r one-sided
 * bounds used at c⁻ fails, and g(x) ≤ g(c⁺) unless one of the r used at c⁺ fails. Whatever the
 * dependence between the ingredients (different classes, or precision and recall sharing TP), the
 * union bound gives P[g(x) ∉ [g(c⁻), g(c⁺)]] ≤ 2r·δ/(2r) = δ. A bound that is valid conditionally on
 * an ancillary count (precision given the number of YES answers) is valid unconditionally and
 * enters the sum the same way. Known ranges cost nothing: the interval then holds for every value of
 * the known quantity in its range at once (the worst case over it). With r = 1 this is the exact
 * central interval of the one proportion (δ/2 per side) carried through g.
 *
 * Reference: the blog, "Constructing the Bound for Balanced Accuracy" (the same union bound over
 * one-sided exact bounds); Clopper & Pearson (1934); Bonferroni's inequality.
 * Domain: the caller's ingredients (bounds straddling their estimates; g defined at both corners
 * and at the estimates); 1e-300 ≤ δ < 1. Internal: only δ is validated here (callers validate
 * their counts). The ends are clamped to the estimate, so lower ≤ estimate ≤ upper after rounding.
 * Errors: `assertDelta` policy.
 *
 * @example monotoneUnionInterval(([p, r]) => (2 * p * r) / (p + r), [
 *   { estimate: 0.9, direction: 1, bounds: (level) => [exactLowerBound(40, 36, level), exactUpperBound(40, 36, level)] },
 *   { estimate: 0.8, direction: 1, bounds: (level) => [exactLowerBound(45, 36, level), exactUpperBound(45, 36, level)] },
 * ], 0.05) // F1 from precision 36/40 and recall 36/45, each bound at δ/4
 */
export function monotoneUnionInterval(
  metric: (values: readonly number[]) => number,
  ingredients: readonly MonotoneIngredient[],
  delta: number,
): Interval {
  assertDelta(delta);
  const random = ingredients.filter((ingredient) => ingredient.bounds !== undefined).length;
  const level = delta / (2 * Math.max(random, 1));
  const low: number[] = [];
  const high: number[] = [];
  for (const ingredient of ingredients) {
    const [lower, upper] = ingredient.bounds ? ingredient.bounds(level) : (ingredient.range ?? [ingredient.estimate, ingredient.estimate]);
    low.push(ingredient.direction === 1 ? lower : upper);
    high.push(ingredient.direction === 1 ? upper : lower);
  }
  const estimate = metric(ingredients.map((ingredient) => ingredient.estimate));
  return { estimate, lower: Math.min(metric(low), estimate), upper: Math.max(metric(high), estimate) };
}
