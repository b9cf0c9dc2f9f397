import { describe, expect, it } from 'vitest';
import { FORMULA_NAMES, expectFormulaSafe } from '../../test/formula-cells';
import type { Detector } from '../detectors';
import { countsTableCsv, sliceTable, sliceTableCsv, timeTable, timeTableCsv } from '../evaluation';
import { intervalsToCsv, parseCountsCsv } from './index';

// Issue 29: a detector (or slice, or window) named like a formula is text in every CSV the app writes.
const detectors: Detector[] = FORMULA_NAMES.map((name, index) => ({
  id: `d${index}`,
  name,
  query: name,
  yes: { correct: 38, total: 40 },
  no: { correct: 55, total: 60 },
}));
const groups = FORMULA_NAMES.map((name) => ({ group: name, yes: { correct: 9, total: 10 }, no: { correct: 18, total: 20 } }));

describe('formula injection: every CSV export writes formula-like text as text (issue 29)', () => {
  it('the list’s intervals export', () => {
    expectFormulaSafe(intervalsToCsv(detectors, 0.05, 'union'));
  });

  it('the data view’s counts, slices and time windows', () => {
    expectFormulaSafe(countsTableCsv(groups.map((g) => ({ detector: g.group, yes: g.yes, no: g.no, balanced: null })), 0.05));
    expectFormulaSafe(sliceTableCsv('=cmd|x', sliceTable(groups, 0.05), 0.05, 'union'), [...FORMULA_NAMES, '=cmd|x']);
    expectFormulaSafe(timeTableCsv('@day', timeTable(groups, 0.05, 0.9), 0.05, 'union'), [...FORMULA_NAMES, '@day']);
  });

  it('a counts CSV the data view exported reads back with the names as they were', () => {
    const csv = countsTableCsv(groups.filter((g) => g.group.trim() === g.group).map((g) => ({ detector: g.group, yes: g.yes, no: g.no, balanced: null })), 0.05);
    const parsed = parseCountsCsv(csv);
    expect(parsed.errors).toEqual([]);
    expect(parsed.detectors.map((d) => d.name)).toEqual(FORMULA_NAMES.filter((name) => name.trim() === name));
  });
});
