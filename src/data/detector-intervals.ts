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

/** Computed intervals, keyed by the detector object (store updates replace it) and then δ. */
const cache = new WeakMap<Detector, { delta: number; intervals: DetectorIntervals }>();

/**
 * The detector's intervals at δ, computed once per (detector object, δ): the store replaces a
 * detector object whenever its counts change, so identity is a safe cache key, and sorting or
 * filtering 10,000 detectors on every keystroke does not recompute a single bound.
 */
export function detectorIntervals(detector: Detector, delta: number): DetectorIntervals {
  const cached = cache.get(detector);
  if (cached && cached.delta === delta) return cached.intervals;
  const intervals = computeIntervals(detector.yes, detector.no, delta);
  cache.set(detector, { delta, intervals });
  return intervals;
}

/** Uncached: the intervals of a pair of class counts (the ad-hoc `#/counts` view uses this too). */
export function computeIntervals(yes: ClassCounts, no: ClassCounts, delta: number): DetectorIntervals {
  return {
    balanced: yes.total > 0 && no.total > 0 ? balancedInterval({ yes, no }, delta) : null,
    yes: yes.total > 0 ? exactInterval(yes.total, yes.correct, delta) : null,
    no: no.total > 0 ? exactInterval(no.total, no.correct, delta) : null,
  };
}
