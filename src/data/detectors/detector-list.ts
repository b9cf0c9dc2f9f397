import type { Detector } from './detector';
import { isClassDetector, type AnyDetector } from './class-detector';
import { classDetectorBalanced } from './class-intervals';
import type { BalancedMethod } from '../methods/balanced-method';
import { detectorBalancedEstimate, detectorLowerBound } from './detector-intervals';
import { detectorMetricFigure, type ListMetric } from './detector-metrics';

/** List orders: by balanced-accuracy estimate, by its lower bound ("worst plausible accuracy"), or by name. */
export type SortKey = 'estimate' | 'lower' | 'name';
export const SORT_KEYS: readonly SortKey[] = ['estimate', 'lower', 'name'];

export interface ListView {
  /** Case-insensitive text matched against name, query and id; blank shows everything. */
  filter: string;
  sort: SortKey;
  /** The metric the list shows, which `estimate` and `lower` sort by; balanced accuracy when absent. */
  metric?: ListMetric;
}

/** Lower-cased name + query + id per detector object, so a keystroke does not lower-case 10,000 strings. */
const searchTextCache = new WeakMap<AnyDetector, string>();

/**
 * Text as the filter compares it: decomposed, accents dropped, lower-case — so "café" typed matches
 * a name stored decomposed (as text from macOS often is), and "istanbul" matches "İstanbul".
 */
function foldForSearch(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

function searchText(detector: AnyDetector): string {
  let text = searchTextCache.get(detector);
  if (text === undefined) {
    text = foldForSearch(`${detector.name}\n${detector.query}\n${detector.id}`);
    searchTextCache.set(detector, text);
  }
  return text;
}

const nameCollator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * Each detector's place in the name order (name, then id), per detectors array: the list sorts by
 * bound with ties by name, and 10,000 detectors with many equal counts took ~70 ms of collator calls
 * at every new δ; the name order changes only with the detectors.
 */
const nameRanksCache = new WeakMap<readonly AnyDetector[], Map<AnyDetector, number>>();

function nameRanks(detectors: readonly AnyDetector[]): Map<AnyDetector, number> {
  let ranks = nameRanksCache.get(detectors);
  if (!ranks) {
    const byName = detectors.slice().sort((a, b) => nameCollator.compare(a.name, b.name) || compareIds(a, b));
    ranks = new Map(byName.map((detector, rank) => [detector, rank]));
    nameRanksCache.set(detectors, ranks);
  }
  return ranks;
}

/**
 * The detectors to list, filtered and sorted. Pure (the input is not mutated); bounds come from the
 * caches of detector-intervals (by `method`), so only the first call at a new δ computes any (the
 * list makes sure Buehler's or inverted bounds are known first, in a worker).
 * `estimate` and `lower` sort ascending — worst first, since the point of sorting by the lower bound
 * is to find the detectors that may be bad; detectors with an empty class (no balanced interval)
 * come last; ties are broken by name, then id, so the order is stable. `name` sorts A→Z naturally.
 * With another `metric` (precision, recall, …) `estimate` and `lower` sort by its estimate and exact
 * lower bound (one on its own, at δ), a detector where it is undefined last.
 * K-class detectors sort among the others by their balanced accuracy (macro recall, its exact union
 * bound at δ/(2K)); with another metric, which they do not have, they come last.
 * A benchmark (npm run bench) times this at 10,000 detectors.
 */
export function visibleDetectors<T extends AnyDetector>(detectors: readonly T[], view: ListView, delta: number, method: BalancedMethod): T[] {
  const needle = foldForSearch(view.filter.trim());
  const matching = needle === '' ? detectors.slice() : detectors.filter((detector) => searchText(detector).includes(needle));
  const ranks = nameRanks(detectors);
  if (view.sort === 'name') {
    return matching.sort((a, b) => ranks.get(a)! - ranks.get(b)!);
  }
  const metric = view.metric ?? 'balanced';
  const end = view.sort === 'estimate' ? 'estimate' : 'lower';
  const keyOf =
    metric !== 'balanced'
      ? (detector: Detector) => detectorMetricFigure(detector, metric, delta).interval?.[end]
      : view.sort === 'estimate'
        ? (detector: Detector) => detectorBalancedEstimate(detector)
        : (detector: Detector) => detectorLowerBound(detector, delta, method);
  const keyOfAny = (detector: AnyDetector) =>
    isClassDetector(detector) ? (metric === 'balanced' ? classDetectorBalanced(detector, delta)[end] : undefined) : keyOf(detector);
  const keyed = matching.map((detector) => ({ detector, key: keyOfAny(detector) ?? Number.POSITIVE_INFINITY, rank: ranks.get(detector)! }));
  keyed.sort((a, b) => a.key - b.key || a.rank - b.rank);
  return keyed.map((entry) => entry.detector);
}

function compareIds(a: AnyDetector, b: AnyDetector): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
