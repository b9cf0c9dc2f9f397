import { describe, expect, it } from 'vitest';
import { csvCell, CsvParts, JsonLinesReader } from './convert';

describe('csvCell', () => {
  it('quotes only what needs it, and keeps missing and empty apart', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell(' padded')).toBe('" padded"');
    expect(csvCell('')).toBe('""');
    expect(csvCell(null)).toBe('');
    expect(csvCell(12n)).toBe('12');
    expect(csvCell(new Date(Date.UTC(2026, 0, 2)))).toBe('2026-01-02T00:00:00.000Z');
    expect(csvCell({ a: [1, 2] })).toBe('"{""a"":[1,2]}"');
  });
});

describe('JsonLinesReader', () => {
  it('reads objects across chunk boundaries, adds late columns, and counts lines that are not objects', () => {
    const csv = new CsvParts();
    const reader = new JsonLinesReader(csv);
    reader.push('\uFEFF{"label":"yes","pred":"no"}\n{"label":"n');
    reader.push('o","pred":"no","site":"a"}\r\nnot json\n\n[1,2]\n{"label":"yes"}');
    reader.end();
    expect(csv.rows).toBe(3);
    expect(reader.skipped).toEqual({ count: 2, examples: [3, 5] });
    expect(csv.blobParts().join('')).toBe('label,pred,site\nyes,no\nno,no,a\nyes\n');
  });
});
