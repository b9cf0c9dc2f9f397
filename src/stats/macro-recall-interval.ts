import { assertDelta } from './assert-delta';
import { assertSquareConfusionMatrix } from './assert-square-confusion-matrix';
import { balancedIntervalMulti } from './balanced-interval-multi';
import { EmptyClassError } from './empty-class-error';
import { exactInterval } from './exact-interval';
import type { MetricInterval } from './metric-types';
import type { Interval } from './types';

/** One class of a K-class detector: its counts and intervals (see `macroRecallInterval`). */
export interface MacroRecallClass {
  /** Examples of this class (the row's total) and how many were answered as it (the diagonal cell). */
  total: number;
  correct: number;
  /** How often the detector answered this class (the column's total). */
  answers: number;
  /** Recall kᵢ/nᵢ with its exact central (1 − δ) interval ('exact-central'). */
  recall: MetricInterval;
  /** Precision kᵢ/mᵢ given the mᵢ answers of this class ('exact-central-given-answers'); null when mᵢ = 0 (0/0). */
  precision: MetricInterval | null;
  /** The recall's one-sided bounds at δ/(2K): the union bound's construction, not an interval to quote on its own. */
  unionBound: Interval;
  /** What this class takes off the macro lower bound: (kᵢ/nᵢ − lowerᵢ)/K. */
  lowerCost: number;
}

/** The macro recall (balanced accuracy of K classes) with its interval and each class's intervals. */
export interface MacroRecallInterval extends Interval {
  method: 'exact-union-bound';
  delta: number;
  /** The level of each of the 2K one-sided bounds, δ/(2K). */
  classLevel: number;
  classes: MacroRecallClass[];
  /** The class whose recall bound costs the macro lower bound most (the largest `lowerCost`; the first on a tie). */
  limitingClass: number;
}

/**
 * The exact (1 − δ) interval for the macro recall (1/K) Σ kᵢ/nᵢ of a K × K confusion matrix
 * (rows = true class, columns = answer; kᵢ the diagonal, nᵢ the row totals, mᵢ the column totals):
 * each class's exact one-sided lower and upper recall bound at δ/(2K), so that by the union bound
 * all 2K hold together with probability ≥ 1 − δ, and the macro bounds are their averages
 * (`balancedIntervalMulti`): lower = (1/K) Σ p̲(nᵢ, kᵢ, δ/2K), upper = (1/K) Σ p̄(nᵢ, kᵢ, δ/2K).
 * For K = 2 it is the blog's δ/4 interval, `balancedInterval`, bit for bit. Beside it, per class,
 * recall's exact central interval (Clopper–Pearson, `exactInterval(nᵢ, kᵢ, δ)`) and precision's given
 * the mᵢ answers of the class (`exactInterval(mᵢ, kᵢ, δ)`, as `precisionInterval` for two classes),
 * each holding with probability ≥ 1 − δ on its own.
 *
 * Reference: the blog, "Constructing the Bound for Balanced Accuracy" (union bound); Clopper &
 * Pearson (1934); issue #31. Domain: K ≥ 1 rows of K whole counts ≥ 0, each row total ≥ 1, the
 * whole matrix a safe integer; 1e-300 ≤ δ < 1 with δ/(2K) a normal double.
 * Errors: RangeError naming the cell or argument (`assertSquareConfusionMatrix`, `assertDelta`);
 * EmptyClassError ("matrix[2] total = 0: …") for a class with no examples (its recall is 0/0).
 *
 * @example macroRecallInterval([[50, 2, 1], [3, 40, 2], [0, 1, 30]], 0.05)
 * // ≈ { estimate: 0.933, lower: 0.78211, upper: 0.98768, limitingClass: 1, classes: [...] }
 */
export function macroRecallInterval(matrix: readonly (readonly number[])[], delta: number): MacroRecallInterval {
  assertSquareConfusionMatrix(matrix);
  assertDelta(delta);
  const size = matrix.length;
  const totals = matrix.map((row) => row.reduce((sum, cell) => sum + cell, 0));
  const answers = matrix[0]!.map((_cell, j) => matrix.reduce((sum, row) => sum + row[j]!, 0));
  const empty = totals.indexOf(0);
  if (empty >= 0) throw new EmptyClassError(`matrix[${empty}] total`);
  const correct = matrix.map((row, i) => row[i]!);
  const union = balancedIntervalMulti(
    correct.map((k, i) => ({ correct: k, total: totals[i]! })),
    delta,
    correct.map((_k, i) => `matrix[${i}]`),
  );
  const classes = union.classes.map((bounds, i): MacroRecallClass => ({
    total: totals[i]!,
    correct: correct[i]!,
    answers: answers[i]!,
    recall: { ...exactInterval(totals[i]!, correct[i]!, delta), method: 'exact-central' },
    precision: answers[i] === 0 ? null : { ...exactInterval(answers[i]!, correct[i]!, delta), method: 'exact-central-given-answers' },
    unionBound: bounds,
    lowerCost: (bounds.estimate - bounds.lower) / size,
  }));
  const limitingClass = classes.reduce((worst, item, i) => (item.lowerCost > classes[worst]!.lowerCost ? i : worst), 0);
  return {
    estimate: union.estimate,
    lower: union.lower,
    upper: union.upper,
    method: 'exact-union-bound',
    delta,
    classLevel: delta / (2 * size),
    classes,
    limitingClass,
  };
}
