import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { macroRecallInterval } from '../../stats';
import { isClassDetector, validateClassDetector, type ClassDetector } from './class-detector';
import { classDetectorBalanced, classDetectorIntervals } from './class-intervals';
import type { Detector } from './detector';
import { visibleDetectors } from './detector-list';
import { parseDetectorsFile, toDetectorsFile } from './detectors-schema';

// The example (#/counts?classes=cat,dog,bird&matrix=50,2,1;3,40,2;0,1,30): macro 93.3% [78.2%, 98.8%] at δ = 0.05.
const PETS: ClassDetector = { id: 'pets', name: 'Pets', query: 'Which animal?', classes: ['cat', 'dog', 'bird'], matrix: [[50, 2, 1], [3, 40, 2], [0, 1, 30]] };
const GATE: Detector = { id: 'gate', name: 'Gate', query: '', yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } };
const FILE = { schema: 'tailbound.detectors', version: 1 } as const;

describe('validateClassDetector', () => {
  it('keeps a valid detector as a fresh copy with only its own fields', () => {
    const result = validateClassDetector({ ...PETS, extra: 1, source: 'pets.json' }, 'd');
    expect(result).toEqual({ ok: true, detector: { ...PETS, source: 'pets.json' } });
    expect(result.ok && result.detector.matrix[0]).not.toBe(PETS.matrix[0]);
    expect(validateClassDetector({ ...PETS, query: undefined }, 'd')).toEqual({ ok: true, detector: { ...PETS, query: '' } });
  });

  it('names every problem with its path: ids, texts, classes, the matrix’s shape, counts and empty classes', () => {
    const problems = (value: unknown) => (validateClassDetector(value, 'x') as { errors: { path: string; message: string }[] }).errors.map((e) => `${e.path}: ${e.message}`);
    expect(problems([])).toEqual(['x: must be a K-class detector object {id, name, query, classes, matrix}, got a list']);
    expect(problems({ ...PETS, id: 'a b', name: ' ' })).toEqual([
      `x.id: must use only letters, digits, '-', '_' and '.', starting with a letter or digit, got "a b"`,
      'x.name: must not be empty',
    ]);
    expect(problems({ ...PETS, classes: ['cat'] })).toEqual(['x.classes: must name 2 to 20 classes, got 1']);
    expect(problems({ ...PETS, classes: ['cat', 'dog', 'cat'] })).toEqual(["x.classes: names 'cat' twice; class names must differ"]);
    expect(problems({ ...PETS, classes: ['cat', 7, 'bird'] })).toEqual(['x.classes: class 2 must be a name of 1 to 60 characters, got 7']);
    expect(problems({ ...PETS, matrix: [[1, 2, 3]] })).toEqual(['x.matrix: must be 3 rows (one per true class) of 3 whole counts (one per answer), got 1 rows of 3']);
    expect(problems({ ...PETS, matrix: [[1, -1, 0.5], [0, 1, 0], [null, 0, 1]] })).toEqual(['x.matrix: counts must be whole numbers ≥ 0: [0][1] is -1; [0][2] is 0.5; [2][0] is null']);
    const half = Math.floor(Number.MAX_SAFE_INTEGER / 2);
    expect(problems({ ...PETS, matrix: [[half, 0, 0], [0, half, 0], [0, 0, half]] })).toEqual([`x.matrix: holds more examples in all than can be counted exactly (at most ${Number.MAX_SAFE_INTEGER})`]);
    expect(problems({ ...PETS, matrix: [[half, half, 2], [0, 1, 0], [0, 0, 1]] })).toEqual(["x.matrix[0]: holds more examples of 'cat' than can be counted exactly"]);
    expect(problems({ ...PETS, matrix: [[1, 0, 0], [0, 0, 0], [0, 0, 0]] })).toEqual([
      "x.matrix: has no examples of 'dog', 'bird': every class needs examples for its recall and the balanced accuracy",
    ]);
  });
});

describe('a valid K-class detector always has its intervals', () => {
  it('whatever the counts (up to the largest exact total) and δ, the list’s interval and the per-class figures are computed (fast-check)', () => {
    const cell = fc.oneof(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }));
    let valid = 0;
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 5 }).chain((k) => fc.array(fc.array(cell, { minLength: k, maxLength: k }), { minLength: k, maxLength: k })), fc.double({ min: 1e-300, max: 0.99, noNaN: true }), (matrix, delta) => {
        const classes = matrix.map((_row, i) => `c${i}`);
        const checked = validateClassDetector({ ...PETS, classes, matrix }, 'd');
        if (!checked.ok) return;
        valid += 1;
        const interval = classDetectorBalanced(checked.detector, delta);
        expect(interval.lower).toBeLessThanOrEqual(interval.estimate);
        expect(interval.estimate).toBeLessThanOrEqual(interval.upper);
        expect(() => classDetectorIntervals(classes, matrix, delta)).not.toThrow();
      }),
      { numRuns: 200 },
    );
    // Not vacuous: many of the drawn matrices are valid ones.
    expect(valid).toBeGreaterThan(20);
  });
});

describe('the detectors file with K-class detectors', () => {
  it('round-trips both kinds, and a file without them reads as before', () => {
    const file = JSON.parse(JSON.stringify(toDetectorsFile([GATE], [PETS])));
    expect(file.classDetectors).toEqual([PETS]);
    expect(parseDetectorsFile(file)).toEqual({ ok: true, detectors: [GATE], classDetectors: [PETS] });
    expect('classDetectors' in toDetectorsFile([GATE])).toBe(false);
  });

  it('refuses an id used twice across the two lists, and a malformed list, by path', () => {
    expect(parseDetectorsFile({ ...FILE, detectors: [GATE], classDetectors: [{ ...PETS, id: 'gate' }] })).toEqual({
      ok: false,
      errors: [{ path: 'classDetectors[0].id', message: 'duplicate id "gate" (already used by detectors[0]); ids must be unique' }],
    });
    expect(parseDetectorsFile({ ...FILE, detectors: [], classDetectors: [PETS, PETS] })).toMatchObject({ ok: false, errors: [{ path: 'classDetectors[1].id' }] });
    expect(parseDetectorsFile({ ...FILE, detectors: [], classDetectors: {} })).toEqual({ ok: false, errors: [{ path: 'classDetectors', message: 'must be a list of K-class detectors, got an object' }] });
  });
});

describe('K-class detectors in the list', () => {
  it('show the issue’s macro recall interval, equal to macroRecallInterval’s', () => {
    const interval = classDetectorBalanced(PETS, 0.05);
    const macro = macroRecallInterval(PETS.matrix, 0.05);
    expect(interval).toEqual({ estimate: macro.estimate, lower: macro.lower, upper: macro.upper });
    expect([interval.estimate, interval.lower, interval.upper].map((value) => Math.round(value * 1000) / 10)).toEqual([93.3, 78.2, 98.8]);
    expect(classDetectorBalanced(PETS, 0.05)).toBe(interval);
  });

  it('sort among two-class detectors by estimate or lower bound, match the filter, and come last for two-class metrics', () => {
    // Both estimate 93.3%; Gate's union-bound lower bound (two classes, δ/4 each) is above Pets' 78.2% (three, δ/6 each).
    const both = [GATE, PETS];
    const ids = (sort: 'estimate' | 'lower' | 'name', metric?: 'balanced' | 'precision') => visibleDetectors(both, { filter: '', sort, metric }, 0.05, 'union').map((d) => d.id);
    expect(ids('lower')).toEqual(['pets', 'gate']);
    expect(ids('name')).toEqual(['gate', 'pets']);
    expect(ids('estimate', 'precision')).toEqual(['gate', 'pets']);
    expect(visibleDetectors(both, { filter: 'animal', sort: 'name' }, 0.05, 'union')).toEqual([PETS]);
    expect(visibleDetectors(both, { filter: '', sort: 'estimate' }, 0.05, 'union').filter(isClassDetector)).toEqual([PETS]);
  });

  it('order any mix by the lower bound ascending (fast-check)', () => {
    const matrix = fc.array(fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 3, maxLength: 3 }), { minLength: 3, maxLength: 3 }).map((rows) => rows.map((row, i) => row.map((cell, j) => (i === j ? cell + 1 : cell))));
    fc.assert(
      fc.property(fc.array(matrix, { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 40 }), (matrices, yes) => {
        const classes = matrices.map((m, i): ClassDetector => ({ ...PETS, id: `k${i}`, matrix: m }));
        const two: Detector = { ...GATE, yes: { correct: yes, total: 40 } };
        const sorted = visibleDetectors([two, ...classes], { filter: '', sort: 'lower' }, 0.05, 'union');
        const lowers = sorted.map((d) => (isClassDetector(d) ? classDetectorBalanced(d, 0.05).lower : NaN));
        const classLowers = lowers.filter((value) => !Number.isNaN(value));
        expect(classLowers).toEqual([...classLowers].sort((a, b) => a - b));
        expect(sorted).toHaveLength(classes.length + 1);
      }),
    );
  });
});
