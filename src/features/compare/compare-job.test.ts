import { describe, expect, it } from 'vitest';
import { pairedDifferenceScoreInterval, SCORE_MAX_LABELS, TANGO_MAX_N } from '../../stats';
import { type ClassTangoMessage, type CompareMessage, needsWorker, runClassTangoJob, runCompareJob, splitsByClass } from './compare-job';
import { compare, type ComparisonInput } from './compare-model';

const paired = (n: number): ComparisonInput => ({ kind: 'paired-proportion', counts: { b: Math.min(2, n), c: 0, n } });
const balanced = (yesN: number, noN: number): ComparisonInput => ({ kind: 'paired-balanced', tables: { yes: { b: 1, c: 0, n: yesN }, no: { b: 0, c: 1, n: noN } } });

describe('needsWorker', () => {
  it(`sends Tango’s inversion of 7–${TANGO_MAX_N} pairs a class to a worker, and nothing else`, () => {
    expect(needsWorker(paired(6), 'tango', 'buehler')).toBe(false);
    expect(needsWorker(paired(7), 'tango', 'buehler')).toBe(true);
    expect(needsWorker(paired(TANGO_MAX_N), 'tango', 'buehler')).toBe(true);
    // Past Tango's limit the union bound is used: quick.
    expect(needsWorker(paired(TANGO_MAX_N + 1), 'tango', 'buehler')).toBe(false);
    expect(needsWorker(paired(20), 'union', 'buehler')).toBe(false);
    expect(needsWorker(balanced(3, TANGO_MAX_N + 10), 'tango', 'buehler')).toBe(false);
    expect(needsWorker(balanced(3, 12), 'tango', 'buehler')).toBe(true);
  });

  it(`sends Chan–Zhang’s inversion of 11–${SCORE_MAX_LABELS} examples in all to a worker (the default), Buehler’s past that`, () => {
    const unpaired = (nA: number, nB: number): ComparisonInput => ({ kind: 'unpaired-proportion', a: { correct: 1, total: nA }, b: { correct: 0, total: nB } });
    expect(needsWorker(unpaired(5, 5), 'tango', undefined)).toBe(false);
    expect(needsWorker(unpaired(5, 6), 'tango', undefined)).toBe(true);
    expect(needsWorker(unpaired(30, 30), 'tango', 'score')).toBe(true);
    expect(needsWorker(unpaired(500, SCORE_MAX_LABELS - 500), 'tango', undefined)).toBe(true);
    // Past it, Buehler's search (a worker's too).
    expect(needsWorker(unpaired(501, SCORE_MAX_LABELS - 500), 'tango', undefined)).toBe(true);
    expect(needsWorker(unpaired(10_000, 10_001), 'tango', undefined)).toBe(false);
  });

  it('sends Buehler’s unpaired search of 21–20,000 examples in all to a worker, and nothing else', () => {
    const unpaired = (nA: number, nB: number): ComparisonInput => ({ kind: 'unpaired-proportion', a: { correct: 1, total: nA }, b: { correct: 0, total: nB } });
    expect(needsWorker(unpaired(10, 10), 'tango', 'buehler')).toBe(false);
    expect(needsWorker(unpaired(10, 11), 'tango', 'buehler')).toBe(true);
    expect(needsWorker(unpaired(10_000, 10_000), 'tango', 'buehler')).toBe(true);
    // Past Buehler's limit, and by the union bound: quick.
    expect(needsWorker(unpaired(10_000, 10_001), 'tango', 'buehler')).toBe(false);
    expect(needsWorker(unpaired(100, 100), 'tango', 'union')).toBe(false);
  });

  it('sends each detector’s balanced Buehler search to a worker when one has 21–20,000 labels', () => {
    const detector = (yes: number, no: number) => ({ yes: { correct: 1, total: yes }, no: { correct: 0, total: no } });
    const unpaired = (a: number, b: number): ComparisonInput => ({ kind: 'unpaired-balanced', a: detector(a, 10), b: detector(b, 10) });
    expect(needsWorker(unpaired(10, 10), 'tango', 'buehler')).toBe(false);
    expect(needsWorker(unpaired(10, 11), 'tango', 'buehler')).toBe(true);
    expect(needsWorker(unpaired(19_990, 10), 'tango', 'buehler')).toBe(true);
    // Both past Buehler's limit, or by the union bound: quick.
    expect(needsWorker(unpaired(19_991, 19_991), 'tango', 'buehler')).toBe(false);
    expect(needsWorker(unpaired(100, 100), 'tango', 'union')).toBe(false);
  });
});

describe('runCompareJob', () => {
  it('posts what compare gives, once', () => {
    const input = balanced(12, 9);
    const messages: CompareMessage[] = [];
    runCompareJob({ input, delta: 0.05, pairedMethod: 'tango', unpairedMethod: 'buehler' }, (message) => messages.push(message));
    expect(messages).toEqual([{ kind: 'done', comparison: compare(input, 0.05, 'tango') }]);
  });

  it('posts the counts’ problem as a message instead of throwing', () => {
    const messages: CompareMessage[] = [];
    runCompareJob({ input: { kind: 'paired-proportion', counts: { b: 5, c: 4, n: 8 } }, delta: 0.05, pairedMethod: 'tango', unpairedMethod: 'buehler' }, (message) => messages.push(message));
    expect(messages).toEqual([{ kind: 'invalid', message: 'b + c must be ≤ n (8), got 9' }]);
  });
});

describe('splitsByClass', () => {
  it(`splits a paired balanced Tango comparison when both classes have 7–${TANGO_MAX_N} pairs, and nothing else`, () => {
    const job = (input: ComparisonInput, pairedMethod: 'tango' | 'union' = 'tango') => ({ input, delta: 0.05, pairedMethod });
    expect(splitsByClass(job(balanced(7, 7)))).toBe(true);
    expect(splitsByClass(job(balanced(212, TANGO_MAX_N)))).toBe(true);
    // One class on the page's side (quick) or past Tango's limit (the union bound): one job.
    expect(splitsByClass(job(balanced(6, 300)))).toBe(false);
    expect(splitsByClass(job(balanced(300, TANGO_MAX_N + 1)))).toBe(false);
    expect(splitsByClass(job(balanced(300, 300), 'union'))).toBe(false);
    expect(splitsByClass(job(paired(300)))).toBe(false);
  });

  it('puts together the same comparison from the two classes computed apart', () => {
    const input: ComparisonInput = { kind: 'paired-balanced', tables: { yes: { b: 8, c: 5, n: 40 }, no: { b: 8, c: 1, n: 30 } } };
    const tangoByClass = { yes: [] as ClassTangoMessage[], no: [] as ClassTangoMessage[] };
    for (const side of ['yes', 'no'] as const) {
      runClassTangoJob({ classTango: input.tables[side], delta: 0.025 }, (message) => tangoByClass[side].push(message));
      expect(tangoByClass[side]).toEqual([{ kind: 'class-tango', interval: pairedDifferenceScoreInterval(input.tables[side], 0.025) }]);
    }
    const [yes, no] = [tangoByClass.yes[0], tangoByClass.no[0]];
    if (yes?.kind !== 'class-tango' || no?.kind !== 'class-tango') throw new Error('expected both intervals');
    const messages: CompareMessage[] = [];
    runCompareJob({ input, delta: 0.05, pairedMethod: 'tango' }, (message) => messages.push(message), { yes: yes.interval, no: no.interval });
    expect(messages).toEqual([{ kind: 'done', comparison: compare(input, 0.05, 'tango') }]);
  });

  it('posts a class’s problem as a message instead of throwing', () => {
    const messages: ClassTangoMessage[] = [];
    runClassTangoJob({ classTango: { b: 5, c: 4, n: 8 }, delta: 0.025 }, (message) => messages.push(message));
    expect(messages).toEqual([{ kind: 'invalid', message: 'b + c must be ≤ n (8), got 9' }]);
  });
});
