import { balancedInterval, exactInterval, type BalancedInterval, type ClassCounts, type Interval } from '../../stats';
import { balancedForListRow, balancedNow, isExpensiveIntervalKnown, knownExpensiveInterval } from '../workers/balanced-intervals-service';
import { balancedIntervalBy, balancedLowerEndBy, effectiveMethod, isExpensiveBalancedMethod, type BalancedMethod } from '../methods/balanced-method';
import type { Detector } from './detector';

/**
 * Every interval shown for one detector at level 1−δ:
 * - `method`: the method used — the chosen one, except the union bound past 10⁷ labels per class;
 * - `balanced`: balanced accuracy by `method`; null when a class has no examples;
 *   'pending' while a Web Worker computes an expensive method's interval (the test inversion's or
 *   Buehler's) of large counts;
 * - `union`: the blog's union bound (δ/4 per tail), its `yes`/`no` being the per-class bounds it is
 *   built from — shown beside the chosen interval on request; null for an empty class;
 * - `yes` / `no`: each class's central exact (Clopper–Pearson) interval at δ; null for an empty class.
 */
export interface DetectorIntervals {
  method: BalancedMethod;
  balanced: Interval | null | 'pending';
  union: BalancedInterval | null;
  yes: Interval | null;
  no: Interval | null;
}

/** Intervals computed now, whatever the cost: the balanced one is never 'pending'. */
export type ComputedIntervals = Omit<DetectorIntervals, 'balanced'> & { balanced: Interval | null };

/**
 * The union-bound and per-class intervals keyed by the detector object (the store replaces a detector
 * object whenever its counts change, so identity is a safe key), then δ: a list row re-rendered while
 * scrolling computes none again. The expensive methods' intervals are cached by method, counts and δ
 * in the balanced-intervals service.
 */
const classCache = new WeakMap<Detector, { delta: number; union: BalancedInterval | null; yes: Interval | null; no: Interval | null }>();

function detectorClassIntervals(detector: Detector, delta: number) {
  let cached = classCache.get(detector);
  if (!cached || cached.delta !== delta) {
    cached = { delta, union: unionOrNull(detector.yes, detector.no, delta), yes: centralOrNull(detector.yes, delta), no: centralOrNull(detector.no, delta) };
    classCache.set(detector, cached);
  }
  return cached;
}

/**
 * The balanced-accuracy estimate (null when a class is empty): (k⁺/n⁺ + k⁻/n⁻)/2, the same
 * arithmetic as `balancedInterval`'s. It needs no bounds, so sorting by it computes none.
 */
export function detectorBalancedEstimate(detector: Detector): number | null {
  const { yes, no } = detector;
  return yes.total > 0 && no.total > 0 ? (yes.correct / yes.total + no.correct / no.total) / 2 : null;
}

/** Lower bounds found in bulk (by a worker, for sorting a large list), per detector object, δ and method. */
const lowerCache = new WeakMap<Detector, { delta: number; method: BalancedMethod; lower: number | null }>();

function bulkLower(detector: Detector, delta: number, method: BalancedMethod): { lower: number | null } | undefined {
  const bulk = lowerCache.get(detector);
  return bulk && bulk.delta === delta && bulk.method === method ? bulk : undefined;
}

/** The balanced lower bound at δ by `method` (null for an empty class or one not computed yet). */
export function detectorLowerBound(detector: Detector, delta: number, method: BalancedMethod): number | null {
  if (detector.yes.total === 0 || detector.no.total === 0) return null;
  const bulk = bulkLower(detector, delta, method);
  if (bulk) return bulk.lower;
  if (isExpensiveBalancedMethod(method)) return knownExpensiveInterval(method, detector.yes, detector.no, delta)?.lower ?? null;
  return detectorClassIntervals(detector, delta).union?.lower ?? null;
}

/** Past this many detectors without a bulk bound, the expensive intervals' cache is not searched for them. */
const LOOKUP_LIMIT = 1_000;

/** The detectors whose balanced lower bound at δ by `method` is not known yet (what sorting by it would compute). */
export function detectorsWithoutLowerBound(detectors: readonly Detector[], delta: number, method: BalancedMethod): Detector[] {
  if (isExpensiveBalancedMethod(method)) {
    const withoutBulk = detectors.filter((d) => d.yes.total > 0 && d.no.total > 0 && !bulkLower(d, delta, method));
    // Many missing (a new δ): the few whose interval a row computed are computed again rather than
    // each detector looked up by its text key (~30 ms of the page's time at 10,000).
    if (withoutBulk.length > LOOKUP_LIMIT) return withoutBulk;
    return withoutBulk.filter((d) => !isExpensiveIntervalKnown(method, d.yes, d.no, delta));
  }
  return detectors.filter((detector) => !bulkLower(detector, delta, method) && classCache.get(detector)?.delta !== delta);
}

/**
 * Records lower bounds computed elsewhere (aligned with `detectors`; NaN for an empty class), so
 * sorting by them is immediate. They are the lower ends of `method`'s intervals (`balancedLowerEndBy`);
 * an expensive method's upper ends are computed when a row shows them.
 */
export function rememberLowerBounds(detectors: readonly Detector[], delta: number, method: BalancedMethod, lowers: ArrayLike<number>): void {
  detectors.forEach((detector, index) => {
    const lower = lowers[index]!;
    lowerCache.set(detector, { delta, method, lower: Number.isNaN(lower) ? null : lower });
  });
}

/** The balanced interval's lower end by `method` (NaN for an empty class): a worker's bulk form. */
export function balancedLowerOrNaN(method: BalancedMethod, yes: ClassCounts, no: ClassCounts, delta: number): number {
  if (yes.total === 0 || no.total === 0) return Number.NaN;
  return balancedLowerEndBy(method, yes, no, delta);
}

/**
 * All of the detector's intervals at δ for its row in a list; the balanced one by `method` may be
 * 'pending' (see DetectorIntervals), also for small counts once a render of many rows has computed
 * its share on the page (`balancedForListRow`).
 */
export function detectorIntervals(detector: Detector, delta: number, method: BalancedMethod): DetectorIntervals {
  const { union, yes, no } = detectorClassIntervals(detector, delta);
  return { method: effectiveMethod(method, detector.yes, detector.no), balanced: balancedForListRow(method, detector.yes, detector.no, delta), union, yes, no };
}

/** The intervals of a pair of class counts, the balanced one by `method` (may be 'pending' for large counts). */
export function countsIntervals(yes: ClassCounts, no: ClassCounts, delta: number, method: BalancedMethod): DetectorIntervals {
  return { method: effectiveMethod(method, yes, no), balanced: balancedNow(method, yes, no, delta), union: unionOrNull(yes, no, delta), yes: centralOrNull(yes, delta), no: centralOrNull(no, delta) };
}

/** Uncached and computed now, whatever the cost (reports and exports need every number). */
export function computeIntervals(yes: ClassCounts, no: ClassCounts, delta: number, method: BalancedMethod): ComputedIntervals {
  const empty = yes.total === 0 || no.total === 0;
  const balanced = empty ? null : (knownFor(method, yes, no, delta) ?? balancedIntervalBy(method, yes, no, delta));
  return { method: effectiveMethod(method, yes, no), balanced, union: unionOrNull(yes, no, delta), yes: centralOrNull(yes, delta), no: centralOrNull(no, delta) };
}

/** An expensive method's interval from the cache (computed by workers first), if it is there. */
function knownFor(method: BalancedMethod, yes: ClassCounts, no: ClassCounts, delta: number): Interval | undefined {
  return isExpensiveBalancedMethod(method) ? knownExpensiveInterval(method, yes, no, delta) : undefined;
}

function unionOrNull(yes: ClassCounts, no: ClassCounts, delta: number): BalancedInterval | null {
  return yes.total > 0 && no.total > 0 ? balancedInterval({ yes, no }, delta) : null;
}

function centralOrNull(counts: ClassCounts, delta: number): Interval | null {
  return counts.total > 0 ? exactInterval(counts.total, counts.correct, delta) : null;
}
