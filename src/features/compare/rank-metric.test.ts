import { describe, expect, it } from 'vitest';
import { detectionMetrics, exactLowerBound } from '../../stats';
import { runRankJob, type RankMessage } from './rank-compute';

const job = (counts: number[], metric: 'precision' | 'recall' | 'f1', delta = 0.05, target = 0.8) => {
  const messages: RankMessage[] = [];
  runRankJob({ against: 'target', target, delta, counts: new Float64Array(counts), method: 'buehler', metric }, (message) => messages.push(message));
  return messages.at(-1)!;
};

describe('ranking by a test-set metric against a target (issue 28)', () => {
  it('takes each detector’s exact one-sided lower bound at δ/m (Bonferroni)', () => {
    const answer = job([38, 40, 55, 60, 30, 40, 50, 60], 'recall');
    expect(answer).toMatchObject({ kind: 'done', m: 2 });
    if (answer.kind !== 'done') return;
    // Recall's one-sided Clopper–Pearson bound at δ/m = 0.025 each.
    expect(answer.verdicts[0]!.lower).toBeCloseTo(exactLowerBound(40, 38, 0.025), 14);
    expect(answer.verdicts.map((verdict) => verdict!.provenBetter)).toEqual([true, false]);
    expect(answer.verdicts[0]!.pValue).toBeNull();
  });

  it('leaves out a detector whose precision is 0/0 and counts m without it', () => {
    const answer = job([38, 40, 55, 60, 0, 40, 60, 60], 'precision');
    expect(answer).toMatchObject({ kind: 'done', m: 1 });
    if (answer.kind !== 'done') return;
    expect(answer.verdicts[1]).toBeNull();
    expect(answer.verdicts[0]!.lower).toBe(detectionMetrics({ yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } }, 0.1).precision!.lower);
  });

  it('F1’s bound is its union bound’s lower end at 2δ/m', () => {
    const answer = job([38, 40, 55, 60], 'f1', 0.05);
    if (answer.kind !== 'done') throw new Error('not done');
    expect(answer.verdicts[0]!.lower).toBe(detectionMetrics({ yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } }, 0.1).f1.lower);
  });

  it('says when 2δ/m is not a level the intervals take', () => {
    expect(job([38, 40, 55, 60], 'recall', 0.6)).toMatchObject({ kind: 'failed', message: expect.stringContaining('2δ/m = 1.2') });
  });
});
