import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_LINK, parsePlanLink, planHref, type PlanLink } from './plan-link';
import { linkTester } from './links.test-util';
import { parseHashRoute } from './routes';

const { parse, problemParams } = linkTester(parsePlanLink);

describe('parsePlanLink', () => {
  it('reads the documented link, leaving the assumptions to the observed counts', () => {
    expect(parse('yes=38/40&no=55/60&delta=0.05&target=0.9')).toEqual({ ok: true, value: DEFAULT_PLAN_LINK });
  });

  it('carries balanced= only when it is not the default (Buehler’s)', () => {
    expect(planHref({ ...DEFAULT_PLAN_LINK, balanced: 'buehler' })).toBe(planHref(DEFAULT_PLAN_LINK));
    expect(planHref(DEFAULT_PLAN_LINK)).not.toContain('balanced');
    expect(planHref({ ...DEFAULT_PLAN_LINK, balanced: 'inversion' })).toBe(`${planHref(DEFAULT_PLAN_LINK)}&balanced=inversion`);
    expect(parse('yes=38/40&no=55/60&balanced=inversion')).toMatchObject({ ok: true, value: { balanced: 'inversion' } });
  });

  it('carries metric= for a target on another metric; old links and metric=balanced plan balanced accuracy', () => {
    expect(parse('yes=38/40&no=55/60&metric=precision')).toMatchObject({ ok: true, value: { metric: 'precision' } });
    expect(planHref({ ...DEFAULT_PLAN_LINK, metric: 'recall' })).toBe(`${planHref(DEFAULT_PLAN_LINK)}&metric=recall`);
    expect(planHref({ ...DEFAULT_PLAN_LINK, metric: 'balanced' })).toBe(planHref(DEFAULT_PLAN_LINK));
    expect(parse('yes=38/40&no=55/60&metric=balanced')).toEqual({ ok: true, value: DEFAULT_PLAN_LINK });
    expect(problemParams('metric=accuracy&goal=up')).toEqual(['goal', 'metric']);
  });

  it('carries the sequential plan’s batch= and horizon= only when not the defaults (100, 5,000), and names bad ones', () => {
    expect(parse('yes=38/40&no=55/60&batch=50&horizon=2000')).toMatchObject({ ok: true, value: { batch: 50, horizon: 2000 } });
    const link = { ...DEFAULT_PLAN_LINK, batch: 250, horizon: 7000 };
    expect(planHref(link)).toBe(`${planHref(DEFAULT_PLAN_LINK)}&batch=250&horizon=7000`);
    expect(parsePlanLink(parseHashRoute(planHref(link)).params)).toEqual({ ok: true, value: link });
    expect(planHref({ ...DEFAULT_PLAN_LINK, batch: 100, horizon: 5000 })).toBe(planHref(DEFAULT_PLAN_LINK));
    expect(problemParams('batch=1&horizon=x')).toEqual(['batch', 'horizon']);
    expect(problemParams('batch=1000&horizon=10001')).toEqual(['horizon']);
    // 5,000 labels in batches of 20 would be 250 looks: the horizon is named with both numbers.
    const tooMany = parse('yes=38/40&no=55/60&batch=20');
    expect(tooMany.ok).toBe(false);
    expect(!tooMany.ok && tooMany.problems[0]!.message).toMatch(/^“horizon” is 5000 labels, 250 batches of 20; .*at most 100 times/);
  });

  it('reads a width goal with its own default target', () => {
    const result = parse('yes=38/40&no=55/60&goal=width');
    expect(result.ok && [result.value.goal, result.value.target]).toEqual(['width', 0.1]);
  });

  it('reads assumed accuracies and a ratio', () => {
    const result = parse('yes=38/40&no=55/60&accYes=1&accNo=0.9&ratio=1:2');
    expect(result.ok && [result.value.accuracyYes, result.value.accuracyNo, result.value.ratio]).toEqual([1, 0.9, { yes: 1, no: 2 }]);
  });

  it('accepts a class with no labels yet, for planning from scratch', () => {
    const result = parse('yes=0/0&no=0/0&accYes=0.9&accNo=0.9&ratio=1:1');
    expect(result.ok && [result.value.yes, result.value.no]).toEqual([{ correct: 0, total: 0 }, { correct: 0, total: 0 }]);
  });

  it('names each malformed parameter', () => {
    expect(problemParams('yes=38/40')).toEqual(['no']);
    expect(problemParams('goal=upper&target=1')).toEqual(['goal', 'target']);
    expect(problemParams('accYes=1.2&ratio=0:0')).toEqual(['accYes', 'ratio']);
    expect(problemParams('ratio=0:1')).toEqual([]);
    expect(problemParams('ratio=2')).toEqual(['ratio']);
  });

  it('names a parameter it does not read: counts in another view’s form once gave the 38/40 example’s plan without a word', () => {
    expect(problemParams('tp=41&fn=4&tn=3&fp=7')).toEqual(['tp', 'fn', 'tn', 'fp']);
    expect(problemParams('yes=38/40&no=55/60&traget=0.8')).toEqual(['traget']);
    const result = parse('n=40&k=38');
    expect(result.ok ? [] : result.problems.map((problem) => problem.message)).toEqual([
      '“n” is not a setting of the planner; it reads yes, no, delta, confidence, goal, target, accYes, accNo, ratio, balanced, metric, batch, horizon.',
      '“k” is not a setting of the planner; it reads yes, no, delta, confidence, goal, target, accYes, accNo, ratio, balanced, metric, batch, horizon.',
    ]);
  });
});

describe('planHref', () => {
  it('writes the documented form', () => {
    expect(decodeURIComponent(planHref(DEFAULT_PLAN_LINK))).toBe('#/plan?yes=38/40&no=55/60&delta=0.05&target=0.9');
  });

  it('round-trips every setting', () => {
    const link: PlanLink = {
      yes: { correct: 9, total: 10 },
      no: { correct: 90, total: 100 },
      delta: 0.01,
      goal: 'width',
      target: 0.05,
      accuracyYes: 0.95,
      accuracyNo: 1,
      ratio: { yes: 1, no: 1.5 },
    };
    expect(parsePlanLink(parseHashRoute(planHref(link)).params)).toEqual({ ok: true, value: link });
    // With every optional setting the link can write (each a parameter the planner reads).
    const full: PlanLink = { ...link, goal: 'lower', target: 0.8, balanced: 'inversion', metric: 'precision', batch: 50, horizon: 2_000 };
    expect(parsePlanLink(parseHashRoute(planHref(full)).params)).toEqual({ ok: true, value: full });
  });
});

describe('the ratio in a built link', () => {
  it('reads back a ratio whose parts the link writes with an exponent', () => {
    for (const ratio of [{ yes: 1e-7, no: 1 }, { yes: 1e21, no: 1 }, { yes: 2, no: 3 }]) {
      const built = planHref({ ...DEFAULT_PLAN_LINK, ratio });
      const parsed = parsePlanLink(parseHashRoute(built).params);
      expect(parsed.ok && parsed.value.ratio).toEqual(ratio);
    }
  });
});
