import { describe, expect, it } from 'vitest';
import { DETECTOR_ID_PATTERN, newDetectorId, slugify, toClassCounts, uniqueId, validateCounts } from './detector';

describe('validateCounts', () => {
  const label = 'should-be-YES';

  it('accepts whole numbers with correct ≤ total, as numbers or text', () => {
    expect(validateCounts({ correct: 38, total: 40 }, label)).toEqual([]);
    expect(validateCounts({ correct: '0', total: ' 0 ' }, label)).toEqual([]);
    expect(validateCounts({ correct: 40, total: 40 }, label)).toEqual([]);
  });

  it('names the field for a fraction', () => {
    expect(validateCounts({ correct: 2.5, total: 10 }, label)).toEqual([
      { field: 'correct', reason: 'must be a whole number, got 2.5', message: 'should-be-YES correct must be a whole number, got 2.5' },
    ]);
    expect(validateCounts({ correct: 1, total: '7.5' }, label)[0]?.message).toBe(
      'should-be-YES total must be a whole number, got 7.5',
    );
  });

  it('rejects negatives', () => {
    expect(validateCounts({ correct: -1, total: 10 }, 'should-be-NO').map((e) => e.message)).toEqual([
      'should-be-NO correct must not be negative, got -1',
    ]);
  });

  it('rejects correct > total on the correct field', () => {
    expect(validateCounts({ correct: 15, total: 12 }, label)).toEqual([
      { field: 'correct', reason: 'must be ≤ total (12), got 15', message: 'should-be-YES correct must be ≤ total (12), got 15' },
    ]);
  });

  it('rejects empty, NaN, text and infinite values', () => {
    expect(validateCounts({ correct: '', total: 10 }, label)[0]?.message).toBe('should-be-YES correct is empty; enter a whole number ≥ 0');
    expect(validateCounts({ correct: 1, total: Number.NaN }, label)[0]).toMatchObject({ field: 'total', reason: 'is not a number; enter a whole number ≥ 0' });
    expect(validateCounts({ correct: 'abc', total: 10 }, label)[0]?.message).toBe("should-be-YES correct must be a whole number, got 'abc'");
    expect(validateCounts({ correct: 1, total: Infinity }, label)[0]?.reason).toBe('must be a finite whole number, got Infinity');
    expect(validateCounts({ correct: undefined, total: null }, label)).toHaveLength(2);
  });

  it('reports both fields when both are wrong', () => {
    expect(validateCounts({ correct: -2, total: 1.5 }, label).map((e) => e.field)).toEqual(['correct', 'total']);
  });

  it('rejects numbers beyond the exact integer range', () => {
    expect(validateCounts({ correct: 0, total: 2 ** 53 }, label)[0]?.reason).toMatch(/too large/);
  });
});

describe('toClassCounts', () => {
  it('converts valid text and refuses invalid counts', () => {
    expect(toClassCounts({ correct: '3', total: '4' })).toEqual({ correct: 3, total: 4 });
    expect(toClassCounts({ correct: 5, total: 4 })).toBeNull();
  });
});

describe('ids', () => {
  it('newDetectorId is unique and URL-safe', () => {
    const ids = new Set(Array.from({ length: 100 }, newDetectorId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(DETECTOR_ID_PATTERN);
  });

  it('slugify makes kebab-case slugs', () => {
    expect(slugify('Forklift (bay 3)')).toBe('forklift-bay-3');
    expect(slugify('  Café Überwachung!  ')).toBe('cafe-uberwachung');
    expect(slugify('***')).toBe('');
  });

  it('uniqueId appends -2, -3 … and records what it took', () => {
    const taken = new Set(['a', 'a-2']);
    expect(uniqueId('a', taken)).toBe('a-3');
    expect(uniqueId('b', taken)).toBe('b');
    expect(uniqueId('b', taken)).toBe('b-2');
  });
});
