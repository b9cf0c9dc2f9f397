import { BALANCED_METHOD_IDS, type BalancedMethod } from '../methods/balanced-method';
import type { SliceTable } from './slices';
import type { TimeTable } from './time';
import type { CumulativeBand } from './cumulative-time';
import { ANYTIME_METHOD_IDS } from '../methods/anytime-method';
import type { ThresholdPoint } from './threshold';
import { textCell, UTF8_BOM } from '../files/export-files';
import type { ClassCounts, Interval } from '../../stats';

/** One detector's counts from a file, as the counts table shows them. */
export interface CountsTableRow {
  detector: string;
  yes: ClassCounts;
  no: ClassCounts;
  balanced: Interval | null;
}

const numberCell = (value: number | undefined) => (value === undefined ? '' : String(value));

function intervalCells(interval: Interval | null): string[] {
  return interval === null ? ['', '', ''] : [interval.estimate, interval.lower, interval.upper].map(numberCell);
}

/**
 * The counts table as CSV, re-importable by the detectors import (`detector,yes_correct,yes_total,
 * no_correct,no_total`), with the balanced interval and its δ after; bounds unrounded.
 */
export function countsTableCsv(rows: readonly CountsTableRow[], delta: number): string {
  const header = 'detector,yes_correct,yes_total,no_correct,no_total,balanced_estimate,balanced_lower,balanced_upper,delta,method';
  const lines = rows.map((row) =>
    [
      textCell(row.detector),
      ...[row.yes.correct, row.yes.total, row.no.correct, row.no.total].map(numberCell),
      ...intervalCells(row.balanced),
      numberCell(delta),
      'exact-union-bound',
    ].join(','),
  );
  return `${UTF8_BOM}${[header, ...lines].join('\r\n')}\r\n`;
}

/** The slice table as CSV: each slice's counts and intervals at δ/m, with δ, m, the flag and the balanced interval's method. */
export function sliceTableCsv(column: string, table: SliceTable, delta: number, method: BalancedMethod): string {
  const header =
    'column,value,yes_correct,yes_total,no_correct,no_total,balanced_estimate,balanced_lower,balanced_upper,yes_lower,yes_upper,no_lower,no_upper,delta,slices,slice_delta,underpowered,method';
  const lines = table.rows.map((row) =>
    [
      textCell(column),
      row.group === null ? '' : textCell(row.group),
      ...[row.yes.correct, row.yes.total, row.no.correct, row.no.total].map(numberCell),
      ...intervalCells(row.balanced),
      ...intervalCells(row.yesInterval).slice(1),
      ...intervalCells(row.noInterval).slice(1),
      numberCell(delta),
      numberCell(table.family),
      numberCell(table.sliceDelta),
      row.thinClasses.length > 0 ? 'yes' : 'no',
      BALANCED_METHOD_IDS[method],
    ].join(','),
  );
  return `${UTF8_BOM}${[header, ...lines].join('\r\n')}\r\n`;
}

/**
 * The time windows as CSV: counts, the balanced interval at δ/m (m windows with both classes) and
 * whether it excludes the overall estimate, then each class's line at δ/m_yes and δ/m_no, δ and
 * the balanced interval's method.
 */
export function timeTableCsv(window: string, table: TimeTable, delta: number, method: BalancedMethod): string {
  const header = [
    'window,start,yes_correct,yes_total,no_correct,no_total,balanced_estimate,balanced_lower,balanced_upper,windows,balanced_delta,differs',
    'yes_estimate,yes_lower,yes_upper,yes_windows,yes_delta,no_estimate,no_lower,no_upper,no_windows,no_delta,delta,method',
  ].join(',');
  const lines = table.rows.map((row) =>
    [
      textCell(window),
      row.group === null ? '' : textCell(row.group),
      ...[row.yes.correct, row.yes.total, row.no.correct, row.no.total].map(numberCell),
      ...intervalCells(row.balanced),
      numberCell(table.family),
      numberCell(table.sliceDelta),
      row.excludesOverall ? 'yes' : 'no',
      ...intervalCells(row.yesLine),
      numberCell(table.yesLine.family),
      numberCell(table.yesLine.delta),
      ...intervalCells(row.noLine),
      numberCell(table.noLine.family),
      numberCell(table.noLine.delta),
      numberCell(delta),
      BALANCED_METHOD_IDS[method],
    ].join(','),
  );
  return `${UTF8_BOM}${[header, ...lines].join('\r\n')}\r\n`;
}

/** The threshold curve as CSV: counts and pointwise intervals at each threshold (YES when score ≥ threshold), with the balanced interval's method. */
export function thresholdCurveCsv(points: readonly ThresholdPoint[], delta: number, method: BalancedMethod): string {
  const header = 'threshold,yes_correct,yes_total,no_correct,no_total,balanced_estimate,balanced_lower,balanced_upper,yes_lower,yes_upper,no_lower,no_upper,delta,method';
  const lines = points.map((point) =>
    [
      numberCell(point.threshold),
      ...[point.yes.correct, point.yes.total, point.no.correct, point.no.total].map(numberCell),
      ...intervalCells(point.balanced),
      ...intervalCells(point.yesInterval).slice(1),
      ...intervalCells(point.noInterval).slice(1),
      numberCell(delta),
      BALANCED_METHOD_IDS[method],
    ].join(','),
  );
  return `${UTF8_BOM}${[header, ...lines].join('\r\n')}\r\n`;
}

/**
 * The over-time cumulative view as CSV: at each window's end the labels so far, the anytime-valid
 * balanced band (unrounded), whether its lower bound is ≥ the target and which window first cleared it.
 */
export function cumulativeBandCsv(window: string, band: CumulativeBand, target: number, delta: number): string {
  const header = 'window,start,yes_correct,yes_total,no_correct,no_total,balanced_estimate,balanced_lower,balanced_upper,target,lower_at_least_target,first_cleared,delta,method';
  const lines = band.rows.map((row, index) =>
    [
      textCell(window),
      textCell(row.window),
      ...[row.yes.correct, row.yes.total, row.no.correct, row.no.total].map(numberCell),
      ...intervalCells(row.band),
      numberCell(target),
      row.band !== null && row.band.lower >= target ? 'yes' : 'no',
      index === band.firstCleared ? 'yes' : 'no',
      numberCell(delta),
      ANYTIME_METHOD_IDS.balanced,
    ].join(','),
  );
  return `${UTF8_BOM}${[header, ...lines].join('\r\n')}\r\n`;
}
