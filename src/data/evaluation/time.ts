import { exactInterval, type ClassCounts, type Interval } from '../../stats';
import type { TimeWindow } from './sql';
import { sliceTable, type GroupedCounts, type SliceRow } from './slices';

const DAY = 24 * 3600;

/** Days for up to about two months, weeks for up to two years, months beyond: tens of windows. */
export function autoTimeWindow(spanSeconds: number): TimeWindow {
  if (spanSeconds <= 62 * DAY) return 'day';
  if (spanSeconds <= 730 * DAY) return 'week';
  return 'month';
}

export interface TimeRow extends SliceRow {
  /** The window's balanced interval (at δ/m) lies wholly above or below the overall estimate. */
  excludesOverall: boolean;
  /** The should-be-YES line's interval: exact central at δ/m_yes over the m_yes windows with YES labels. */
  yesLine: Interval | null;
  /** The should-be-NO line's interval: exact central at δ/m_no over the m_no windows with NO labels. */
  noLine: Interval | null;
}

/** One class's line over time: its Bonferroni family (windows with labels of that class) and level. */
export interface ClassLine {
  family: number;
  delta: number;
}

/**
 * Windows in time order with the same Bonferroni correction as slices (every interval at δ/m over
 * the m windows with both classes), each marked when its balanced interval excludes `overall`, the
 * detector's balanced estimate over all windows. The per-class lines are simultaneous the same way,
 * each over its own family: the should-be-YES intervals at δ/m_yes over the m_yes windows that have
 * YES labels (so all of them hold together with probability ≥ 1 − δ), likewise for NO.
 */
export function timeTable(groups: readonly GroupedCounts[], delta: number, overall: number | null) {
  const table = sliceTable(groups, delta, (group) => group.yes.total > 0 && group.no.total > 0);
  const line = (pick: (group: GroupedCounts) => ClassCounts): ClassLine => {
    const family = Math.max(1, groups.filter((group) => pick(group).total > 0).length);
    return { family, delta: delta / family };
  };
  const yes = line((group) => group.yes);
  const no = line((group) => group.no);
  const lineInterval = (counts: ClassCounts, level: ClassLine) => (counts.total > 0 ? exactInterval(counts.total, counts.correct, level.delta) : null);
  const rows: TimeRow[] = table.rows
    .map((row) => ({
      ...row,
      excludesOverall: overall !== null && row.balanced !== null && (row.balanced.lower > overall || row.balanced.upper < overall),
      yesLine: lineInterval(row.yes, yes),
      noLine: lineInterval(row.no, no),
    }))
    .sort((a, b) => String(a.group).localeCompare(String(b.group)));
  return { ...table, rows, yesLine: yes, noLine: no };
}

export type TimeTable = ReturnType<typeof timeTable>;
