import { describe, expect, it } from 'vitest';
import { detectEvaluationFormat } from './evaluation-format';

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
