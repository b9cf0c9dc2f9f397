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

const estimateCache = new WeakMap<Detector, number | null>();

/**
 * The balanced-accuracy estimate (null when a class is empty). It does not depend on δ, so it is
 * cached per detector object alone: re-sorting by estimate after a δ change computes no bounds.
 * `delta` is only used when nothing is cached yet.
 */
export function detectorBalancedEstimate(detector: Detector, delta: number): number | null {
  let estimate = estimateCache.get(detector);
  if (estimate === undefined) {
    estimate = detectorBalancedInterval(detector, delta)?.estimate ?? null;
    estimateCache.set(detector, estimate);
  }
  return estimate;
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
