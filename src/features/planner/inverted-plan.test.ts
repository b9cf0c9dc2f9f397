import { describe, expect, it } from 'vitest';
import { balancedInversionInterval } from '../../stats';
import { planOutcome } from './plan-answer';

const link = (yes: [number, number], no: [number, number], target: number) =>
  ({ yes: { correct: yes[0], total: yes[1] }, no: { correct: no[0], total: no[1] }, delta: 0.05, goal: 'lower', target, balanced: 'inversion' }) as Parameters<typeof planOutcome>[0];

describe('the test-inversion label plan', () => {
  it('checks the counts up to its per-class cap, not only the doublings before it', () => {
    const outcome = planOutcome(link([38, 40], [55, 60], 0.9319));
    if (!outcome.ok || outcome.plan.status !== 'reached' || outcome.plan.at === null) throw new Error('expected a plan');
    // Between the doublings 131,072 and 262,144 (past the cap): the union bound needs 305,526.
    expect(outcome.plan.additional).toBe(137_157);
    expect(outcome.plan.at.interval.lower).toBeGreaterThanOrEqual(0.9319);
    expect(outcome.union?.additional).toBe(305_526);
  });

  it('checks counts already past the cap as they are', () => {
    const outcome = planOutcome(link([190_000, 200_000], [190_000, 200_000], 0.9));
    if (!outcome.ok) throw new Error('expected a plan');
    expect(outcome.plan.status).toBe('reached');
    expect(outcome.plan.additional).toBe(0);
    expect(outcome.plan.at?.interval).toEqual(balancedInversionInterval({ yes: { correct: 190_000, total: 200_000 }, no: { correct: 190_000, total: 200_000 } }, 0.05));
  });
});
