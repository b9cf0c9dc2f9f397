import { describe, expect, it } from 'vitest';
import {
  balancedBuehlerLowerBound,
  balancedDifferenceInterval,
  balancedDifferenceTest,
  balancedInversionLowerBound,
  exactLowerBound,
  holmAdjust,
  simultaneousAboveTarget,
} from '../../stats';
import { classTargetVerdicts, runRankJob, type RankMessage } from './rank-compute';

const detectors = [
  { yes: { correct: 950, total: 1000 }, no: { correct: 970, total: 1000 } },
  { yes: { correct: 80, total: 100 }, no: { correct: 85, total: 100 } },
  { yes: { correct: 900, total: 1000 }, no: { correct: 950, total: 1000 } },
];
const counts = new Float64Array(detectors.flatMap((d) => [d.yes.correct, d.yes.total, d.no.correct, d.no.total]));
const run = (job: Parameters<typeof runRankJob>[0]) => {
  const messages: RankMessage[] = [];
  runRankJob(job, (message) => messages.push(message));
  expect(messages).toHaveLength(1);
  return messages[0]!;
};

describe('runRankJob', () => {
  it('against a target: the simultaneous bounds and Holm verdicts of simultaneousAboveTarget', () => {
    const message = run({ against: 'target', target: 0.85, delta: 0.05, counts });
    const expected = simultaneousAboveTarget(detectors, 0.85, 0.05);
    expect(message).toEqual({
      kind: 'done',
      m: 3,
      verdicts: expected.map((verdict) => ({
        estimate: verdict.estimate,
        lower: verdict.lower,
        upper: 1,
        pValue: verdict.pValue,
        adjustedPValue: verdict.adjustedPValue,
        provenBetter: verdict.provenAbove,
        provenWorse: false,
      })),
    });
  });

  it('against a reference: each difference at δ/m (Bonferroni), Holm on the unpaired tests, the reference’s own row null', () => {
    const message = run({ against: 'reference', reference: 1, delta: 0.05, counts });
    if (message.kind !== 'done') throw new Error(message.kind === 'failed' ? message.message : 'expected an answer');
    expect(message.m).toBe(2);
    expect(message.verdicts[1]).toBeNull();
    const pValues = [0, 2].map((index) => balancedDifferenceTest(detectors[index]!, detectors[1]!).pAGreater);
    const adjusted = holmAdjust(pValues);
    [0, 2].forEach((index, at) => {
      const interval = balancedDifferenceInterval(detectors[index]!, detectors[1]!, 0.025);
      expect(message.verdicts[index]).toEqual({ ...interval, pValue: pValues[at], adjustedPValue: adjusted[at], provenBetter: adjusted[at]! <= 0.05, provenWorse: interval.upper < 0 });
    });
    expect(message.verdicts[0]!.provenBetter).toBe(true);
    // Holm proves at least what the simultaneous intervals prove.
    for (const verdict of message.verdicts) if (verdict && verdict.lower > 0) expect(verdict.provenBetter).toBe(true);
  });

  it.each([
    ['buehler', balancedBuehlerLowerBound],
    ['inversion', balancedInversionLowerBound],
  ] as const)('against a target by %s: its one-sided bounds at δ/m, proven when above the target (Bonferroni), no p-values', (method, bound) => {
    const never = { yes: { correct: 0, total: 40 }, no: { correct: 960, total: 960 } };
    const all = [...detectors, never];
    const job = { against: 'target', target: 0.85, delta: 0.05, counts: new Float64Array(all.flatMap((d) => [d.yes.correct, d.yes.total, d.no.correct, d.no.total])), method } as const;
    const messages: RankMessage[] = [];
    runRankJob(job, (message) => messages.push(message));
    const message = messages.at(-1)!;
    if (message.kind !== 'done') throw new Error('expected an answer');
    expect(messages.slice(0, -1).every((earlier) => earlier.kind === 'progress')).toBe(true);
    const union = simultaneousAboveTarget(all, 0.85, 0.05);
    expect(message.m).toBe(4);
    message.verdicts.forEach((verdict, index) => {
      const lower = bound(all[index]!, 0.05 / 4);
      expect(verdict).toEqual({ estimate: union[index]!.estimate, lower, upper: 1, pValue: null, adjustedPValue: null, provenBetter: lower > 0.85, provenWorse: false });
      if (method === 'buehler') expect(lower).toBeGreaterThanOrEqual(union[index]!.lower - 1e-12);
    });
    expect(message.verdicts[0]!.provenBetter).toBe(true);
    expect(message.verdicts[1]!.provenBetter).toBe(false);
  });

  it('gives a part of the family the same verdicts as the whole (each bound at δ/m of all m)', () => {
    const job = { against: 'target', target: 0.85, delta: 0.05, counts, method: 'buehler' } as const;
    const whole: RankMessage[] = [];
    runRankJob(job, (message) => whole.push(message));
    const part: RankMessage[] = [];
    runRankJob({ ...job, counts: counts.subarray(4, 12), m: 3 }, (message) => part.push(message));
    const [all, some] = [whole.at(-1)!, part.at(-1)!];
    if (all.kind !== 'done' || some.kind !== 'done') throw new Error('expected answers');
    expect(some).toEqual({ kind: 'done', m: 3, verdicts: all.verdicts.slice(1) });
    const alone: RankMessage[] = [];
    runRankJob({ ...job, counts: counts.subarray(4, 12) }, (message) => alone.push(message));
    expect((alone.at(-1) as { verdicts: unknown[] }).verdicts).not.toEqual(all.verdicts.slice(1));
  });

  it('reports a failure in words instead of throwing', () => {
    expect(run({ against: 'target', target: 0.9, delta: 0.05, counts: new Float64Array([1, 0, 1, 1]) })).toMatchObject({ kind: 'failed', message: expect.stringMatching(/detectors\[0\]\.yes\.total = 0/) });
  });

  it('against a reference at a δ whose δ/m is below 1e-300: says what to change, not that δ is invalid', () => {
    const message = run({ against: 'reference', reference: 1, delta: 1e-300, counts });
    expect(message).toEqual({ kind: 'failed', message: 'δ/m = 1e-300/2 is below 1e-300, the smallest level a difference interval takes: raise δ or rank fewer detectors.' });
  });
});

describe('classTargetVerdicts', () => {
  it('bounds each macro recall by the mean of its class recalls’ exact lower bounds at δ/(mK), proven above the target when that is', () => {
    const pets = [
      [50, 2, 1],
      [3, 40, 2],
      [0, 1, 30],
    ];
    const [verdict] = classTargetVerdicts([pets], 0.75, 0.05, 4);
    // An independent computation: K = 3 one-sided Clopper–Pearson lower bounds at δ/(mK) = 0.05/12, averaged.
    const lower = (exactLowerBound(53, 50, 0.05 / 12) + exactLowerBound(45, 40, 0.05 / 12) + exactLowerBound(31, 30, 0.05 / 12)) / 3;
    expect(verdict!.lower).toBeCloseTo(lower, 12);
    expect(verdict!.estimate).toBeCloseTo((50 / 53 + 40 / 45 + 30 / 31) / 3, 12);
    expect(verdict).toMatchObject({ upper: 1, pValue: null, adjustedPValue: null, provenBetter: lower > 0.75, provenWorse: false });
    expect(classTargetVerdicts([pets], lower + 0.001, 0.05, 4)[0]!.provenBetter).toBe(false);
    expect(() => classTargetVerdicts([pets], 0.75, 0.9, 1)).toThrow(/2δ\/m = 1\.8 is not a level/);
  });
});
