import { describe, expect, it } from 'vitest';
import { LinkReader, deltaProblem, linkCarries, parseClassCounts } from './link-params';

const read = (query: string) => new LinkReader(new URLSearchParams(query));

describe('LinkReader', () => {
  it('reads whole numbers and falls back only when the parameter is absent', () => {
    const reader = read('n=40');
    expect(reader.wholeNumber('n', 1)).toBe(40);
    expect(reader.wholeNumber('k', 7)).toBe(7);
    expect(reader.problems).toEqual([]);
  });

  it.each(['abc', '-3', '4.5', '1e3', '', ' 4', '0x10', '99999999999999999999'])('names the parameter for n=%j', (text) => {
    const reader = read(`n=${encodeURIComponent(text)}`);
    reader.wholeNumber('n', 1, 1);
    expect(reader.problems).toHaveLength(1);
    expect(reader.problems[0]!.param).toBe('n');
    expect(reader.problems[0]!.message).toContain(`“n” is “${text}”`);
  });

  it('enforces the range of a whole number', () => {
    const reader = read('n=0');
    expect(reader.wholeNumber('n', 5, 1, 10)).toBe(5);
    expect(reader.problems[0]!.message).toContain('from 1 to 10');
  });

  it('reads δ strictly inside (0, 1)', () => {
    expect(read('delta=0.01').delta()).toBe(0.01);
    expect(read('delta=1e-3').delta()).toBe(0.001);
    expect(read('').delta()).toBe(0.05);
    for (const bad of ['0', '1', '1.5', 'five', '-0.1', 'NaN', 'Infinity', '5e-324', '2e-323']) {
      const reader = read(`delta=${bad}`);
      reader.delta();
      expect(reader.problems.map((problem) => problem.param)).toEqual(['delta']);
    }
  });

  it('accepts 0 and 1 for an inclusive fraction only', () => {
    const inclusive = read('acc=1');
    expect(inclusive.fraction('acc', 0.5, 'an accuracy', true)).toBe(1);
    expect(inclusive.problems).toEqual([]);
    const open = read('acc=1');
    open.fraction('acc', 0.5, 'a target');
    expect(open.problems).toHaveLength(1);
  });

  it('returns every problem at once, and no value, when anything is wrong', () => {
    const reader = read('n=x&delta=2');
    reader.wholeNumber('n', 1);
    reader.delta();
    const result = reader.result({});
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.map((problem) => problem.param)).toEqual(['n', 'delta']);
  });
});

describe('parseClassCounts', () => {
  it('reads correct/total', () => {
    expect(parseClassCounts('38/40')).toEqual({ correct: 38, total: 40 });
    expect(parseClassCounts('0/1')).toEqual({ correct: 0, total: 1 });
  });

  it('explains what is wrong', () => {
    expect(parseClassCounts('41/40')).toBe('more correct than total');
    expect(parseClassCounts('0/0')).toMatch(/no examples/);
    expect(parseClassCounts('38')).toBe('expected correct/total');
    expect(parseClassCounts('a/b')).toMatch(/whole numbers/);
    expect(parseClassCounts('1/2/3')).toBe('expected correct/total');
  });
});

describe('deltaProblem (the one δ policy: the stats library\'s assertDelta)', () => {
  it('accepts usable δ and names δ in every refusal', () => {
    expect(deltaProblem(0.05)).toBeNull();
    expect(deltaProblem(1e-12)).toBeNull();
    for (const bad of [0, 1, -0.05, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 5e-324]) {
      expect(deltaProblem(bad)).toMatch(/^δ must be/);
    }
  });

  it('reads confidence as 1 − δ under the same policy, naming each bad parameter', () => {
    expect(read('confidence=0.95').delta()).toBe(0.05);
    // In decimal: binary 1 − c gave 9.99999999474e-8 and 9.99200722163e-15 for these.
    expect(read('confidence=0.9999999').delta()).toBe(1e-7);
    expect(read('confidence=0.99999999999999').delta()).toBe(1e-14);
    expect(read('confidence=9.5e-1').delta()).toBe(0.05);
    expect(read('confidence=0.9999999&delta=1e-7').delta()).toBe(1e-7);
    const percentage = read('confidence=95');
    percentage.delta();
    expect(percentage.problems[0]!.message).toMatch(/-94/);
    const reader = read('delta=abc&confidence=1.5');
    expect(reader.delta(0.1)).toBe(0.1);
    expect(reader.problems.map((problem) => problem.param)).toEqual(['delta', 'confidence']);
    const underflow = read('confidence=1');
    underflow.delta();
    expect(underflow.problems.map((problem) => problem.param)).toEqual(['confidence']);
  });
});

describe('linkCarries', () => {
  it('is true for counts every route reads, false for an empty class or past the links’ maximum', () => {
    expect(linkCarries({ correct: 38, total: 40 })).toBe(true);
    expect(linkCarries({ correct: 1e9, total: 1e9 })).toBe(true);
    expect(linkCarries({ correct: 0, total: 0 })).toBe(false);
    expect(linkCarries({ correct: 2e9, total: 2e9 + 1 })).toBe(false);
  });
});
