import { describe, expect, it } from 'vitest';
import { balancedConfidenceSequence } from '../../stats';
import { cumulativeBand } from './cumulative-time';
import { cumulativeBandCsv } from './export';

const counts = (correct: number, total: number) => ({ correct, total });

describe('cumulativeBand', () => {
  // Three weeks out of order, the first without NO labels: the band starts once both classes have some.
  const weeks = [
    { group: '2026-03-16', yes: counts(190, 200), no: counts(196, 200) },
    { group: '2026-03-02', yes: counts(45, 50), no: counts(0, 0) },
    { group: '2026-03-09', yes: counts(95, 100), no: counts(97, 100) },
  ];

  it('adds the windows in time order and puts balancedConfidenceSequence on the running counts', () => {
    const { rows } = cumulativeBand(weeks, 0.05, 0.9);
    expect(rows.map((row) => row.window)).toEqual(['2026-03-02', '2026-03-09', '2026-03-16']);
    expect(rows.map((row) => [row.yes, row.no])).toEqual([
      [counts(45, 50), counts(0, 0)],
      [counts(140, 150), counts(97, 100)],
      [counts(330, 350), counts(293, 300)],
    ]);
    expect(rows[0]!.band).toBeNull();
    const last = balancedConfidenceSequence({ yes: counts(330, 350), no: counts(293, 300) }, 0.05);
    expect(rows[2]!.band).toEqual({ estimate: last.estimate, lower: last.lower, upper: last.upper });
    // The band narrows as labels arrive.
    expect(rows[2]!.band!.upper - rows[2]!.band!.lower).toBeLessThan(rows[1]!.band!.upper - rows[1]!.band!.lower);
  });

  it('names the first window whose lower bound clears the target, or none', () => {
    const { rows } = cumulativeBand(weeks, 0.05, 0.9);
    // Lower bounds 0.848 after the second week, 0.905 after the third (the sequence at δ/2 a class).
    expect(rows.map((row) => row.band && Number(row.band.lower.toFixed(3)))).toEqual([null, 0.848, 0.905]);
    expect(cumulativeBand(weeks, 0.05, 0.9).firstCleared).toBe(2);
    expect(cumulativeBand(weeks, 0.05, 0.8).firstCleared).toBe(1);
    expect(cumulativeBand(weeks, 0.05, 0.99).firstCleared).toBeNull();
    expect(cumulativeBand([], 0.05, 0.9)).toEqual({ rows: [], firstCleared: null });
  });

  it('exports as CSV: the running counts, the band unrounded, the target and the first window that cleared it', () => {
    const band = cumulativeBand(weeks, 0.05, 0.9);
    const lines = cumulativeBandCsv('week', band, 0.9, 0.05).split('\r\n');
    expect(lines[0]).toBe('\uFEFFwindow,start,yes_correct,yes_total,no_correct,no_total,balanced_estimate,balanced_lower,balanced_upper,target,lower_at_least_target,first_cleared,delta,method');
    expect(lines[1]).toBe('week,2026-03-02,45,50,0,0,,,,0.9,no,no,0.05,anytime-mixture-union-bound');
    const last = band.rows[2]!.band!;
    expect(lines[3]).toBe(`week,2026-03-16,330,350,293,300,${last.estimate},${last.lower},${last.upper},0.9,yes,yes,0.05,anytime-mixture-union-bound`);
    expect(lines).toHaveLength(5);
  });
});
