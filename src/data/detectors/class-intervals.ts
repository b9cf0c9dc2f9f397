import { exactInterval, macroRecallInterval, type Interval } from '../../stats';
import type { ClassDetector } from './class-detector';

/** One class of a K-class detector at δ. */
export interface ClassFigures {
  name: string;
  /** Examples of the class (its row's total), how many were answered as it (the diagonal cell), and how often the detector answered it (its column's total). */
  total: number;
  correct: number;
  answers: number;
  /** Recall's exact central interval (Clopper–Pearson); null without examples. */
  recall: Interval | null;
  /** Precision's exact central interval given the answers of this class; null when it was never answered. */
  precision: Interval | null;
}

/** Every interval shown for a K-class detector at level 1 − δ. */
export interface ClassDetectorIntervals {
  /** The macro recall (balanced accuracy of K classes) by the exact union bound at δ/(2K); null when a class has no examples. */
  balanced: Interval | null;
  classes: ClassFigures[];
  /** The class whose recall bound costs the macro lower bound most; null without a macro recall. */
  limitingClass: number | null;
}

/** The method ids (CSV `method`, CLI JSON) of a K-class detector's intervals. */
export const CLASS_INTERVAL_METHODS = { balanced: 'exact-union-bound', recall: 'exact-central', precision: 'exact-central-given-answers' } as const;

/**
 * A K-class detector's intervals from its confusion matrix (rows = true class, columns = answer):
 * the macro recall by stats `macroRecallInterval` when every class has examples, and each class's
 * recall and precision (`exactInterval` at δ, each holding on its own) — whatever is defined, so a
 * detector missing a class still shows the classes it has.
 */
export function classDetectorIntervals(classes: readonly string[], matrix: readonly (readonly number[])[], delta: number): ClassDetectorIntervals {
  const figures = classes.map((name, i): ClassFigures => {
    const correct = matrix[i]![i]!;
    const total = matrix[i]!.reduce((sum, count) => sum + count, 0);
    const answers = matrix.reduce((sum, row) => sum + row[i]!, 0);
    return { name, total, correct, answers, recall: total > 0 ? exactInterval(total, correct, delta) : null, precision: answers > 0 ? exactInterval(answers, correct, delta) : null };
  });
  if (figures.some((figure) => figure.total === 0)) return { balanced: null, classes: figures, limitingClass: null };
  const macro = macroRecallInterval(matrix, delta);
  return { balanced: { estimate: macro.estimate, lower: macro.lower, upper: macro.upper }, classes: figures, limitingClass: macro.limitingClass };
}

/** Macro-recall intervals already computed, per detector object and δ: the list asks for them on every render. */
const macroCache = new WeakMap<ClassDetector, Map<number, Interval>>();

/**
 * A K-class detector's balanced accuracy (macro recall) at δ by the exact union bound at δ/(2K),
 * as the list, its sort and the exports show it; cached per detector object and δ. Every class has
 * examples (the workspace checks it), so it is always defined.
 */
export function classDetectorBalanced(detector: ClassDetector, delta: number): Interval {
  let byDelta = macroCache.get(detector);
  if (byDelta === undefined) macroCache.set(detector, (byDelta = new Map()));
  let interval = byDelta.get(delta);
  if (interval === undefined) {
    const macro = macroRecallInterval(detector.matrix, delta);
    interval = { estimate: macro.estimate, lower: macro.lower, upper: macro.upper };
    byDelta.set(delta, interval);
  }
  return interval;
}
