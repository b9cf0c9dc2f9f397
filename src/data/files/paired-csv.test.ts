import { describe, expect, it } from 'vitest';
import { groupRowErrors, parsePairedCsv } from './paired-csv';

describe('parsePairedCsv', () => {
  it('counts each class’s discordant pairs and each detector’s results', () => {
    const csv = [
      'example_id,label,prediction_a,prediction_b',
      'e1,yes,yes,no', // YES: A right, B wrong → b
      'e2,yes,no,yes', // YES: c
      'e3,yes,yes,yes', // YES: both right
      'e4,true,false,false', // YES: both wrong
      'e5,no,no,yes', // NO: b
      'e6,0,0,0', // NO: both right
      'e7,No,YES,no', // NO: c
    ].join('\n');
    const parsed = parsePairedCsv(csv);
    expect(parsed.fatal).toBeUndefined();
    expect(parsed.problems).toEqual([]);
    expect(parsed.tables).toEqual({ yes: { b: 1, c: 1, n: 4 }, no: { b: 1, c: 1, n: 3 } });
    expect(parsed.a).toEqual({ yes: { correct: 2, total: 4 }, no: { correct: 2, total: 3 } });
    expect(parsed.b).toEqual({ yes: { correct: 2, total: 4 }, no: { correct: 2, total: 3 } });
    expect([parsed.used, parsed.rowCount]).toEqual([7, 7]);
  });

  it('agrees with an independent count on generated data, columns in any order', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const rows: [string, boolean, boolean, boolean][] = Array.from({ length: 2_000 }, (_, index) => {
      const label = random() < 0.4;
      return [`img-${index}`, label, random() < 0.9 ? label : !label, random() < 0.85 ? label : !label];
    });
    const csv = ['Prediction_B;example_id;label;prediction_a', ...rows.map(([id, label, a, b]) => `${b ? 1 : 0};${id};${label ? 1 : 0};${a ? 1 : 0}`)].join('\r\n');
    const expected = { yes: { b: 0, c: 0, n: 0 }, no: { b: 0, c: 0, n: 0 } };
    for (const [, label, a, b] of rows) {
      const table = expected[label ? 'yes' : 'no'];
      table.n += 1;
      table.b += Number(a === label && b !== label);
      table.c += Number(a !== label && b === label);
    }
    expect(parsePairedCsv(csv).tables).toEqual(expected);
  });

  it('summarises bad rows by reason with their first line numbers, and keeps the good ones', () => {
    const lines = ['example_id,label,prediction_a,prediction_b'];
    for (let index = 0; index < 30; index++) lines.push(`ok-${index},yes,yes,no`);
    for (let index = 0; index < 12; index++) lines.push(`ok-${index},yes,no,no`); // 12 repeats, lines 32–43
    lines.push('x1,maybe,yes,no', 'x2,no,,no', ',no,no,no', 'x3,no,no'); // lines 44–47
    const parsed = parsePairedCsv(lines.join('\n'));
    expect(parsed.tables.yes).toEqual({ b: 30, c: 0, n: 30 });
    expect(parsed.used).toBe(30);
    expect(parsed.rowCount).toBe(46);
    expect(parsed.problems).toEqual([
      { reason: 'example_id repeats an earlier row (the first row with it is used)', count: 12, lines: [32, 33, 34, 35, 36] },
      { reason: 'label must be yes/no, true/false or 1/0', count: 1, lines: [44] },
      { reason: 'prediction_a must be yes/no, true/false or 1/0', count: 1, lines: [45] },
      { reason: 'example_id is empty', count: 1, lines: [46] },
      { reason: 'expected 4 fields like the header, got 3', count: 1, lines: [47] },
    ]);
  });

  it('says what is wrong with the header, naming the missing columns', () => {
    expect(parsePairedCsv('example_id,label,prediction\n1,yes,yes').fatal).toMatch(/missing prediction_a, prediction_b/);
    expect(parsePairedCsv('').fatal).toMatch(/empty/);
  });
});

describe('groupRowErrors', () => {
  it('groups in order of first appearance', () => {
    expect(groupRowErrors([{ line: 9, message: 'b' }, { line: 2, message: 'a' }, { line: 4, message: 'b' }], 1)).toEqual([
      { reason: 'a', count: 1, lines: [2] },
      { reason: 'b', count: 2, lines: [4] },
    ]);
  });
});
