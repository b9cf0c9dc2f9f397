import { describe, expect, it } from 'vitest';
import { exactInterval } from '../../stats';
import { autoTimeWindow, timeTable } from './time';

const group = (name: string, yes: [number, number], no: [number, number]) => ({ group: name, yes: { correct: yes[0], total: yes[1] }, no: { correct: no[0], total: no[1] } });

describe('time windows', () => {
  it('picks days, weeks or months by the span', () => {
    expect(autoTimeWindow(10 * 86400)).toBe('day');
    expect(autoTimeWindow(90 * 86400)).toBe('week');
    expect(autoTimeWindow(900 * 86400)).toBe('month');
  });
  it('keeps windows in time order at δ/m and marks those whose interval excludes the overall estimate', () => {
    const table = timeTable([group('2026-01-12', [100, 1000], [100, 1000]), group('2026-01-05', [990, 1000], [990, 1000])], 0.05, 0.55);
    expect(table.rows.map((row) => row.group)).toEqual(['2026-01-05', '2026-01-12']);
    expect(table.sliceDelta).toBe(0.025);
    expect(table.rows.map((row) => row.excludesOverall)).toEqual([true, true]);
    expect(timeTable([group('2026-01-05', [5, 10], [5, 10])], 0.05, 0.5).rows[0]!.excludesOverall).toBe(false);
  });
  it('per-class lines are simultaneous over the windows that have that class: δ/m_yes and δ/m_no', () => {
    // Three windows: one has no NO labels, so the YES family is 3 and the NO family 2 (the balanced one is 2).
    const table = timeTable([group('2026-01-05', [8, 10], [9, 10]), group('2026-01-12', [7, 10], [0, 0]), group('2026-01-19', [9, 12], [30, 40])], 0.06, null);
    expect([table.family, table.yesLine, table.noLine]).toEqual([2, { family: 3, delta: 0.02 }, { family: 2, delta: 0.03 }]);
    expect(table.rows.map((row) => row.yesLine)).toEqual([exactInterval(10, 8, 0.02), exactInterval(10, 7, 0.02), exactInterval(12, 9, 0.02)]);
    expect(table.rows.map((row) => row.noLine)).toEqual([exactInterval(10, 9, 0.03), null, exactInterval(40, 30, 0.03)]);
  });
});
