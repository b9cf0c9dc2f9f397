import { balancedInterval, exactInterval, type BalancedInterval, type ClassCounts, type Interval } from '../stats';
import type { Detector } from './detector';

/**
 * Every interval shown for one detector at level 1−δ:
 * - `balanced`: balanced accuracy with the blog's union bound (δ/4 per tail), its `yes`/`no` being the
 *   per-class bounds it is built from; null when a class has no examples.
 * - `yes` / `no`: each class's central exact (Clopper–Pearson) interval at δ; null for an empty class.
 */
export interface DetectorIntervals {
  balanced: BalancedInterval | null;
  yes: Interval | null;
  no: Interval | null;
}

/**
 * Caches keyed by the detector object (the store replaces a detector object whenever its counts
 * change, so identity is a safe key), then δ. Sorting needs only the balanced interval, so it has its
 * own cache: sorting 10,000 detectors at a new δ computes 4 bounds each rather than 8.
 */
const balancedCache = new WeakMap<Detector, { delta: number; balanced: BalancedInterval | null }>();
const intervalsCache = new WeakMap<Detector, { delta: number; intervals: DetectorIntervals }>();

/** The detector's balanced interval at δ (null when a class is empty), computed once per (object, δ). */
export function detectorBalancedInterval(detector: Detector, delta: number): BalancedInterval | null {
  const cached = balancedCache.get(detector);
  if (cached && cached.delta === delta) return cached.balanced;
  const balanced = balancedOrNull(detector.yes, detector.no, delta);
  balancedCache.set(detector, { delta, balanced });
  return balanced;
}

/**
 * The balanced-accuracy estimate (null when a class is empty): (k⁺/n⁺ + k⁻/n⁻)/2, the same
 * arithmetic as `balancedInterval`'s. It needs no bounds, so sorting by it computes none.
 */
export function detectorBalancedEstimate(detector: Detector): number | null {
  const { yes, no } = detector;
  return yes.total > 0 && no.total > 0 ? (yes.correct / yes.total + no.correct / no.total) / 2 : null;
}

/** Lower bounds found in bulk (by a worker, for sorting a large list), per detector object and δ. */
const lowerCache = new WeakMap<Detector, { delta: number; lower: number | null }>();

/** The balanced lower bound at δ (null for an empty class): from a bulk result, the interval cache, or computed. */
export function detectorLowerBound(detector: Detector, delta: number): number | null {
  const bulk = lowerCache.get(detector);
  if (bulk && bulk.delta === delta) return bulk.lower;
  return detectorBalancedInterval(detector, delta)?.lower ?? null;
}

/** The detectors whose balanced lower bound at δ is not known yet (what sorting by it would compute). */
export function detectorsWithoutLowerBound(detectors: readonly Detector[], delta: number): Detector[] {
  return detectors.filter((detector) => lowerCache.get(detector)?.delta !== delta && balancedCache.get(detector)?.delta !== delta);
}

/** Records lower bounds computed elsewhere (aligned with `detectors`), so sorting by them is immediate. */
export function rememberLowerBounds(detectors: readonly Detector[], delta: number, lowers: ArrayLike<number>): void {
  detectors.forEach((detector, index) => {
    const lower = lowers[index]!;
    lowerCache.set(detector, { delta, lower: Number.isNaN(lower) ? null : lower });
  });
}

/** The balanced lower bound of class counts, NaN for an empty class (a worker's bulk form). */
export function balancedLowerOrNaN(yes: ClassCounts, no: ClassCounts, delta: number): number {
  return balancedOrNull(yes, no, delta)?.lower ?? Number.NaN;
}

/** All of the detector's intervals at δ, computed once per (detector object, δ). */
export function detectorIntervals(detector: Detector, delta: number): DetectorIntervals {
  const cached = intervalsCache.get(detector);
  if (cached && cached.delta === delta) return cached.intervals;
  const intervals = {
    balanced: detectorBalancedInterval(detector, delta),
    yes: centralOrNull(detector.yes, delta),
    no: centralOrNull(detector.no, delta),
  };
  intervalsCache.set(detector, { delta, intervals });
  return intervals;
}

/** Uncached: the intervals of a pair of class counts (for counts that are not a stored detector). */
export function computeIntervals(yes: ClassCounts, no: ClassCounts, delta: number): DetectorIntervals {
  return { balanced: balancedOrNull(yes, no, delta), yes: centralOrNull(yes, delta), no: centralOrNull(no, delta) };
}

function balancedOrNull(yes: ClassCounts, no: ClassCounts, delta: number): BalancedInterval | null {
  return yes.total > 0 && no.total > 0 ? balancedInterval({ yes, no }, delta) : null;
}

function centralOrNull(counts: ClassCounts, delta: number): Interval | null {
  return counts.total > 0 ? exactInterval(counts.total, counts.correct, delta) : null;
}
