import {
  balancedBuehlerInterval,
  balancedBuehlerIntervalLower,
  balancedInterval,
  balancedInversionInterval,
  balancedInversionIntervalLower,
  type ClassCounts,
  type Interval,
} from '../../stats';

/**
 * How the balanced-accuracy interval is built — a workspace setting, carried by links as
 * `balanced=buehler|union|inversion`:
 * - `buehler`: the exact test inversion ordered by the union bound (stats `balancedBuehlerInterval`),
 *   never wider than the union bound at any counts — the default;
 * - `union`: the blog's union bound (stats `balancedInterval`, four exact bounds at δ/4, averaged);
 * - `inversion`: the exact test inversion ordered by the estimate (stats `balancedInversionInterval`),
 *   narrowest on average with classes of similar size, wider than the union bound where one class
 *   is near 0% and the other near 100%.
 * All keep coverage ≥ 1 − δ for every pair of true class accuracies.
 */
export type BalancedMethod = 'buehler' | 'union' | 'inversion';

export const BALANCED_METHODS: readonly BalancedMethod[] = ['buehler', 'union', 'inversion'];
export const DEFAULT_BALANCED_METHOD: BalancedMethod = 'buehler';

/** The `method` column of the CSV export. */
export const BALANCED_METHOD_IDS: Record<BalancedMethod, string> = {
  buehler: 'exact-buehler-union-ordering',
  union: 'exact-union-bound',
  inversion: 'exact-test-inversion',
};

export function isBalancedMethod(value: unknown): value is BalancedMethod {
  return value === 'buehler' || value === 'union' || value === 'inversion';
}

/**
 * The methods whose interval is a certified search (≈ 1 ms per interval up to 1,000 per class, up to
 * ~0.1 s or more at 10⁵–10⁶): computed on the page only for small counts, in Web Workers otherwise,
 * and cached (balanced-intervals-service). The union bound is closed-form and never waits.
 */
export type ExpensiveBalancedMethod = Exclude<BalancedMethod, 'union'>;

export const EXPENSIVE_BALANCED_METHODS: readonly ExpensiveBalancedMethod[] = ['buehler', 'inversion'];

export function isExpensiveBalancedMethod(method: BalancedMethod): method is ExpensiveBalancedMethod {
  return method !== 'union';
}

/**
 * Up to these class sizes an expensive method's interval (the test inversion, Buehler's) is computed
 * on the page (measured slowest ≈ 40 ms at ≤ 1,000 per class on a loaded 2-core machine); larger
 * counts go to a Web Worker.
 */
const ON_PAGE_CLASS_SIZE = 2_000;

/** The expensive methods' largest class size (stats' ceiling: the ordering stays an exact integer). */
export const EXPENSIVE_MAX_CLASS_SIZE = 10_000_000;

/**
 * The method actually used for these counts: the test inversion and Buehler's are computed up to 10⁷
 * labels per class; beyond, the union bound stands in (at that size they differ in the fourth digit),
 * and the page names the method it used.
 */
export function effectiveMethod(method: BalancedMethod, yes: ClassCounts, no: ClassCounts): BalancedMethod {
  return isExpensiveBalancedMethod(method) && Math.max(yes.total, no.total) > EXPENSIVE_MAX_CLASS_SIZE ? 'union' : method;
}

/** Whether the method's interval for these counts is cheap enough to compute during a render. */
export function balancedIsQuick(method: BalancedMethod, yes: ClassCounts, no: ClassCounts): boolean {
  return !isExpensiveBalancedMethod(method) || Math.max(yes.total, no.total) <= ON_PAGE_CLASS_SIZE;
}

/** The balanced interval by `method` (both classes non-empty; see `effectiveMethod`), computed now. */
export function balancedIntervalBy(method: BalancedMethod, yes: ClassCounts, no: ClassCounts, delta: number): Interval {
  if (effectiveMethod(method, yes, no) === 'union') {
    const { estimate, lower, upper } = balancedInterval({ yes, no }, delta);
    return { estimate, lower, upper };
  }
  return method === 'buehler' ? balancedBuehlerInterval({ yes, no }, delta) : balancedInversionInterval({ yes, no }, delta);
}

/**
 * The lower end of `balancedIntervalBy`'s interval alone, bit for bit: an exact interval's ends are
 * certified separately, so sorting a list by it needs half the work of whole intervals.
 */
export function balancedLowerEndBy(method: BalancedMethod, yes: ClassCounts, no: ClassCounts, delta: number): number {
  const effective = effectiveMethod(method, yes, no);
  if (effective === 'union') return balancedInterval({ yes, no }, delta).lower;
  return effective === 'buehler' ? balancedBuehlerIntervalLower({ yes, no }, delta) : balancedInversionIntervalLower({ yes, no }, delta);
}
