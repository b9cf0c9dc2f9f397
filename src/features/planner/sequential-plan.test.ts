import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_BATCH, DEFAULT_PLAN_LINK } from '../../data/links';
import { sequentialStopDistribution } from '../../stats';
import { planOutcome, runPlanJob, type PlanMessage } from './plan-answer';
import { sequentialInputsKey, sequentialPlan } from './sequential-plan';
import { formatChance, sequentialSentence } from './SequentialPlanResult';

const OBSERVED = { yesAccuracy: 38 / 40, noAccuracy: 55 / 60, yesShare: 0.4 };

describe('sequentialPlan: the link’s batches, horizon and assumptions', () => {
  it('splits each batch by the YES share and rounds the horizon up to whole batches', () => {
    const outcome = sequentialPlan({ ...DEFAULT_PLAN_LINK, batch: 300, horizon: 1000 }, OBSERVED);
    expect(outcome.ok && [outcome.plan.batch, outcome.plan.batches, outcome.plan.horizonLabels]).toEqual([{ yes: 120, no: 180 }, 4, 1200]);
    const direct = sequentialStopDistribution({ current: { yes: DEFAULT_PLAN_LINK.yes, no: DEFAULT_PLAN_LINK.no }, accuracy: { yes: 0.95, no: 55 / 60 }, batch: { yes: 120, no: 180 }, batches: 4, target: 0.9, delta: 0.05, level: 0.9 });
    expect(outcome.ok && outcome.plan.distribution).toEqual(direct);
  });

  it('says why there is none when a class would never be labelled', () => {
    const link = { ...DEFAULT_PLAN_LINK, yes: { correct: 0, total: 0 }, accuracyYes: 0.9, ratio: { yes: 0, no: 1 } };
    expect(sequentialPlan(link, { ...OBSERVED, yesShare: 0 })).toEqual({ ok: false, message: 'batch.yes must be ≥ 1 while current.yes.total is 0, got 0' });
  });

  it('comes with a lower-bound goal only, in words the page shows', () => {
    expect(planOutcome({ ...DEFAULT_PLAN_LINK, goal: 'width', target: 0.1, balanced: 'union' })).toMatchObject({ ok: true, sequential: null });
    const outcome = planOutcome({ ...DEFAULT_PLAN_LINK, balanced: 'union', batch: 500, horizon: 4500 });
    if (!outcome.ok || !outcome.sequential?.ok) throw new Error('expected a sequential plan');
    const { distribution } = outcome.sequential.plan;
    expect(sequentialSentence(outcome.sequential.plan, DEFAULT_PLAN_LINK)).toBe(
      `Label in batches of 500 (200 YES, 300 NO) and stop as soon as the bound clears 90.0%: expected ${Math.round(distribution.expectedLabels).toLocaleString('en-US')} labels, ` +
        `90% stop by ${distribution.quantileLabels!.toLocaleString('en-US')}, worst case (horizon) 4,500; chance of not clearing by then ${(distribution.neverCleared * 100).toFixed(1)}%.`,
    );
  });
});

describe('formatChance: the chance of not clearing, never more exact than the grid', () => {
  it('says 0% only when exact, and past 0.01% or 99.99% only "less than" or "more than"', () => {
    expect([0, 5e-5, 0.25, 0.9999, 1 - 7e-14, 1, 1 + 2.2e-16].map(formatChance)).toEqual(['0%', 'less than 0.01%', '25.0%', '99.99%', 'more than 99.99%', 'more than 99.99%', 'more than 99.99%']);
  });

  it('an unreachable target: the plan never clears, and the sentence says more than 99.99%, not 100.000000000000%', () => {
    const link = { ...DEFAULT_PLAN_LINK, target: 0.97 };
    const outcome = planOutcome(link);
    if (!outcome.ok || !outcome.sequential?.ok) throw new Error('expected a sequential plan');
    const { distribution } = outcome.sequential.plan;
    expect(distribution.neverCleared).toBeLessThanOrEqual(1);
    expect(distribution.neverCleared).toBeGreaterThan(1 - 1e-9);
    expect(sequentialSentence(outcome.sequential.plan, link)).toMatch(/chance of not clearing by then more than 99\.99%\.$/);
  });
});

describe('sequentialInputsKey: one sequential plan for links that differ only in what it does not read', () => {
  it('is the same across the balanced method and the metric, and differs with each input of the plan', () => {
    const key = sequentialInputsKey(DEFAULT_PLAN_LINK);
    expect(sequentialInputsKey({ ...DEFAULT_PLAN_LINK, balanced: 'union' })).toBe(key);
    expect(sequentialInputsKey({ ...DEFAULT_PLAN_LINK, balanced: 'inversion', metric: 'balanced' })).toBe(key);
    expect(sequentialInputsKey({ ...DEFAULT_PLAN_LINK, batch: DEFAULT_PLAN_BATCH })).toBe(key);
    const changed = [
      { yes: { correct: 37, total: 40 } },
      { no: { correct: 55, total: 61 } },
      { accuracyYes: 0.9 },
      { accuracyNo: 0.9 },
      { ratio: { yes: 1, no: 1 } },
      { target: 0.85 },
      { delta: 0.1 },
      { batch: 300 },
      { horizon: 4000 },
    ];
    for (const change of changed) expect(sequentialInputsKey({ ...DEFAULT_PLAN_LINK, ...change }), JSON.stringify(change)).not.toBe(key);
  });

  it('a job given the known sequential plan answers with it, not a new one', () => {
    const known = sequentialPlan(DEFAULT_PLAN_LINK, OBSERVED);
    const messages: PlanMessage[] = [];
    runPlanJob({ link: { ...DEFAULT_PLAN_LINK, balanced: 'union' }, knownSequential: known }, (message) => messages.push(message));
    expect(messages[0]?.outcome).toMatchObject({ ok: true });
    expect(messages[0]?.outcome.ok && 'plan' in messages[0].outcome && messages[0].outcome.sequential).toBe(known);
  });
});
