import type { ClassCounts } from '../../stats';
import { formatWholeCount } from '../format/count-format';
import type { BalancedMethod } from './balanced-method';

/** How each interval is built, as the pages, pictures and reports name it (the CSV uses short ids). */
export const BALANCED_METHOD_NAMES: Record<BalancedMethod, string> = {
  buehler: 'exact, never wider than the union bound (Buehler; δ/2 per side)',
  union: 'exact union bound (δ/4 per tail)',
  inversion: 'exact test inversion ordered by the estimate (δ/2 per side)',
};
export const CLASS_METHOD = 'exact central (Clopper–Pearson)';
export const UNION_PART_METHOD = 'exact one-sided bounds at δ/4 each (part of the union-bound interval)';

/** The other metrics' constructions by their CSV ids (precision, NPV, F1 and the deployment figures; `detectionMetrics`, `deploymentMetrics`). */
export const METRIC_METHOD_NAMES: Record<string, string> = {
  'exact-central': CLASS_METHOD,
  'exact-central-given-answers': 'exact central (Clopper–Pearson) given the number of such answers',
  'exact-union-bound': 'exact union bound (one-sided bounds at δ/4)',
};

/** Macro recall's interval over 2–4 classes by Buehler's construction (`macroRecallBuehlerInterval`). */
export const MACRO_BUEHLER_METHOD = 'exact, never wider than the union bound (Buehler ordered by the union bound; δ/2 per side)';

/** Macro recall's interval over K classes: the union bound of the 2K one-sided per-class bounds (`macroRecallInterval`). */
export function macroRecallMethod(classes: number): string {
  return `exact union bound (one-sided bounds at δ/${2 * classes} each)`;
}

/** "38/40" with thousands separators: "1,000/1,005". */
export function countsText(counts: ClassCounts): string {
  return `${formatWholeCount(counts.correct)}/${formatWholeCount(counts.total)}`;
}
