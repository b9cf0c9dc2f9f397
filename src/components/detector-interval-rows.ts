import { BALANCED_METHOD_NAMES, type BalancedMethod, CLASS_METHOD, countsText } from '../data/methods';
import type { ComputedIntervals } from '../data/detectors';
import { formatConfidence, formatFullPrecision, formatWholeCount } from '../data/format';
import type { ClassCounts } from '../stats';
import type { IntervalChartRow } from './IntervalChart';

/** A detector's balanced and per-class intervals as IntervalChart rows (a row for each interval that exists). */
export function detectorIntervalRows(yes: ClassCounts, no: ClassCounts, intervals: ComputedIntervals): IntervalChartRow[] {
  const rows: IntervalChartRow[] = [];
  if (intervals.balanced) {
    rows.push({
      label: 'Balanced accuracy',
      interval: intervals.balanced,
      series: 'balanced',
      note: `YES ${countsText(yes)}, NO ${countsText(no)} correct · ${BALANCED_METHOD_NAMES[intervals.method]}`,
    });
  }
  if (intervals.yes) {
    rows.push({ label: 'Should-be-YES accuracy', interval: intervals.yes, series: 'yes', note: `${countsText(yes)} correct · ${CLASS_METHOD}` });
  }
  if (intervals.no) {
    rows.push({ label: 'Should-be-NO accuracy', interval: intervals.no, series: 'no', note: `${countsText(no)} correct · ${CLASS_METHOD}` });
  }
  return rows;
}

/** The caption of a detector's intervals picture: counts, methods, δ and the level. */
export function detectorIntervalsCaption(yes: ClassCounts, no: ClassCounts, delta: number, method: BalancedMethod): string {
  const tests = formatWholeCount(yes.total + no.total);
  return (
    `Should-be-YES ${countsText(yes)} correct, should-be-NO ${countsText(no)} correct (${tests} tests). ` +
    `${formatConfidence(delta)} intervals, δ = ${formatFullPrecision(delta)}: balanced accuracy ${BALANCED_METHOD_NAMES[method]}; ` +
    `each class ${CLASS_METHOD}. Bounds rounded outward.`
  );
}
