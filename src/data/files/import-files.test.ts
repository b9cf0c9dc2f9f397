import { describe, expect, it } from 'vitest';
import { countsTableCsv } from '../evaluation/export';
import { checkImportSize, detectImportKind, MAX_IMPORT_BYTES, parseCountsCsv, parseImportFile, parsePerExampleCsv, perExampleFileReason } from './import-files';

describe('checkImportSize', () => {
  it('accepts files up to the limit and refuses larger ones with both sizes', () => {
    expect(MAX_IMPORT_BYTES).toBe(5 * 1024 * 1024);
    expect(checkImportSize(0)).toBeNull();
    expect(checkImportSize(MAX_IMPORT_BYTES)).toBeNull();
    expect(checkImportSize(7.2 * 1024 * 1024)).toBe('file is 7.2 MB; the limit is 5 MB');
    expect(checkImportSize(MAX_IMPORT_BYTES + 1)).toBe('file is 5.1 MB; the limit is 5 MB');
  });
});

describe('parsePerExampleCsv', () => {
  it('derives per-class counts per detector, in first-seen order', () => {
    const csv = [
      'detector,label,prediction',
      'Forklift,yes,yes', // YES correct
      'Forklift,yes,no', // YES wrong
      'Forklift,no,no', // NO correct
      'Smoke,TRUE,1',
      'Forklift, No , YES ', // NO wrong (trimmed, any case)
      'Smoke,false,0',
      'Smoke,0,false',
    ].join('\n');
    const result = parsePerExampleCsv(csv);
    expect(result.errors).toEqual([]);
    expect(result.rowCount).toBe(7);
    expect(result.detectors).toEqual([
      { id: 'forklift', name: 'Forklift', query: '', yes: { correct: 1, total: 2 }, no: { correct: 1, total: 2 } },
      { id: 'smoke', name: 'Smoke', query: '', yes: { correct: 1, total: 1 }, no: { correct: 2, total: 2 } },
    ]);
  });

  it('reads columns in any order and case, with an optional query column', () => {
    const csv = 'Prediction,QUERY,Label,Detector\nyes,Is there a forklift?,yes,Forklift\nno,,no,Forklift\n';
    const [detector] = parsePerExampleCsv(csv).detectors;
    expect(detector).toEqual({
      id: 'forklift',
      name: 'Forklift',
      query: 'Is there a forklift?',
      yes: { correct: 1, total: 1 },
      no: { correct: 1, total: 1 },
    });
  });

  it('warns about a second, different query for the same detector and keeps the first', () => {
    const csv = 'detector,label,prediction,query\nA,yes,yes,Q1\nA,no,no,Q2\n';
    const result = parsePerExampleCsv(csv);
    expect(result.detectors[0]?.query).toBe('Q1');
    expect(result.warnings).toEqual([{ line: 3, message: "line 3: query for 'A' differs from the one on line 2; keeping line 2's" }]);
  });

  it('reports every malformed row with its file line number and reason, and uses the rest', () => {
    const csv = [
      'detector,label,prediction', // 1
      'A,yes,yes', // 2
      '', // 3 blank: skipped
      'A,yes', // 4 too few fields
      ',yes,no', // 5 empty detector
      'A,positive,yes', // 6 bad label
      'A,no,maybe', // 7 bad prediction
      'A,yes,no,extra', // 8 too many fields
      'A,no,no', // 9
    ].join('\n');
    const result = parsePerExampleCsv(csv);
    expect(result.errors).toEqual([
      { line: 4, message: 'line 4: expected 3 fields like the header, got 2' },
      { line: 5, message: 'line 5: detector is empty' },
      { line: 6, message: "line 6: label must be yes/no, true/false or 1/0, got 'positive'" },
      { line: 7, message: "line 7: prediction must be yes/no, true/false or 1/0, got 'maybe'" },
      { line: 8, message: 'line 8: expected 3 fields like the header, got 4' },
    ]);
    expect(result.detectors).toEqual([
      { id: 'a', name: 'A', query: '', yes: { correct: 1, total: 1 }, no: { correct: 1, total: 1 } },
    ]);
    expect(result.rowCount).toBe(7);
  });

  it('counts lines inside quoted fields, so later line numbers stay right', () => {
    const csv = 'detector,label,prediction,query\n"Fork, lift",yes,yes,"Is there\na ""forklift""?"\nB,yes,nope,\n';
    const result = parsePerExampleCsv(csv);
    expect(result.detectors[0]).toMatchObject({ name: 'Fork, lift', id: 'fork-lift', query: 'Is there\na "forklift"?' });
    expect(result.errors).toEqual([{ line: 4, message: "line 4: prediction must be yes/no, true/false or 1/0, got 'nope'" }]);
  });

  it('handles a BOM and CRLF line ends', () => {
    const csv = '\uFEFFdetector,label,prediction\r\nA,yes,yes\r\n\r\nA,no,x\r\n';
    const result = parsePerExampleCsv(csv);
    expect(result.detectors).toEqual([{ id: 'a', name: 'A', query: '', yes: { correct: 1, total: 1 }, no: { correct: 0, total: 0 } }]);
    expect(result.errors).toEqual([{ line: 4, message: "line 4: prediction must be yes/no, true/false or 1/0, got 'x'" }]);
  });

  it('reads semicolon-separated files', () => {
    expect(parsePerExampleCsv('detector;label;prediction\nA;yes;no\n').detectors[0]?.yes).toEqual({ correct: 0, total: 1 });
  });

  it('reports an unterminated quote on the line where it opens', () => {
    const result = parsePerExampleCsv('detector,label,prediction\nA,yes,yes\n"B,yes,yes\nC,no,no\n');
    expect(result.errors[0]?.line).toBe(3);
    expect(result.errors[0]?.message).toBe('line 3: a quoted field is never closed, so the rest of the file was read as part of it');
  });

  it('reports a misplaced quote', () => {
    expect(parsePerExampleCsv('detector,label,prediction\nA,"yes"x,yes\n').errors).toEqual([
      { line: 2, message: 'line 2: misplaced quote: a field that starts with " must end with " (write "" for a quote inside it)' },
    ]);
  });

  it('refuses an empty file and a missing header', () => {
    expect(parsePerExampleCsv('').errors).toEqual([{ line: 1, message: 'line 1: the file is empty; expected a header row naming the columns' }]);
    expect(parsePerExampleCsv(' \r\n \n').errors[0]?.line).toBe(1);
    expect(parsePerExampleCsv('A,yes,yes\nB,no,no\n').errors).toEqual([
      {
        line: 1,
        message: 'line 1: the header must name the columns detector, label, prediction (optionally query); missing detector, label, prediction (found: a, yes, yes)',
      },
    ]);
  });

  it('gives clashing names distinct ids', () => {
    const ids = parsePerExampleCsv('detector,label,prediction\nFork lift,yes,yes\nfork-lift,yes,yes\n???,no,no\n').detectors.map((d) => d.id);
    expect(ids).toEqual(['fork-lift', 'fork-lift-2', 'detector']);
  });
});

describe('parseCountsCsv', () => {
  it('reads back names that our CSV exports guarded against formulas, as they were', () => {
    const names = ['-dashcam', '=SUM(A1)', '+1 cam', '@home', 'plain', "'quoted"];
    const csv = countsTableCsv(
      names.map((detector) => ({ detector, yes: { correct: 1, total: 2 }, no: { correct: 3, total: 4 }, balanced: null })),
      0.05,
    );
    expect(parseCountsCsv(csv).detectors.map((detector) => detector.name)).toEqual(names);
  });


  it('reads counts per detector, with optional id and query', () => {
    const csv = 'id,detector,query,yes_correct,yes_total,no_correct,no_total\nfl-1,Forklift,Is there a forklift?,38,40,55,60\n,Smoke,,0,0,297,300\n';
    expect(parseCountsCsv(csv)).toEqual({
      detectors: [
        { id: 'fl-1', name: 'Forklift', query: 'Is there a forklift?', yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } },
        { id: 'smoke', name: 'Smoke', query: '', yes: { correct: 0, total: 0 }, no: { correct: 297, total: 300 } },
      ],
      errors: [],
      warnings: [],
      rowCount: 2,
    });
  });

  it('accepts name for detector', () => {
    expect(parseCountsCsv('name,yes_correct,yes_total,no_correct,no_total\nA,1,2,3,4').detectors[0]?.name).toBe('A');
  });

  it('reports each bad row with the column names the user wrote', () => {
    const csv = [
      'detector,yes_correct,yes_total,no_correct,no_total,id', // 1
      'A,15,12,1,1,', // 2
      'B,1.5,2,1,1,', // 3
      'C,1,2,-1,1,', // 4
      'D,1,2,,1,', // 5
      'A,1,2,1,1,', // 6 valid: line 2's A was rejected
      'E,1,2,1,1,bad id', // 7
      'F,1,2,1,1,f', // 8
      'G,1,2,1,1,f', // 9 duplicate id
      'F,1,2,1,1,', // 10 duplicate name
    ].join('\n');
    const result = parseCountsCsv(csv);
    expect(result.errors).toEqual([
      { line: 2, message: 'line 2: yes_correct must be ≤ yes_total (12), got 15' },
      { line: 3, message: 'line 3: yes_correct must be a whole number, got 1.5' },
      { line: 4, message: 'line 4: no_correct must not be negative, got -1' },
      { line: 5, message: 'line 5: no_correct is empty; enter a whole number ≥ 0' },
      {
        line: 7,
        message: "line 7: id must be 1–100 letters, digits, '-', '_' or '.', starting with a letter or digit, got 'bad id'",
      },
      { line: 9, message: "line 9: id 'f' is already on line 8" },
      { line: 10, message: "line 10: detector 'F' is already on line 8" },
    ]);
    expect(result.detectors.map((d) => d.id)).toEqual(['a', 'f']);
  });

  it('never gives a slug the id another row states explicitly', () => {
    const csv = 'detector,id,yes_correct,yes_total,no_correct,no_total\nA,,1,1,1,1\nB,a,1,1,1,1\n';
    expect(parseCountsCsv(csv).detectors.map((d) => d.id)).toEqual(['a-2', 'a']);
  });

  it('names missing columns', () => {
    expect(parseCountsCsv('detector,yes_correct,yes_total\nA,1,2').errors[0]?.message).toBe(
      'line 1: the header must name the columns detector, yes_correct, yes_total, no_correct, no_total (optionally id, query); missing no_correct, no_total (found: detector, yes_correct, yes_total)',
    );
  });
});

describe('detectImportKind and parseImportFile', () => {
  it('judges by content first', () => {
    expect(detectImportKind('x.csv', ' {"schema":1}')).toBe('json');
    expect(detectImportKind('x.txt', '\uFEFFdetector,label,prediction\n')).toBe('per-example-csv');
    expect(detectImportKind('x.json', '"Detector";"Label";"Prediction"\r\n')).toBe('per-example-csv');
    expect(detectImportKind('x', 'detector,yes_correct,yes_total,no_correct,no_total\n')).toBe('counts-csv');
    expect(detectImportKind('x.json', 'garbage')).toBe('json');
    expect(detectImportKind('x.csv', 'a,b,c')).toBe('unknown');
  });

  it('parses JSON files through the schema and reports syntax errors', () => {
    const good = { schema: 'tailbound.detectors', version: 1, detectors: [{ id: 'a', name: 'A', query: '', yes: { correct: 1, total: 2 }, no: { correct: 1, total: 1 } }] };
    expect(parseImportFile('d.json', JSON.stringify(good))).toEqual({ kind: 'json', detectors: good.detectors, classDetectors: [], errors: [] });
    const broken = parseImportFile('d.json', '{"schema": ');
    expect(broken.kind === 'json' && broken.errors[0]?.message).toMatch(/^not valid JSON: /);
  });

  it('explains an unknown file', () => {
    const result = parseImportFile('notes.csv', 'a,b\n1,2');
    expect(result.kind === 'unknown' && result.message).toContain('notes.csv is neither a detectors JSON file nor a CSV');
  });
});

describe('perExampleFileReason', () => {
  it('sends JSON Lines, Parquet, gzip, TSV and files past the limit to the evaluation data view', () => {
    expect(perExampleFileReason('preds.jsonl', 100)).toMatch(/per-example results/);
    expect(perExampleFileReason('preds.parquet', 100)).toMatch(/per-example results/);
    expect(perExampleFileReason('preds.csv.gz', 100)).toMatch(/per-example results/);
    expect(perExampleFileReason('big.csv', MAX_IMPORT_BYTES + 1)).toBe('big.csv was not read: the file is 5.1 MB; the limit is 5 MB');
    expect(perExampleFileReason('detectors.json', 100)).toBeNull();
    expect(perExampleFileReason('results.csv', 100)).toBeNull();
  });
});
