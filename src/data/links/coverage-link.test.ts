import { describe, expect, it } from 'vitest';
import { coverageHref, DEFAULT_COVERAGE_LINK, parseCoverageLink, type CoverageLink } from './coverage-link';
import { linkTester } from './links.test-util';
import { parseHashRoute } from './routes';

const { parse, problemParams } = linkTester(parseCoverageLink);

describe('parseCoverageLink', () => {
  it('reads the documented link', () => {
    expect(parse('n=30&delta=0.05&methods=clopper_pearson,wilson,wald')).toEqual({
      ok: true,
      value: { ...DEFAULT_COVERAGE_LINK, n: 30, delta: 0.05, methods: ['clopper_pearson', 'wilson', 'wald'] },
    });
  });

  it('defaults to every method and 20 × 20 class sizes', () => {
    expect(parse('')).toEqual({ ok: true, value: DEFAULT_COVERAGE_LINK });
    expect(DEFAULT_COVERAGE_LINK.methods).toHaveLength(5);
  });

  it('accepts exact for Clopper–Pearson, dashes and any case in method names', () => {
    const result = parse('methods=Exact,agresti-coull,WALD');
    expect(result.ok && result.value.methods).toEqual(['clopper_pearson', 'agresti_coull', 'wald']);
  });

  it('puts methods in canonical order without repeats', () => {
    const result = parse('methods=wald,wilson,wald,clopper_pearson');
    expect(result.ok && result.value.methods).toEqual(['clopper_pearson', 'wilson', 'wald']);
  });

  it('takes class sizes as totals or as correct/total', () => {
    const result = parse('yes=38/40&no=60');
    expect(result.ok && [result.value.yesTotal, result.value.noTotal]).toEqual([40, 60]);
  });

  it('names each malformed parameter', () => {
    expect(problemParams('methods=wilson,bogus')).toEqual(['methods']);
    expect(problemParams('methods=')).toEqual(['methods']);
    expect(problemParams('n=0')).toEqual(['n']);
    expect(problemParams('n=10001')).toEqual(['n']);
    expect(problemParams('yes=1001&no=3/2')).toEqual(['yes', 'no']);
    expect(problemParams('axis=log&delta=1')).toEqual(['delta', 'axis']);
  });

  it('anytime=N turns on “Looking after every label” at horizon N (1 to 500); a bad value is named', () => {
    expect(parse('anytime=500')).toEqual({ ok: true, value: { ...DEFAULT_COVERAGE_LINK, anytimeHorizon: 500 } });
    expect(parse('anytime=120&delta=0.01')).toEqual({ ok: true, value: { ...DEFAULT_COVERAGE_LINK, delta: 0.01, anytimeHorizon: 120 } });
    expect(DEFAULT_COVERAGE_LINK.anytimeHorizon).toBeNull();
    for (const bad of ['anytime=0', 'anytime=501', 'anytime=yes', 'anytime=', 'anytime=2.5']) expect(problemParams(bad), bad).toEqual(['anytime']);
    const result = parse('anytime=9999');
    expect(result.ok ? '' : result.problems[0]!.message).toBe('“anytime” is “9999”; expected a whole number from 1 to 500.');
  });

  it('lists the valid method names when one is unknown', () => {
    const result = parse('methods=bogus');
    expect(result.ok ? '' : result.problems[0]!.message).toMatch(/unknown “bogus”.*clopper_pearson, wilson, agresti_coull, jeffreys, wald/);
  });
});

describe('coverageHref', () => {
  it('writes the documented form', () => {
    const link: CoverageLink = { ...DEFAULT_COVERAGE_LINK, methods: ['clopper_pearson', 'wilson', 'wald'] };
    expect(decodeURIComponent(coverageHref(link))).toBe('#/coverage?n=30&delta=0.05&methods=clopper_pearson,wilson,wald');
  });

  it('round-trips non-default settings', () => {
    const link: CoverageLink = { n: 1000, delta: 0.01, methods: ['jeffreys'], yesTotal: 60, noTotal: 45, axis: 'zoom', bothHeatmaps: true, anytimeHorizon: 300 };
    expect(coverageHref(link)).toContain('heatmaps=both');
    expect(parseCoverageLink(parseHashRoute(coverageHref(link)).params)).toEqual({ ok: true, value: link });
    const anytime: CoverageLink = { ...DEFAULT_COVERAGE_LINK, delta: 0.1, anytimeHorizon: 250 };
    expect(coverageHref(anytime)).toContain('anytime=250');
    expect(coverageHref(DEFAULT_COVERAGE_LINK)).not.toContain('anytime');
    expect(parseCoverageLink(parseHashRoute(coverageHref(anytime)).params)).toEqual({ ok: true, value: anytime });
  });

  it('names a malformed heatmaps', () => {
    expect(parseCoverageLink(new URLSearchParams('heatmaps=all'))).toMatchObject({ ok: false, problems: [{ param: 'heatmaps' }] });
  });
});
