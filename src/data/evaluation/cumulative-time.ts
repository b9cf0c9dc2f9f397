import type { ClassCounts, Interval } from '../../stats';
import { anytimeIntervals } from '../methods/anytime-method';
import type { GroupCounts } from './results';

/** One window's end: the labels that had arrived by then, and the anytime-valid balanced band on them. */
export interface CumulativeRow {
  /** The window (its first day), as the per-window view names it. */
  window: string;
  yes: ClassCounts;
  no: ClassCounts;
  /** `balancedConfidenceSequence` at δ on the counts so far; null until both classes have labels. */
  band: Interval | null;
}

export interface CumulativeBand {
  rows: CumulativeRow[];
  /** The first row whose band's lower bound is ≥ the target; null when none is yet. */
  firstCleared: number | null;
}

const add = (a: ClassCounts, b: ClassCounts): ClassCounts => ({ correct: a.correct + b.correct, total: a.total + b.total });

/**
 * The detector's labels as they arrived, window by window in time order: at each window's end the
 * running counts and the anytime-valid balanced interval (a confidence sequence, δ/2 a class). The
 * sequence holds at every label count at once, so the band — and the first window by whose end its
 * lower bound cleared `target` — is valid however often the page was looked at, and whenever one stops.
 */
export function cumulativeBand(windows: readonly GroupCounts[], delta: number, target: number): CumulativeBand {
  const ordered = [...windows].sort((a, b) => String(a.group).localeCompare(String(b.group)));
  let yes: ClassCounts = { correct: 0, total: 0 };
  let no: ClassCounts = { correct: 0, total: 0 };
  const rows = ordered.map((group): CumulativeRow => {
    yes = add(yes, group.yes);
    no = add(no, group.no);
    return { window: group.group ?? '', yes, no, band: anytimeIntervals(yes, no, delta).balanced };
  });
  const cleared = rows.findIndex((row) => row.band !== null && row.band.lower >= target);
  return { rows, firstCleared: cleared === -1 ? null : cleared };
}
