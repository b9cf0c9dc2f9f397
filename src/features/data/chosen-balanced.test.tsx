import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sliceTable, timeTable } from '../../data/evaluation';
import { balancedBuehlerInterval, balancedInterval, balancedInversionInterval, type ClassCounts } from '../../stats';
import { chosenSliceTable } from './SlicesSection';
import { chosenTimeTable } from './TimeSection';
import { useChosenBalanced, type BalancedNeed } from './use-chosen-balanced';

const c = (correct: number, total: number): ClassCounts => ({ correct, total });
const plain = ({ estimate, lower, upper }: { estimate: number; lower: number; upper: number }) => ({ estimate, lower, upper });

describe('useChosenBalanced', () => {
  const needs: BalancedNeed[] = [
    { yes: c(0, 40), no: c(960, 960), delta: 0.05 },
    { yes: c(38, 40), no: c(55, 60), delta: 0.01 },
    { yes: c(0, 0), no: c(5, 9), delta: 0.05 },
  ];

  it.each([
    ['buehler', balancedBuehlerInterval],
    ['inversion', balancedInversionInterval],
    ['union', balancedInterval],
  ] as const)('gives each need the %s interval (null with an empty class)', (method, intervalOf) => {
    const { result } = renderHook(() => useChosenBalanced(method, needs));
    expect(result.current.pending).toBe(0);
    expect(result.current.progress).toBeNull();
    expect(result.current.intervals).toEqual([plain(intervalOf(needs[0]!, 0.05)), plain(intervalOf(needs[1]!, 0.01)), null]);
  });

  it('computes the large counts’ exact searches off the render, reporting them pending until they arrive', async () => {
    const large: BalancedNeed[] = [
      { yes: c(4_870, 5_000), no: c(2_950, 3_000), delta: 0.05 },
      { yes: c(4_600, 5_000), no: c(2_990, 3_000), delta: 0.05 },
    ];
    const { result } = renderHook(() => useChosenBalanced('buehler', large));
    expect(result.current.intervals).toEqual([undefined, undefined]);
    expect(result.current.pending).toBe(2);
    await waitFor(() => expect(result.current.pending).toBe(0), { timeout: 20_000 });
    expect(result.current.intervals).toEqual(large.map((need) => plain(balancedBuehlerInterval(need, need.delta))));
  }, 30_000);

  it('keeps its answer (the same object) when intervals arrive for another table, so its charts are not drawn again', async () => {
    const large: BalancedNeed[] = [{ yes: c(4_820, 5_000), no: c(2_940, 3_000), delta: 0.05 }];
    const { result } = renderHook(() => ({ mine: useChosenBalanced('buehler', needs), other: useChosenBalanced('buehler', large) }));
    const before = result.current.mine;
    expect(result.current.other.pending).toBe(1);
    await waitFor(() => expect(result.current.other.pending).toBe(0), { timeout: 20_000 });
    expect(result.current.mine).toBe(before);
  }, 30_000);
});

describe('the data view’s tables by the chosen interval', () => {
  const groups = [
    { group: 'a', yes: c(38, 40), no: c(55, 60) },
    { group: 'b', yes: c(0, 40), no: c(400, 400) },
    { group: 'c', yes: c(20, 20), no: c(10, 30) },
    { group: 'd', yes: c(0, 0), no: c(3, 3) },
  ];

  it('puts the chosen interval at δ/m in each slice and sorts by its lower bound once all are in', () => {
    const table = sliceTable(groups, 0.05);
    const chosen = { intervals: table.rows.map((row) => (row.yes.total && row.no.total ? plain(balancedInversionInterval(row, table.sliceDelta)) : null)), progress: null, pending: 0 };
    const result = chosenSliceTable(table, chosen);
    const lowers = result.rows.map((row) => row.balanced?.lower ?? Infinity);
    expect(lowers).toEqual([...lowers].sort((a, b) => a - b));
    expect(result.rows.at(-1)!.group).toBe('d');
    for (const row of result.rows.slice(0, 3)) expect(row.balanced).toEqual(plain(balancedInversionInterval(row, table.sliceDelta)));
    // The estimate-ordered inversion of a detector that never fires sits lower than the union bound's: the order changes.
    expect(result.rows.map((row) => row.group)).not.toEqual(table.rows.map((row) => row.group));
  });

  it('keeps the union bound’s order while some are computing, and marks those rows', () => {
    const table = sliceTable(groups, 0.05);
    const chosen = { intervals: [undefined, ...table.rows.slice(1).map(() => null)], progress: 0.5, pending: 1 };
    const result = chosenSliceTable(table, chosen);
    expect(result.rows.map((row) => row.group)).toEqual(table.rows.map((row) => row.group));
    expect(result.rows.map((row) => row.computing)).toEqual([true, false, false, false]);
    expect(result.rows[0]!.balanced).toBeNull();
  });

  it('marks a window as differing by the chosen interval, not the union bound’s', () => {
    const windows = [
      { group: '2024-01-01', yes: c(30, 40), no: c(45, 60) },
      { group: '2024-01-02', yes: c(40, 40), no: c(60, 60) },
    ];
    const table = timeTable(windows, 0.05, 0.9);
    const narrow = { estimate: 0.7, lower: 0.65, upper: 0.75 };
    const result = chosenTimeTable(table, { intervals: [narrow, undefined], progress: 0.5, pending: 1 }, 0.9);
    expect(result.rows.map((row) => [row.group, row.balanced, row.computing, row.excludesOverall])).toEqual([
      ['2024-01-01', narrow, false, true],
      ['2024-01-02', null, true, false],
    ]);
  });
});
