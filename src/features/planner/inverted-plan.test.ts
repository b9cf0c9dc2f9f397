import { describe, expect, it } from 'vitest';
import { balancedInversionInterval } from '../../stats';
import { planOutcome } from './plan-answer';

const link = (yes: [number, number], no: [number, number], target: number) =>
  ({ yes: { correct: yes[0], total: yes[1] }, no: { correct: no[0], total: no[1] }, delta: 0.05, goal: 'lower', target, balanced: 'inversion' }) as Parameters<typeof planOutcome>[0];

describe('the test-inversion label plan', () => {
  it('checks the counts up to its per-class cap, not only the doublings before it', () => {
    const outcome = planOutcome(link([38, 40], [55, 60], 0.9319));
    if (!outcome.ok || outcome.plan.status !== 'reached' || outcome.plan.at === null) throw new Error('expected a plan');
    // Between the doublings 131,072 and 262,144 (past the cap): the scan below bisection's crossing
    // finds 137,426 meeting the goal; the union bound needs 305,526. (The bound nears the target so
    // slowly here that its last 10⁻⁵ moves the answer by ~300 labels: 137,141 with a 10⁻⁶ gap.)
    expect(outcome.plan.additional).toBe(137_426);
    expect(outcome.plan.checkedFrom).toBeGreaterThan(0);
    expect(outcome.plan.at.interval.lower).toBeGreaterThanOrEqual(0.9319);
    expect(outcome.union?.additional).toBe(305_526);
  });

  it('answers the smallest count that meets the goal, not the first crossing bisection finds, and names the relapse after it', () => {
    // The projected bound zig-zags: 168 meets a 90% lower bound, 169–202 do not, 203 does (bisection landed on 206).
    const outcome = planOutcome(link([38, 40], [55, 60], 0.9));
    if (!outcome.ok || outcome.plan.status !== 'reached' || outcome.plan.at === null) throw new Error('expected a plan');
    expect(outcome.plan.additional).toBe(168);
    expect(outcome.plan.checkedFrom).toBe(0);
    expect(outcome.relapse).toEqual({ additional: 169, exact: true });
    expect(outcome.plan.at.interval.lower).toBeGreaterThanOrEqual(0.9);
    // Every smaller count misses, checked independently.
    for (let additional = 0; additional < 168; additional += 7) {
      const point = outcome.plan.curve.find((p) => p.additional === additional);
      if (point) expect(point.lower).toBeLessThan(0.9);
    }
  });

  it('checks counts already past the cap as they are', () => {
    const outcome = planOutcome(link([190_000, 200_000], [190_000, 200_000], 0.9));
    if (!outcome.ok) throw new Error('expected a plan');
    expect(outcome.plan.status).toBe('reached');
    expect(outcome.plan.additional).toBe(0);
    expect(outcome.plan.at?.interval).toEqual(balancedInversionInterval({ yes: { correct: 190_000, total: 200_000 }, no: { correct: 190_000, total: 200_000 } }, 0.05));
  });
});
