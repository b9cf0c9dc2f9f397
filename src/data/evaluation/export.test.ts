import { describe, expect, it } from 'vitest';
import { sliceTableCsv, thresholdCurveCsv, timeTableCsv } from './export';
import { sliceTable } from './slices';
import { timeTable } from './time';

const group = (name: string, yes: [number, number], no: [number, number]) => ({
  group: name,
  yes: { correct: yes[0], total: yes[1] },
  no: { correct: no[0], total: no[1] },
});

/** The last column of a CSV's header and of each row (the files start with a byte-order mark). */
function lastColumn(csv: string): string[] {
  return csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(',').at(-1)!);
}

describe('the evaluation exports name the balanced interval’s method', () => {
  const groups = [group('a', [9, 10], [18, 20]), group('b', [7, 10], [19, 20])];

  it.each([
    ['buehler', 'exact-buehler-union-ordering'],
    ['union', 'exact-union-bound'],
    ['inversion', 'exact-test-inversion'],
  ] as const)('%s: slices, time windows and the threshold curve end with method = %s', (method, id) => {
    expect(lastColumn(sliceTableCsv('site', sliceTable(groups, 0.05), 0.05, method))).toEqual(['method', id, id]);
    expect(lastColumn(timeTableCsv('day', timeTable(groups, 0.05, 0.9), 0.05, method))).toEqual(['method', id, id]);
    const point = { threshold: 0.5, ...groups[0]!, balanced: null, yesInterval: null, noInterval: null };
    expect(lastColumn(thresholdCurveCsv([point], 0.05, method))).toEqual(['method', id]);
  });
});
