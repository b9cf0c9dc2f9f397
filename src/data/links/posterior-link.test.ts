import { describe, expect, it } from 'vitest';
import { BRODERSEN_EXAMPLE, parsePosteriorLink, posteriorHref } from './posterior-link';
import { parseHashRoute } from './routes';

const parse = (query: string) => parsePosteriorLink(new URLSearchParams(query));

describe('parsePosteriorLink', () => {
  it('reads the documented link', () => {
    expect(parse('tp=41&fn=4&tn=3&fp=7')).toEqual({ ok: true, value: { counts: { tp: 41, fn: 4, tn: 3, fp: 7 }, delta: 0.05 } });
  });

  it('opens the Brodersen example without counts', () => {
    expect(parse('delta=0.1')).toEqual({ ok: true, value: { counts: BRODERSEN_EXAMPLE, delta: 0.1 } });
  });

  it('allows an all-zero matrix (the flat prior alone)', () => {
    expect(parse('tp=0&fn=0&tn=0&fp=0').ok).toBe(true);
  });

  it('names each missing or malformed cell', () => {
    const result = parse('tp=41&fn=-4&tn=3');
    expect(result.ok ? [] : result.problems.map((problem) => problem.param)).toEqual(['fp', 'fn']);
  });
});

describe('posteriorHref', () => {
  it('round-trips', () => {
    const link = { counts: { tp: 1, fn: 2, tn: 3, fp: 4 }, delta: 0.01 };
    expect(posteriorHref(link)).toBe('#/posterior?tp=1&fn=2&tn=3&fp=4&delta=0.01');
    expect(parsePosteriorLink(parseHashRoute(posteriorHref(link)).params)).toEqual({ ok: true, value: link });
  });
});
