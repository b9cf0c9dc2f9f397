import { describe, expect, it } from 'vitest';
import { DEFAULT_METHODS_LINK, methodsHref, parseMethodsLink, type MethodsLink } from './methods-link';
import { linkTester } from './links.test-util';
import { parseHashRoute } from './routes';

const { parse, problemParams } = linkTester(parseMethodsLink);

describe('parseMethodsLink', () => {
  it('reads one proportion', () => {
    expect(parse('n=40&k=38&delta=0.05')).toEqual({ ok: true, value: { kind: 'proportion', n: 40, k: 38, delta: 0.05 } });
  });

  it('reads a detector', () => {
    expect(parse('yes=38/40&no=55/60&delta=0.01')).toEqual({
      ok: true,
      value: { kind: 'detector', yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 }, delta: 0.01 },
    });
  });

  it('carries balanced= only when it is not the default (Buehler’s)', () => {
    const detector = { kind: 'detector' as const, yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 }, delta: 0.05 };
    expect(methodsHref({ ...detector, balanced: 'buehler' })).toBe('#/methods?yes=38%2F40&no=55%2F60&delta=0.05');
    expect(methodsHref({ ...detector, balanced: 'inversion' })).toBe('#/methods?yes=38%2F40&no=55%2F60&delta=0.05&balanced=inversion');
    expect(methodsHref({ ...detector, balanced: 'union' })).toBe('#/methods?yes=38%2F40&no=55%2F60&delta=0.05&balanced=union');
    expect(parse('yes=38/40&no=55/60&balanced=buehler')).toMatchObject({ ok: true, value: { balanced: 'buehler' } });
  });

  it('opens the default example without counts, keeping δ', () => {
    expect(parse('')).toEqual({ ok: true, value: DEFAULT_METHODS_LINK });
    expect(parse('delta=0.1')).toEqual({ ok: true, value: { ...DEFAULT_METHODS_LINK, delta: 0.1 } });
  });

  it('names each malformed parameter', () => {
    expect(problemParams('n=40&k=41')).toEqual(['k']);
    expect(problemParams('n=40')).toEqual(['k']);
    expect(problemParams('n=zero&k=1')).toEqual(['n']);
    expect(problemParams('n=0&k=0')).toEqual(['n']);
    expect(problemParams('yes=38/40')).toEqual(['no']);
    expect(problemParams('yes=38/40&no=61/60&delta=0')).toEqual(['delta', 'no']);
    expect(problemParams('yes=38/40&no=55/60&n=3&k=1')).toEqual(['n']);
  });

  it('names a parameter it does not read: counts in another view’s form once gave the 38/40 example without a word', () => {
    expect(problemParams('tp=41&fn=4&tn=3&fp=7')).toEqual(['tp', 'fn', 'tn', 'fp']);
    expect(problemParams('yes=38/40&no=55/60&target=0.9')).toEqual(['target']);
    expect(problemParams('n=40&k=38&confidence=0.99&balanced=union')).toEqual([]);
  });

  it('says k cannot exceed n', () => {
    const result = parse('n=40&k=41');
    expect(result.ok ? '' : result.problems[0]!.message).toContain('cannot exceed n');
  });
});

describe('methodsHref', () => {
  const links: MethodsLink[] = [
    { kind: 'proportion', n: 40, k: 38, delta: 0.05 },
    { kind: 'detector', yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 }, delta: 0.001 },
  ];
  it.each(links)('round-trips %j', (link) => {
    const route = parseHashRoute(methodsHref(link));
    expect(route.segments).toEqual(['methods']);
    expect(parseMethodsLink(route.params)).toEqual({ ok: true, value: link });
  });

  it('writes the documented form', () => {
    expect(methodsHref(links[0]!)).toBe('#/methods?n=40&k=38&delta=0.05');
    expect(decodeURIComponent(methodsHref(links[1]!))).toBe('#/methods?yes=38/40&no=55/60&delta=0.001');
  });
});
