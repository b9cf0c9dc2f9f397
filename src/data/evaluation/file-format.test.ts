import { describe, expect, it } from 'vitest';
import { openNodeDuckDb } from '../../test/node-duckdb';
import { detectEvaluationFormat, engineFileName, readerProblem } from './file-format';
import { readFileSql } from './sql';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('detectEvaluationFormat', () => {
  it('tells formats by magic bytes first, then by name', () => {
    expect(detectEvaluationFormat('x.bin', 10, new Uint8Array([0x50, 0x41, 0x52, 0x31, 0]))).toEqual({ ok: true, format: 'parquet' });
    expect(detectEvaluationFormat('x.csv.gz', 10, new Uint8Array([0x1f, 0x8b, 8]))).toEqual({ ok: true, format: 'csv.gz' });
    expect(detectEvaluationFormat('x.tsv', 10, bytes('a\tb'))).toEqual({ ok: true, format: 'tsv' });
    expect(detectEvaluationFormat('x.jsonl', 10, bytes('{"a":1}'))).toEqual({ ok: true, format: 'jsonl' });
    expect(detectEvaluationFormat('x.json', 10, bytes('\uFEFF{"a":1}\n{"a":2}'))).toEqual({ ok: true, format: 'jsonl' });
    expect(detectEvaluationFormat('results.txt', 10, bytes('a,b'))).toEqual({ ok: true, format: 'csv' });
  });
  it('refuses empty, binary, misnamed and single-document files with the reason', () => {
    expect(detectEvaluationFormat('e.csv', 0, new Uint8Array())).toMatchObject({ ok: false, message: expect.stringMatching(/empty \(0 bytes\)/) });
    expect(detectEvaluationFormat('j.csv', 10, new Uint8Array([1, 0, 2]))).toMatchObject({ ok: false, message: expect.stringMatching(/looks binary/) });
    expect(detectEvaluationFormat('p.parquet', 10, bytes('a,b'))).toMatchObject({ ok: false, message: expect.stringMatching(/PAR1/) });
    expect(detectEvaluationFormat('g.csv.gz', 10, bytes('a,b'))).toMatchObject({ ok: false, message: expect.stringMatching(/not gzip/) });
    expect(detectEvaluationFormat('d.json', 10, bytes('[{"a":1}]'))).toMatchObject({ ok: false, message: expect.stringMatching(/not JSON Lines/) });
  });
});

describe('readerProblem', () => {
  it('names the line DuckDB stopped at, in the user’s terms, for a row with a field too many (it said "Error when sniffing file")', async () => {
    const db = await openNodeDuckDb();
    const lines = ['detector,label,prediction'];
    for (let i = 0; i < 30_000; i++) lines.push(i === 25_000 ? 'a,yes,no,extra' : `a,${i % 2 ? 'yes' : 'no'},yes`);
    db.registerFileText(engineFileName('csv'), `${lines.join('\n')}\n`);
    let duckDbMessage = '';
    try {
      db.connect().query(`SELECT count(*) FROM ${readFileSql(engineFileName('csv'), 'csv', 'sampled')}`);
    } catch (error) {
      duckDbMessage = (error as Error).message;
    }
    expect(readerProblem(duckDbMessage, 'ragged.csv', 'csv')).toBe(
      'line 25,002 does not fit the lines before it (a field too many or too few — e.g. an unquoted comma in a value — or an unclosed quote). Fix that line, or export the file again.',
    );
  });

  it('says what a sniffing failure means, and otherwise keeps DuckDB’s first line with the user’s file name for the engine’s', () => {
    expect(readerProblem('Invalid Input Error: Error when sniffing file "evaluation.csv".\nIt was not possible…', 'mine.csv', 'csv')).toBe(
      'its lines do not share one layout (a field too many or too few in some line, or an unclosed quote), so its delimiter and quoting could not be worked out.',
    );
    expect(readerProblem('IO Error: No files found that match the pattern "evaluation.csv"\nmore', 'mine.csv', 'csv')).toBe('IO Error: No files found that match the pattern "mine.csv"');
  });
});
