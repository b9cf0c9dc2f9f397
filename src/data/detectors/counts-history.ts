import { type ClassCounts, type Interval, proportionConfidenceSequence } from '../../stats';
import { formatWholeCount } from '../format/count-format';
import { CLASS_LABELS, describeValue, validateCounts } from './detector';

/** The labels that arrived on one day: each class's correct answers out of its new labels. */
export interface DatedCounts {
  /** The day, `YYYY-MM-DD`. */
  date: string;
  yes: ClassCounts;
  no: ClassCounts;
}

/** The header a counts-over-time CSV starts with. */
export const HISTORY_COLUMNS = ['date', 'yes_correct', 'yes_total', 'no_correct', 'no_total'] as const;
/** Days one history may hold (ten years of daily rows and more). */
const MAX_HISTORY_ROWS = 5_000;
/** Problems listed by line; the rest are counted. */
const PROBLEMS_LISTED = 10;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `text` is a real calendar day written `YYYY-MM-DD`. */
export function isIsoDay(text: string): boolean {
  if (!ISO_DAY.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

export type ParsedHistory = { ok: true; rows: DatedCounts[] } | { ok: false; problems: string[] };

/**
 * Reads a counts-over-time CSV — `date,yes_correct,yes_total,no_correct,no_total`, one row per day
 * with the labels that arrived that day, days in increasing order, each once. Every bad line is named
 * with its line number and what is wrong (values clipped), up to ten, the rest counted; nothing is
 * taken from a file with any bad line.
 */
export function parseCountsHistoryCsv(text: string): ParsedHistory {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  while (lines.length > 0 && lines.at(-1)!.trim() === '') lines.pop();
  const header = (lines[0] ?? '').split(',').map((cell) => cell.trim().toLowerCase());
  if (header.join(',') !== HISTORY_COLUMNS.join(',')) {
    return { ok: false, problems: [`line 1: the header must be ${HISTORY_COLUMNS.join(',')}, got ${describeValue(lines[0] ?? '')}`] };
  }
  if (lines.length < 2) return { ok: false, problems: ['the file has a header but no days'] };
  if (lines.length - 1 > MAX_HISTORY_ROWS) return { ok: false, problems: [`the file has ${formatWholeCount(lines.length - 1)} days; at most ${formatWholeCount(MAX_HISTORY_ROWS)} are read`] };
  const problems: string[] = [];
  const rows: DatedCounts[] = [];
  lines.slice(1).forEach((line, index) => {
    const lineNumber = index + 2;
    const cells = line.split(',').map((cell) => cell.trim());
    if (cells.length !== HISTORY_COLUMNS.length) {
      problems.push(`line ${lineNumber}: expected ${HISTORY_COLUMNS.length} values, got ${cells.length} (${describeValue(line)})`);
      return;
    }
    const [date, yesCorrect, yesTotal, noCorrect, noTotal] = cells as [string, string, string, string, string];
    const reasons: string[] = [];
    if (!isIsoDay(date)) reasons.push(`date must be a day written YYYY-MM-DD, got ${describeValue(date)}`);
    else if (rows.length > 0 && date <= rows.at(-1)!.date) reasons.push(`date ${date} must come after the previous row's ${rows.at(-1)!.date} (one row a day, in order)`);
    const yesErrors = validateCounts({ correct: yesCorrect, total: yesTotal }, `${CLASS_LABELS.yes}`);
    const noErrors = validateCounts({ correct: noCorrect, total: noTotal }, `${CLASS_LABELS.no}`);
    reasons.push(...[...yesErrors, ...noErrors].map((error) => error.message));
    if (reasons.length > 0) {
      problems.push(`line ${lineNumber}: ${reasons.join('; ')}`);
      return;
    }
    rows.push({ date, yes: { correct: Number(yesCorrect), total: Number(yesTotal) }, no: { correct: Number(noCorrect), total: Number(noTotal) } });
  });
  if (problems.length === 0) return { ok: true, rows };
  const listed = problems.slice(0, PROBLEMS_LISTED);
  if (problems.length > listed.length) listed.push(`and ${problems.length - listed.length} more bad lines`);
  return { ok: false, problems: listed };
}

/** Whether a value read back from storage is a usable history (the same rules as the CSV's). */
export function isDatedCountsList(value: unknown): value is DatedCounts[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_HISTORY_ROWS) return false;
  let previous = '';
  for (const row of value as unknown[]) {
    if (typeof row !== 'object' || row === null) return false;
    const { date, yes, no } = row as Partial<DatedCounts>;
    if (typeof date !== 'string' || !isIsoDay(date) || date <= previous) return false;
    if (typeof yes !== 'object' || yes === null || typeof no !== 'object' || no === null) return false;
    if (validateCounts(yes, 'yes').length > 0 || validateCounts(no, 'no').length > 0) return false;
    previous = date;
  }
  return true;
}

/** What the monitoring line says: the balanced accuracy proven since a day, valid however often one looked. */
export interface MonitoringReading {
  /** The running intersection of the anytime-valid intervals up to the last day (each class's, averaged). */
  interval: Interval;
  /** How many days the history holds. */
  days: number;
  firstDay: string;
  lastDay: string;
  /** All labels so far. */
  yes: ClassCounts;
  no: ClassCounts;
  /** Per day: the running lower bound of the balanced accuracy (null before both classes have labels). */
  lowers: (number | null)[];
  /**
   * Today's estimate lies outside the running interval: later labels disagree with earlier ones, as
   * when the detector's accuracy changed — which the sequence assumes it did not (one fixed accuracy).
   */
  drifted: boolean;
}

/**
 * The history read as it arrived: after each day the counts so far and each class's anytime-valid
 * interval (`proportionConfidenceSequence` at δ/2, as `balancedConfidenceSequence` splits δ), each
 * intersected with the class's intervals of the days before. A confidence sequence holds at every
 * label count at once with probability ≥ 1 − δ, so on that event every class's accuracy lies in all
 * of its intervals, hence in their intersection: the running bounds are valid however often they
 * were looked at (for one fixed accuracy over the days). The balanced bounds average the classes'
 * running ones, the estimate is the counts so far. Null until both classes have labels.
 */
export function monitoringReading(rows: readonly DatedCounts[], delta: number): MonitoringReading | null {
  let yes: ClassCounts = { correct: 0, total: 0 };
  let no: ClassCounts = { correct: 0, total: 0 };
  const running = { yes: { lower: 0, upper: 1 }, no: { lower: 0, upper: 1 } };
  const lowers: (number | null)[] = [];
  let last: Interval | null = null;
  for (const row of rows) {
    yes = { correct: yes.correct + row.yes.correct, total: yes.total + row.yes.total };
    no = { correct: no.correct + row.no.correct, total: no.total + row.no.total };
    for (const [name, counts] of [['yes', yes], ['no', no]] as const) {
      if (counts.total === 0) continue;
      const today = proportionConfidenceSequence(counts.correct, counts.total, delta / 2);
      running[name] = { lower: Math.max(running[name].lower, today.lower), upper: Math.min(running[name].upper, today.upper) };
    }
    if (yes.total === 0 || no.total === 0) {
      lowers.push(null);
      continue;
    }
    // Not clamped to contain today's estimate: a running bound never falls back (see `drifted`).
    last = { estimate: (yes.correct / yes.total + no.correct / no.total) / 2, lower: (running.yes.lower + running.no.lower) / 2, upper: (running.yes.upper + running.no.upper) / 2 };
    lowers.push(last.lower);
  }
  if (last === null) return null;
  const drifted = last.estimate < last.lower || last.estimate > last.upper;
  return { interval: last, days: rows.length, firstDay: rows[0]!.date, lastDay: rows.at(-1)!.date, yes, no, lowers, drifted };
}

/** The first day by whose end the running lower bound was ≥ `level` (the shown, rounded-down bound); null if none. */
export function sinceDay(rows: readonly DatedCounts[], reading: MonitoringReading, level: number): string | null {
  const index = reading.lowers.findIndex((lower) => lower !== null && lower >= level);
  return index === -1 ? null : rows[index]!.date;
}
