import { describe, expect, it } from 'vitest';
import { balancedInterval, exactInterval } from '../../stats';
import { sliceTable, UNDERPOWERED_WIDTH } from './slices';

const group = (name: string | null, yes: [number, number], no: [number, number]) => ({
  group: name,
  yes: { correct: yes[0], total: yes[1] },
  no: { correct: no[0], total: no[1] },
});

describe('sliceTable', () => {
  it('builds every interval at δ/m over the slices with labels (c has only YES labels, and its YES interval is one of the m), sorted by balanced lower bound', () => {
    const groups = [group('a', [90, 100], [95, 100]), group('b', [40, 50], [45, 50]), group('c', [5, 5], [0, 0]), group(null, [900, 1000], [950, 1000])];
    const table = sliceTable(groups, 0.05);
    expect(table.family).toBe(4);
    expect(table.sliceDelta).toBeCloseTo(0.05 / 4, 15);
    expect(table.rows.map((row) => row.group)).toEqual(['b', 'a', null, 'c']);
    const a = table.rows.find((row) => row.group === 'a')!;
    expect(a.balanced).toEqual(balancedInterval({ yes: a.yes, no: a.no }, 0.05 / 4));
    expect(a.yesInterval).toEqual(exactInterval(100, 90, 0.05 / 4));
    const c = table.rows.find((row) => row.group === 'c')!;
    expect(c.balanced).toBeNull();
    expect(c.noInterval).toBeNull();
    expect(c.yesInterval).toEqual(exactInterval(5, 5, 0.05 / 4));
    expect(c.thinClasses).toEqual(['yes', 'no']);
  });
  it('flags a class whose interval at δ/m is wider than the stated width, and only then', () => {
    const table = sliceTable([group('thin', [9, 10], [950, 1000]), group('wide', [900, 1000], [950, 1000])], 0.05);
    const thin = table.rows.find((row) => row.group === 'thin')!;
    expect(thin.yesInterval!.upper - thin.yesInterval!.lower).toBeGreaterThan(UNDERPOWERED_WIDTH);
    expect(thin.thinClasses).toEqual(['yes']);
    expect(table.rows.find((row) => row.group === 'wide')!.thinClasses).toEqual([]);
  });
  it('with one slice the correction is none (m = 1)', () => {
    expect(sliceTable([group('only', [1, 2], [1, 2])], 0.05).sliceDelta).toBe(0.05);
  });
});
