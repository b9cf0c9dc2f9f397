import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balancedConfidenceSequence, proportionConfidenceSequence } from '../../stats';
import { type DatedCounts, isDatedCountsList, isIsoDay, monitoringReading, parseCountsHistoryCsv, sinceDay } from './counts-history';

const CSV = ['date,yes_correct,yes_total,no_correct,no_total', '2026-03-01,18,20,29,30', '2026-03-02,19,20,30,30', '2026-03-04,40,40,58,60'].join('\n');

describe('parseCountsHistoryCsv', () => {
  it('reads one row a day, in order', () => {
    const parsed = parseCountsHistoryCsv(`\uFEFF${CSV}\r\n\r\n`);
    expect(parsed).toEqual({
      ok: true,
      rows: [
        { date: '2026-03-01', yes: { correct: 18, total: 20 }, no: { correct: 29, total: 30 } },
        { date: '2026-03-02', yes: { correct: 19, total: 20 }, no: { correct: 30, total: 30 } },
        { date: '2026-03-04', yes: { correct: 40, total: 40 }, no: { correct: 58, total: 60 } },
      ],
    });
  });

  it('names every bad line with its number and what is wrong, values clipped, and takes nothing', () => {
    const long = 'x'.repeat(300);
    const parsed = parseCountsHistoryCsv(
      ['date,yes_correct,yes_total,no_correct,no_total', '2026-02-30,1,2,3,4', '2026-03-01,3,2,1,1', '2026-03-02,1,2', `2026-03-03,${long},2,1,1`, '2026-03-03,1,2,1,1', '2026-03-01,1,2,1,1'].join('\n'),
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems).toEqual([
      "line 2: date must be a day written YYYY-MM-DD, got '2026-02-30'",
      'line 3: should-be-YES correct must be ≤ total (2), got 3',
      "line 4: expected 5 values, got 3 ('2026-03-02,1,2')",
      `line 5: should-be-YES correct must be a whole number, got '${'x'.repeat(40)}…'`,
      // Line 5 was not taken, so line 6's day follows line 3's (also not taken): the last good day is none.
      "line 7: date 2026-03-01 must come after the previous row's 2026-03-03 (one row a day, in order)",
    ]);
  });

  it('refuses a wrong header and an empty file, and summarises past ten bad lines', () => {
    expect(parseCountsHistoryCsv('day,a,b,c,d\n2026-01-01,1,1,1,1')).toEqual({ ok: false, problems: ["line 1: the header must be date,yes_correct,yes_total,no_correct,no_total, got 'day,a,b,c,d'"] });
    expect(parseCountsHistoryCsv('date,yes_correct,yes_total,no_correct,no_total\n')).toEqual({ ok: false, problems: ['the file has a header but no days'] });
    const bad = ['date,yes_correct,yes_total,no_correct,no_total', ...Array.from({ length: 14 }, (_, index) => `2026-01-${String(index + 1).padStart(2, '0')},5,2,1,1`)].join('\n');
    const parsed = parseCountsHistoryCsv(bad);
    expect(parsed.ok === false && parsed.problems).toHaveLength(11);
    expect(parsed.ok === false && parsed.problems.at(-1)).toBe('and 4 more bad lines');
  });
});

describe('isIsoDay and isDatedCountsList', () => {
  it('accepts real days only, and histories as the CSV rules allow them', () => {
    expect(isIsoDay('2024-02-29')).toBe(true);
    expect(isIsoDay('2025-02-29')).toBe(false);
    expect(isIsoDay('2026-3-01')).toBe(false);
    const parsed = parseCountsHistoryCsv(CSV);
    expect(parsed.ok && isDatedCountsList(parsed.rows)).toBe(true);
    expect(isDatedCountsList([])).toBe(false);
    expect(isDatedCountsList([{ date: '2026-01-02', yes: { correct: 1, total: 1 }, no: { correct: 1, total: 1 } }, { date: '2026-01-01', yes: { correct: 1, total: 1 }, no: { correct: 1, total: 1 } }])).toBe(false);
    expect(isDatedCountsList([{ date: '2026-01-02', yes: { correct: 2, total: 1 }, no: { correct: 1, total: 1 } }])).toBe(false);
  });
});

describe('monitoringReading', () => {
  const parsed = parseCountsHistoryCsv(CSV);
  const rows = parsed.ok ? parsed.rows : [];

  it('intersects each class’s anytime-valid intervals over the days (δ/2 a class) and averages them', () => {
    const reading = monitoringReading(rows, 0.05)!;
    let yes = { correct: 0, total: 0 };
    let no = { correct: 0, total: 0 };
    const lowers = { yes: 0, no: 0 };
    const uppers = { yes: 1, no: 1 };
    for (const row of rows) {
      yes = { correct: yes.correct + row.yes.correct, total: yes.total + row.yes.total };
      no = { correct: no.correct + row.no.correct, total: no.total + row.no.total };
      const a = proportionConfidenceSequence(yes.correct, yes.total, 0.025);
      const b = proportionConfidenceSequence(no.correct, no.total, 0.025);
      lowers.yes = Math.max(lowers.yes, a.lower);
      lowers.no = Math.max(lowers.no, b.lower);
      uppers.yes = Math.min(uppers.yes, a.upper);
      uppers.no = Math.min(uppers.no, b.upper);
    }
    expect(reading.yes).toEqual({ correct: 77, total: 80 });
    expect(reading.no).toEqual({ correct: 117, total: 120 });
    expect(reading.interval.estimate).toBeCloseTo((77 / 80 + 117 / 120) / 2, 12);
    expect(reading.interval.lower).toBeCloseTo((lowers.yes + lowers.no) / 2, 12);
    expect(reading.interval.upper).toBeCloseTo((uppers.yes + uppers.no) / 2, 12);
    // Never looser than the last day's sequence alone.
    const last = balancedConfidenceSequence({ yes, no }, 0.05);
    expect(reading.interval.lower).toBeGreaterThanOrEqual(last.lower);
    expect(reading.interval.upper).toBeLessThanOrEqual(last.upper);
    expect([reading.days, reading.firstDay, reading.lastDay, reading.drifted]).toEqual([3, '2026-03-01', '2026-03-04', false]);
  });

  it('says when later labels disagree with earlier ones (the estimate leaves the running interval)', () => {
    const days = (accuracy: number, from: number): DatedCounts[] =>
      Array.from({ length: 10 }, (_, index) => ({ date: `2026-01-${String(from + index).padStart(2, '0')}`, yes: { correct: Math.round(200 * accuracy), total: 200 }, no: { correct: Math.round(200 * accuracy), total: 200 } }));
    const steady = monitoringReading(days(0.95, 1), 0.05)!;
    expect(steady.drifted).toBe(false);
    const fell = monitoringReading([...days(0.95, 1), ...days(0.6, 11)], 0.05)!;
    expect(fell.drifted).toBe(true);
    expect(fell.interval.estimate).toBeLessThan(fell.interval.lower);
  });

  it('has no reading before both classes have labels, and a running lower bound that never falls', () => {
    expect(monitoringReading([{ date: '2026-01-01', yes: { correct: 3, total: 3 }, no: { correct: 0, total: 0 } }], 0.05)).toBeNull();
    const day = fc.record({ yc: fc.nat(30), yt: fc.nat(30), nc: fc.nat(30), nt: fc.nat(30) }).map(({ yc, yt, nc, nt }) => ({ yes: { correct: Math.min(yc, yt), total: yt }, no: { correct: Math.min(nc, nt), total: nt } }));
    fc.assert(
      fc.property(fc.array(day, { minLength: 1, maxLength: 12 }), fc.constantFrom(0.1, 0.05, 0.01), (days, delta) => {
        const history: DatedCounts[] = days.map((counts, index) => ({ date: `2026-01-${String(index + 1).padStart(2, '0')}`, ...counts }));
        const reading = monitoringReading(history, delta);
        const known = reading?.lowers.filter((lower): lower is number => lower !== null) ?? [];
        known.forEach((lower, index) => index === 0 || expect(lower).toBeGreaterThanOrEqual(known[index - 1]! - 1e-15));
        if (reading) expect(reading.drifted).toBe(reading.interval.estimate < reading.interval.lower || reading.interval.estimate > reading.interval.upper);
      }),
    );
  });

  it('names the first day the running bound reached a level', () => {
    const reading = monitoringReading(rows, 0.05)!;
    expect(sinceDay(rows, reading, reading.lowers[0]!)).toBe('2026-03-01');
    expect(sinceDay(rows, reading, reading.interval.lower)).toBe(rows[reading.lowers.indexOf(reading.interval.lower)]!.date);
    expect(sinceDay(rows, reading, 1)).toBeNull();
  });
});
