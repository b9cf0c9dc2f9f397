import { describe, expect, it } from 'vitest';
import { pickTailOutcomes } from './pick-tail-outcomes';

describe('pickTailOutcomes', () => {
  const columns = [Float64Array.of(10, 20, 30, 40), Float64Array.of(1, 2, 3, 4)];
  const statistic = [0.5, -Infinity, 2, Infinity];

  it('keeps the entries of every column at or beyond the observed statistic, in order, ties included', () => {
    expect(pickTailOutcomes(columns, (i) => statistic[i]!, 0.5, true).map((column) => [...column])).toEqual([[10, 30, 40], [1, 3, 4]]);
    expect(pickTailOutcomes(columns, (i) => statistic[i]!, 0.5, false).map((column) => [...column])).toEqual([[10, 20], [1, 2]]);
  });

  it('counts a statistic a rounding error away as a tie, and nothing farther', () => {
    const near = [1 + 5e-10, 1 - 5e-10, 1 - 1e-8];
    expect([...pickTailOutcomes([Float64Array.of(0, 1, 2)], (i) => near[i]!, 1, true)[0]!]).toEqual([0, 1]);
    expect([...pickTailOutcomes([Float64Array.of(0, 1, 2)], (i) => statistic[i]!, Infinity, true)[0]!]).toEqual([]);
    expect([...pickTailOutcomes([Float64Array.of(0, 1, 2, 3)], (i) => statistic[i]!, Infinity, false)[0]!]).toEqual([0, 1, 2, 3]);
  });
});
