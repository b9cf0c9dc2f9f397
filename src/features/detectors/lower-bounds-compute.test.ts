import { describe, expect, it } from 'vitest';
import type { Detector } from '../../data/detectors';
import { splitByCounts } from './lower-bounds-compute';

const detector = (name: string, yes: number, no: number): Detector => ({
  id: name,
  name,
  query: '',
  yes: { correct: yes, total: 100 },
  no: { correct: no, total: 100 },
});

describe('splitByCounts', () => {
  it('keeps detectors with the same counts together and deals the distinct counts of one test set in turn', () => {
    const detectors = [detector('a', 90, 80), detector('b', 91, 80), detector('c', 90, 80), detector('d', 92, 80), detector('e', 93, 80)];
    const parts = splitByCounts(detectors, 2);
    expect(parts.map((part) => part.map((d) => d.name))).toEqual([['a', 'c', 'd'], ['b', 'e']]);
  });

  it('puts detectors labelled on test sets of the same size in one part when the sizes are many', () => {
    const sized = (name: string, yesTotal: number, noTotal: number): Detector => ({ ...detector(name, 1, 1), yes: { correct: 1, total: yesTotal }, no: { correct: 1, total: noTotal } });
    const detectors = [sized('a', 50, 300), sized('b', 300, 20), sized('c', 40, 200), sized('d', 200, 10), sized('e', 60, 250)];
    const parts = splitByCounts(detectors, 2).map((part) => part.map((d) => d.name));
    expect(parts).toHaveLength(2);
    expect(parts.find((part) => part.includes('a'))).toContain('b');
    expect(parts.find((part) => part.includes('c'))).toContain('d');
  });

  it('covers every detector exactly once and never returns an empty part', () => {
    const detectors = Array.from({ length: 7 }, (_, index) => detector(`d${index}`, index % 3, 50));
    for (const parts of [1, 2, 3, 8]) {
      const split = splitByCounts(detectors, parts);
      expect(split.length).toBe(Math.min(parts, 3));
      expect(split.every((part) => part.length > 0)).toBe(true);
      expect(split.flat().map((d) => d.name).sort()).toEqual(detectors.map((d) => d.name).sort());
    }
  });

  it('treats fewer than one part as one', () => {
    expect(splitByCounts([detector('a', 1, 1)], 0)).toHaveLength(1);
  });
});
