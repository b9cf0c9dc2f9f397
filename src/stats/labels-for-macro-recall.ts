import { assertDelta } from './assert-delta';
import { assertSquareConfusionMatrix } from './assert-square-confusion-matrix';
import { EmptyClassError } from './empty-class-error';
import { exactLowerBound } from './exact-lower-bound';
import { exactUpperBound } from './exact-upper-bound';
import { gallopingBlockSearch } from './galloping-block-search';
import type { Interval } from './types';
import { reasonNumber } from './reason-number';

/** The answer of `labelsForMacroRecall`. */
export interface MacroRecallPlan {
  target: number;
  delta: number;
  /** 'reached': `additional` labels prove it and one step fewer does not; 'unreachable': no count can; 'beyond-limit': not within the cap. */
  status: 'reached' | 'unreachable' | 'beyond-limit';
  /** Additional labels in all (the sum of `perClass`); null unless reached. */
  additional: number | null;
  /** Additional labels of each class at the answer (today's class mix); null unless reached. */
  perClass: number[] | null;
  /** The projected macro recall's exact union-bound interval at the answer; null unless reached. */
  interval: Interval | null;
  /** Why there is no answer (null when reached). */
  reason: string | null;
}

/** No class is planned past this many labels (exact bounds cost more as counts grow; as `planLabels`). */
const MAX_CLASS_TOTAL = 10_000_000;
/** Block checks at most (each K exact bounds): as `planLabels`, under a second. */
const MAX_SEARCH_STEPS = 10_000;

/**
 * How many more labels a K-class detector needs before the exact lower bound of its macro recall
 * (balanced accuracy of K classes; the union bound of `macroRecallInterval`, each class's one-sided
 * recall bound at δ/(2K)) reaches `target` — assuming new labels arrive in today's class mix and
 * each class's recall stays at its estimate rᵢ = kᵢ/nᵢ. For a step m of the search, class i gets
 * Δᵢ = ⌊m·nᵢ/N⌋ more labels (N = Σ nᵢ) with kᵢ + round(rᵢ·Δᵢ) of them right: every class's labels,
 * successes and errors only grow with m, so a block [m₁, m₂] is proven to miss when even each class's
 * bound at (successes of m₂, errors of m₁) does (the block proof of `planLabels`, class by class;
 * `gallopingBlockSearch`). The answer is the first step that meets the target, reported as the labels
 * it adds (Σ Δᵢ) and per class; one step fewer does not meet it.
 * Unreachable when the projected estimate can no longer reach the target (an exact lower bound stays
 * below it): the estimate tends to the mean recall (1/K) Σ rᵢ.
 *
 * Reference: the blog's union bound for balanced accuracy, K classes (issue #31); Clopper & Pearson
 * (1934). Domain: a K × K confusion matrix (rows = true class, columns = answer), each row total ≥ 1
 * and ≤ 10⁷; 1e-300 ≤ δ < 1; 0 < target < 1.
 * Errors: RangeError naming the cell, `delta` or `target` (as `macroRecallInterval`); EmptyClassError
 * for a class without examples (its recall, and the target's meaning, are undefined).
 *
 * @example labelsForMacroRecall([[50, 2, 1], [3, 40, 2], [0, 1, 30]], 0.05, 0.85)
 * // { status: 'reached', additional: 166, perClass: [68, 58, 40], interval: { estimate: 0.9357, lower: 0.85112, upper: 0.97763 }, … }
 */
export function labelsForMacroRecall(matrix: readonly (readonly number[])[], delta: number, target: number): MacroRecallPlan {
  assertSquareConfusionMatrix(matrix);
  assertDelta(delta);
  if (typeof target !== 'number' || !(target > 0 && target < 1)) throw new RangeError(`target must be in (0, 1), got ${String(target)}`);
  const classes = matrix.map((row, i) => ({ total: row.reduce((sum, count) => sum + count, 0), correct: row[i]! }));
  classes.forEach(({ total }, i) => {
    if (total === 0) throw new EmptyClassError(`matrix[${i}] total`);
    if (total > MAX_CLASS_TOTAL) throw new RangeError(`matrix[${i}] total must be ≤ ${MAX_CLASS_TOTAL} to plan labels, got ${total}`);
  });
  const size = classes.length;
  const level = delta / (2 * size);
  const all = classes.reduce((sum, { total }) => sum + total, 0);
  const projected = projection(classes, all);
  // The largest step whose classes all stay within MAX_CLASS_TOTAL.
  const limit = Math.min(...classes.map(({ total }) => Math.floor(((MAX_CLASS_TOTAL - total) * all) / total)));
  const lowerBounds = new Map<string, number>();
  const lowerAt = (total: number, correct: number) => {
    const key = `${total}:${correct}`;
    let value = lowerBounds.get(key);
    if (value === undefined) lowerBounds.set(key, (value = exactLowerBound(total, correct, level)));
    return value;
  };
  const mayMeetIn = (first: number, last: number): boolean => {
    const start = projected(first);
    const end = projected(last);
    // Per class the best lower bound in the block: the successes of its end, the errors of its start.
    const best = start.reduce((sum, from, i) => sum + lowerAt(end[i]!.correct + (from.total - from.correct), end[i]!.correct), 0) / size;
    return best >= target;
  };
  const noneBeyond = (step: number): boolean => {
    // k ≤ k₀ + r·Δ + ½, and (k₀ + ½ + r·Δ′)/(n₀ + Δ′) moves monotonically towards r as Δ′ grows.
    const ceiling = projected(step).reduce((sum, now, i) => {
      const { total, correct } = classes[i]!;
      const recall = correct / total;
      const added = now.total - total;
      return sum + Math.max((correct + recall * added + 0.5) / now.total, recall);
    }, 0);
    return ceiling / size <= target;
  };
  const { first, stoppedEarly, outOfWork } = gallopingBlockSearch(limit, MAX_SEARCH_STEPS, { meetsAt: (step) => mayMeetIn(step, step), mayMeetIn, noneBeyond });
  const base = { target, delta };
  if (first !== null) {
    const at = projected(first);
    const perClass = at.map((now, i) => now.total - classes[i]!.total);
    const interval = {
      estimate: at.reduce((sum, now) => sum + now.correct / now.total, 0) / size,
      lower: at.reduce((sum, now) => sum + lowerAt(now.total, now.correct), 0) / size,
      upper: at.reduce((sum, now) => sum + exactUpperBound(now.total, now.correct, level), 0) / size,
    };
    return { ...base, status: 'reached', additional: perClass.reduce((sum, count) => sum + count, 0), perClass, interval, reason: null };
  }
  const mean = classes.reduce((sum, { total, correct }) => sum + correct / total, 0) / size;
  const none = { ...base, additional: null, perClass: null, interval: null };
  if (stoppedEarly || target >= mean) {
    return { ...none, status: 'unreachable', reason: `Unreachable: with each class's recall at its estimate the macro recall tends to ${reasonNumber(mean)}, and an exact lower bound always stays below the estimate, so no number of labels makes it reach ${reasonNumber(target)}.` };
  }
  return {
    ...none,
    status: 'beyond-limit',
    reason: outOfWork ? `Not reached: the search stopped after ${MAX_SEARCH_STEPS} checks, where the projected bound hovers at the target.` : `Not reached before a class passes ${MAX_CLASS_TOTAL} labels, the planner's cap.`,
  };
}

/**
 * The projected classes after search step m: class i gets Δᵢ = ⌊m·nᵢ/N⌋ more labels, kᵢ + round(rᵢ·Δᵢ)
 * of them right. Labels, successes and errors of every class only grow with m.
 */
function projection(classes: readonly { total: number; correct: number }[], all: number) {
  return (step: number) =>
    classes.map(({ total, correct }) => {
      const added = Math.floor((step * total) / all);
      return { total: total + added, correct: correct + Math.round((correct / total) * added) };
    });
}
