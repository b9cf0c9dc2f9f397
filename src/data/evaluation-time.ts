import type { TimeWindow } from './evaluation-sql';
import { sliceTable, type GroupedCounts, type SliceRow } from './evaluation-slices';

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
}

/**
 * Windows in time order with the same Bonferroni correction as slices (every interval at δ/m over
 * the m windows with both classes), each marked when its balanced interval excludes `overall`, the
 * detector's balanced estimate over all windows.
 */
export function timeTable(groups: readonly GroupedCounts[], delta: number, overall: number | null) {
  const table = sliceTable(groups, delta);
  const rows: TimeRow[] = table.rows
    .map((row) => ({
      ...row,
      excludesOverall: overall !== null && row.balanced !== null && (row.balanced.lower > overall || row.balanced.upper < overall),
    }))
    .sort((a, b) => String(a.group).localeCompare(String(b.group)));
  return { ...table, rows };
}
