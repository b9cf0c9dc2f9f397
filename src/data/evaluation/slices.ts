import { balancedInterval, exactInterval, type ClassCounts, type Interval } from '../../stats';

/** Counts of one group (a slice value, a time window): the detector's answers per class. */
export interface GroupedCounts {
  group: string | null;
  yes: ClassCounts;
  no: ClassCounts;
}

/** One slice with its intervals at the corrected level, or why it has none. */
export interface SliceRow extends GroupedCounts {
  /** Balanced interval at δ/m (each of its four one-sided bounds at δ/(4m)); null with an empty class. */
  balanced: Interval | null;
  /** Exact central (Clopper–Pearson) interval per class at δ/m; null for an empty class. */
  yesInterval: Interval | null;
  noInterval: Interval | null;
  /** Classes whose interval is wider than UNDERPOWERED_WIDTH (or empty), for the flag. */
  thinClasses: ('yes' | 'no')[];
}

export interface SliceTable {
  rows: SliceRow[];
  /** How many slices have an interval: the Bonferroni family size. */
  family: number;
  /** δ/m, the level each slice's intervals are built at. */
  sliceDelta: number;
}

const hasLabels = (group: GroupedCounts) => group.yes.total > 0 || group.no.total > 0;

/** A class is too thin when its exact interval at δ/m is wider than this (20 percentage points). */
export const UNDERPOWERED_WIDTH = 0.2;

/**
 * Intervals for every slice with the Bonferroni correction across them: with m slices that have
 * labels, each interval is built at δ/m, so by the union bound all the balanced intervals hold
 * together with probability ≥ 1 − δ whatever the dependence between slices, and likewise all the
 * should-be-YES and all the should-be-NO intervals (m counts every slice with labels: a slice of
 * one class still has that class's interval in its family). Sorted by the balanced lower bound,
 * worst first; slices with an empty class come last, without a balanced interval. `inFamily` says
 * which groups m counts (the time table counts the windows with both classes: its per-class lines
 * have families of their own).
 */
export function sliceTable(groups: readonly GroupedCounts[], delta: number, inFamily: (group: GroupedCounts) => boolean = hasLabels): SliceTable {
  const family = Math.max(1, groups.filter(inFamily).length);
  const sliceDelta = delta / family;
  const classInterval = (counts: ClassCounts) => (counts.total > 0 ? exactInterval(counts.total, counts.correct, sliceDelta) : null);
  const rows = groups.map((group): SliceRow => {
    const yesInterval = classInterval(group.yes);
    const noInterval = classInterval(group.no);
    const balanced = yesInterval && noInterval ? balancedInterval({ yes: group.yes, no: group.no }, sliceDelta) : null;
    const thin = (interval: Interval | null) => interval === null || interval.upper - interval.lower > UNDERPOWERED_WIDTH;
    const thinClasses = (['yes', 'no'] as const).filter((cls) => thin(cls === 'yes' ? yesInterval : noInterval));
    return { ...group, balanced, yesInterval, noInterval, thinClasses };
  });
  rows.sort((a, b) => (a.balanced?.lower ?? Infinity) - (b.balanced?.lower ?? Infinity) || String(a.group).localeCompare(String(b.group)));
  return { rows, family, sliceDelta };
}
