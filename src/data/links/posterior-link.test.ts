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

describe('parsePosteriorLink, each class as every other view writes it', () => {
  const params = (result: ReturnType<typeof parse>) => (result.ok ? [] : result.problems.map((problem) => problem.param));

  it('reads yes=correct/total and no=correct/total as the four cells', () => {
    expect(parse('yes=38/40&no=55/60&delta=0.1')).toEqual({ ok: true, value: { counts: { tp: 38, fn: 2, tn: 55, fp: 5 }, delta: 0.1 } });
    expect(parse('yes=0/0&no=3/3')).toEqual({ ok: true, value: { counts: { tp: 0, fn: 0, tn: 3, fp: 0 }, delta: 0.05 } });
  });

  it('names a missing or malformed class, both forms at once, and a class over the view’s limit', () => {
    expect(params(parse('yes=38/40'))).toEqual(['no']);
    expect(params(parse('yes=41/40&no=x'))).toEqual(['yes', 'no']);
    expect(params(parse('yes=38/40&no=55/60&tp=1'))).toEqual(['yes']);
    expect(params(parse('yes=1/10000001&no=1/2'))).toEqual(['yes']);
  });

  it('names every parameter it does not read, beside the other problems (a link is never silently the example)', () => {
    // #/posterior?yes=38/40&no=55/60&balanced=inversion once opened the Brodersen example without a word.
    expect(params(parse('yes=38/40&no=55/60&balanced=inversion'))).toEqual(['balanced']);
    expect(params(parse('tpp=41&fn=4&tn=3&fp=7'))).toEqual(['tpp', 'tp']);
    expect(parse('tp=41&fn=4&tn=3&fp=7&confidence=0.99')).toEqual({ ok: true, value: { counts: { tp: 41, fn: 4, tn: 3, fp: 7 }, delta: 0.01 } });
    const result = parse('zz=1');
    expect(result.ok ? '' : result.problems[0]!.message).toBe('“zz” is not a setting of the posterior view; it reads tp, fn, tn, fp, yes, no, delta, confidence.');
  });
});

describe('posteriorHref', () => {
  it('round-trips', () => {
    const link = { counts: { tp: 1, fn: 2, tn: 3, fp: 4 }, delta: 0.01 };
    expect(posteriorHref(link)).toBe('#/posterior?tp=1&fn=2&tn=3&fp=4&delta=0.01');
    expect(parsePosteriorLink(parseHashRoute(posteriorHref(link)).params)).toEqual({ ok: true, value: link });
  });
});
