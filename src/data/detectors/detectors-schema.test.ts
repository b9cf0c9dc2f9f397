import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { balancedInterval } from '../../stats';
import { MAX_NAME_LENGTH, MAX_QUERY_LENGTH } from './detector';
import { parseDetectorsFile, toDetectorsFile, type ParseDetectorsResult } from './detectors-schema';

const good = {
  id: 'forklift-loading-bay',
  name: 'Forklift in loading bay',
  query: 'Is there a forklift in the loading bay?',
  yes: { correct: 38, total: 40 },
  no: { correct: 55, total: 60 },
};

function file(detectors: unknown[], extra: Record<string, unknown> = {}) {
  return { schema: 'tailbound.detectors', version: 1, detectors, ...extra };
}

function errorsOf(result: ParseDetectorsResult) {
  if (result.ok) throw new Error('expected errors');
  return result.errors;
}

describe('parseDetectorsFile', () => {
  it('accepts a valid file and keeps only the known fields', () => {
    const result = parseDetectorsFile(file([{ ...good, extra: 'ignored' }]));
    expect(result).toEqual({ ok: true, detectors: [good], classDetectors: [] });
  });

  it('allows a missing query (empty) and a class with total 0', () => {
    const { query: _query, ...noQuery } = good;
    const result = parseDetectorsFile(file([{ ...noQuery, no: { correct: 0, total: 0 } }]));
    expect(result.ok && result.detectors[0]).toEqual({ ...good, query: '', no: { correct: 0, total: 0 } });
  });

  it('rejects a non-object file', () => {
    expect(errorsOf(parseDetectorsFile([good]))[0]).toMatchObject({ path: '(file)', message: expect.stringContaining('got a list') });
    expect(errorsOf(parseDetectorsFile(null))[0]?.message).toContain('got null');
  });

  it('rejects a wrong schema name', () => {
    expect(errorsOf(parseDetectorsFile(file([good], { schema: 'other' })))).toEqual([
      { path: 'schema', message: 'must be "tailbound.detectors", got "other"' },
    ]);
  });

  it('rejects an unknown future version with a clear message', () => {
    expect(errorsOf(parseDetectorsFile(file([good], { version: 2 })))).toEqual([
      {
        path: 'version',
        message: 'version 2 is newer than this app understands (1); update tailbound or export the file as version 1',
      },
    ]);
    expect(errorsOf(parseDetectorsFile(file([good], { version: '1' })))[0]?.message).toBe('unsupported version "1"; this app reads version 1');
    const { version: _version, ...noVersion } = file([good]);
    expect(errorsOf(parseDetectorsFile(noVersion))[0]?.message).toBe('unsupported version nothing; this app reads version 1');
  });

  it('rejects a missing detectors list', () => {
    expect(errorsOf(parseDetectorsFile({ schema: 'tailbound.detectors', version: 1 }))).toEqual([
      { path: 'detectors', message: 'must be a list of detectors, got nothing' },
    ]);
  });

  it('gives the exact path for correct > total', () => {
    const detectors = [good, { ...good, id: 'b' }, { ...good, id: 'c' }, { ...good, id: 'd', yes: { correct: 15, total: 12 } }];
    expect(errorsOf(parseDetectorsFile(file(detectors)))).toEqual([
      { path: 'detectors[3].yes.correct', message: 'must be ≤ total (12), got 15' },
    ]);
  });

  it.each([
    [{ ...good, no: { correct: 2.5, total: 10 } }, 'detectors[0].no.correct', 'must be a whole number, got 2.5'],
    [{ ...good, no: { correct: 1, total: -3 } }, 'detectors[0].no.total', 'must not be negative, got -3'],
    [{ ...good, yes: { correct: '38', total: 40 } }, 'detectors[0].yes.correct', "must be a whole number ≥ 0, got '38'"],
    [{ ...good, yes: { total: 40 } }, 'detectors[0].yes.correct', 'must be a whole number ≥ 0, got nothing'],
    [{ ...good, yes: [38, 40] }, 'detectors[0].yes', 'must be {"correct": whole number, "total": whole number} for the should-be-YES class, got a list'],
    [{ ...good, id: '' }, 'detectors[0].id', 'must not be empty'],
    [{ ...good, id: 'has space' }, 'detectors[0].id', `must use only letters, digits, '-', '_' and '.', starting with a letter or digit, got "has space"`],
    [{ ...good, id: 7 }, 'detectors[0].id', 'must be text, got 7'],
    [{ ...good, name: '   ' }, 'detectors[0].name', 'must not be empty'],
    [{ ...good, name: 'x'.repeat(MAX_NAME_LENGTH + 1) }, 'detectors[0].name', `must be at most ${MAX_NAME_LENGTH} characters, got ${MAX_NAME_LENGTH + 1}`],
    [{ ...good, query: 'q'.repeat(MAX_QUERY_LENGTH + 1) }, 'detectors[0].query', `must be at most ${MAX_QUERY_LENGTH} characters, got ${MAX_QUERY_LENGTH + 1}`],
    ['forklift', 'detectors[0]', "must be a detector object {id, name, query, yes, no}, got 'forklift'"],
  ])('rejects %j at its path', (detector, path, message) => {
    expect(errorsOf(parseDetectorsFile(file([detector])))).toContainEqual({ path, message });
  });

  it('rejects duplicate ids, naming the first use', () => {
    expect(errorsOf(parseDetectorsFile(file([good, { ...good, name: 'Other' }])))).toEqual([
      { path: 'detectors[1].id', message: 'duplicate id "forklift-loading-bay" (already used by detectors[0]); ids must be unique' },
    ]);
  });

  it('collects errors from several detectors but stops after 50', () => {
    const bad = Array.from({ length: 200 }, (_, i) => ({ ...good, id: `d${i}`, yes: { correct: -1, total: 1 } }));
    const errors = errorsOf(parseDetectorsFile(file(bad)));
    expect(errors).toHaveLength(51);
    expect(errors[50]).toEqual({ path: '(file)', message: 'stopped after 50 errors' });
  });

  it('round-trips through toDetectorsFile', () => {
    const detectors = [good, { ...good, id: 'b', no: { correct: 0, total: 0 } }];
    expect(parseDetectorsFile(JSON.parse(JSON.stringify(toDetectorsFile(detectors))))).toEqual({ ok: true, detectors, classDetectors: [] });
  });
});

describe('public/detectors.json (the sample set)', () => {
  const json: unknown = JSON.parse(readFileSync(new URL('../../../public/detectors.json', import.meta.url), 'utf8'));
  const result = parseDetectorsFile(json);
  const detectors = result.ok ? result.detectors : [];

  it('is valid', () => {
    expect(result.ok ? [] : result.errors).toEqual([]);
    expect(detectors.length).toBeGreaterThanOrEqual(10);
  });

  it('has kebab-case slug ids', () => {
    for (const d of detectors) expect(d.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('covers the cases that matter', () => {
    const labels = (d: (typeof detectors)[number]) => d.yes.total + d.no.total;
    expect(detectors.some((d) => labels(d) >= 300 && d.yes.total >= 100 && d.no.total >= 100)).toBe(true); // hundreds
    expect(detectors.some((d) => labels(d) <= 10 && d.yes.total > 0 && d.no.total > 0)).toBe(true); // a handful
    expect(detectors.some((d) => d.yes.correct === d.yes.total && d.no.correct === d.no.total && labels(d) > 0)).toBe(true); // zero errors
    expect(detectors.some((d) => d.yes.total === 0 || d.no.total === 0)).toBe(true); // empty class
    expect(detectors.some((d) => d.no.total >= 1000 && d.yes.total <= 5 && d.yes.total > 0)).toBe(true); // 1,000 NO vs 5 YES
    // accurate only because it always says NO: every YES missed, every NO right
    expect(detectors.some((d) => d.yes.correct === 0 && d.yes.total >= 40 && d.no.correct === d.no.total && d.no.total >= 900)).toBe(true);
  });

  it('every detector with two non-empty classes has a balanced interval', () => {
    for (const d of detectors.filter((d) => d.yes.total > 0 && d.no.total > 0)) {
      const interval = balancedInterval(d, 0.05);
      expect(interval.lower).toBeLessThanOrEqual(interval.estimate);
      expect(interval.upper).toBeGreaterThanOrEqual(interval.estimate);
    }
  });
});
