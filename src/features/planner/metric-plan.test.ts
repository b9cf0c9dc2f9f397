import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_LINK, type PlanLink } from '../../data/links';
import { labelsForProportion } from '../../stats';
import { metricPlanSentences } from './MetricPlanResult';
import { planAnswer } from './plan-answer';

const link = (change: Partial<PlanLink>): PlanLink => ({ ...DEFAULT_PLAN_LINK, ...change });

describe('planAnswer for a metric', () => {
  it('plans recall in should-be-YES labels (87 more for 38/40 to a 90% lower bound: the scipy scan in labels-for-proportion.test.ts)', () => {
    const outcome = planAnswer(link({ metric: 'recall' }));
    if (!(outcome.ok && 'metricPlan' in outcome)) throw new Error('expected a metric plan');
    expect([outcome.metricPlan.unit, outcome.metricPlan.plan.additional]).toEqual(['should-be-YES labels', 87]);
    const { headline, detail } = metricPlanSentences(outcome.metricPlan, link({ metric: 'recall' }), null);
    expect(headline).toBe('87 more should-be-YES labels to prove a recall of at least 90.0% at 95% confidence.');
    expect(detail).toContain('exact central (Clopper–Pearson)');
    expect(detail).toContain('121/127');
  });

  it('plans precision in YES answers, given the answers: TP of TP + FP, new answers right as observed or as the assumptions imply', () => {
    const outcome = planAnswer(link({ metric: 'precision', target: 0.8 }));
    // 38 right of 43 YES answers (5 false alarms out of 60 NO).
    expect(outcome.ok && 'metricPlan' in outcome && outcome.metricPlan.current).toEqual({ correct: 38, total: 43 });
    expect(outcome.ok && 'metricPlan' in outcome && outcome.metricPlan.plan.additional).toBe(labelsForProportion({ correct: 38, total: 43 }, undefined, 0.05, 'lower-bound', 0.8).additional);
    // Assumed 1:1 labels at 95% / 90%: 0.5·0.95 / (0.5·0.95 + 0.5·0.1) of new YES answers right; 52.5% of new labels are YES answers.
    const assumed = planAnswer(link({ metric: 'precision', target: 0.8, accuracyYes: 0.95, accuracyNo: 0.9, ratio: { yes: 1, no: 1 } }));
    expect(assumed.ok && 'metricPlan' in assumed && assumed.metricPlan.plan.accuracy).toBeCloseTo(0.95 / 1.05, 12);
    expect(assumed.ok && 'metricPlan' in assumed && assumed.metricPlan.answerShare).toBeCloseTo(0.525, 12);
  });

  it('plans specificity and NPV from the NO side, and says why F1 and impossible settings have no plan', () => {
    const specificity = planAnswer(link({ metric: 'specificity', target: 0.85 }));
    expect(specificity.ok && 'metricPlan' in specificity && specificity.metricPlan.plan.additional).toBe(42);
    const npv = planAnswer(link({ metric: 'npv', target: 0.9 }));
    expect(npv.ok && 'metricPlan' in npv && npv.metricPlan.current).toEqual({ correct: 55, total: 57 });
    expect(planAnswer(link({ metric: 'f1' }))).toEqual({ ok: false, message: expect.stringMatching(/^the planner does not plan for F1/) });
    expect(planAnswer(link({ metric: 'recall', yes: { correct: 0, total: 0 } }))).toEqual({ ok: false, message: expect.stringContaining('Accuracy on should-be-YES') });
    expect(planAnswer(link({ metric: 'precision', accuracyYes: 0, accuracyNo: 1 }))).toEqual({ ok: false, message: expect.stringContaining('no YES answers') });
  });
});
