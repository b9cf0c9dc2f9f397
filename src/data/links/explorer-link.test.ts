import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EXPLORER_DEFAULTS, EXPLORER_MAX_N, explorerHref, explorerLinkFor, parseExplorerParams, type ExplorerSettings } from './explorer-link';
import { parseHashRoute } from './routes';

const parse = (query: string) => parseExplorerParams(new URLSearchParams(query));

describe('parseExplorerParams', () => {
  it('reads the blog’s Figure 4 link exactly', () => {
    expect(parse('n=100&k=80&p=0.83&delta=0.05&mode=upper')).toEqual({
      settings: { ...EXPLORER_DEFAULTS, n: 100, k: 80, p: 0.83, delta: 0.05, mode: 'upper' },
      problems: [],
    });
  });

  it('reads balanced links with the slash written plainly or escaped', () => {
    const plain = parse('mode=balanced&yes=90/100&no=95/100&delta=0.05').settings;
    const escaped = parse('mode=balanced&yes=90%2F100&no=95%2F100&delta=0.05').settings;
    expect(plain.yes).toEqual({ correct: 90, total: 100 });
    expect(plain.no).toEqual({ correct: 95, total: 100 });
    expect(escaped).toEqual(plain);
  });

  it('starts p at k/n when the link has none (the detectors view links without p)', () => {
    const { settings, problems } = parse('n=40&k=38&delta=0.01&mode=central');
    expect(settings).toMatchObject({ n: 40, k: 38, p: 0.95, delta: 0.01, mode: 'central' });
    expect(problems).toEqual([]);
  });

  it('gives the defaults for an empty link', () => {
    expect(parse('')).toEqual({ settings: EXPLORER_DEFAULTS, problems: [] });
  });

  it('replaces each malformed parameter by a default and says so', () => {
    const { settings, problems } = parse('n=abc&k=-3&p=1.5&delta=0&mode=sideways&yes=5&no=3/0');
    expect(settings).toEqual({ ...EXPLORER_DEFAULTS, p: 0.8 });
    expect(problems).toHaveLength(7);
    expect(problems[0]).toContain('“mode” is “sideways”');
    expect(problems[1]).toContain('“n” is “abc”');
    expect(problems[2]).toBe('“k” is “-3”; expected a whole number from 0 to n = 100.');
    expect(problems[3]).toContain('“p” is “1.5”');
    expect(problems[4]).toContain('“delta” is “0”');
    expect(problems[5]).toContain('“yes” is “5”');
    expect(problems[6]).toContain('no examples');
  });

  it('clamps k to n and rejects N beyond the explorer’s range', () => {
    expect(parse('n=10&k=11').settings).toMatchObject({ n: 10, k: 10 });
    expect(parse('n=10&k=11').problems).toEqual(['“k” is 11, more than n = 10; showing k = n.']);
    expect(parse(`n=${EXPLORER_MAX_N + 1}`).settings.n).toBe(100);
    expect(parse(`n=${EXPLORER_MAX_N}`).settings.n).toBe(EXPLORER_MAX_N);
    expect(parse('n=0').problems).toHaveLength(1);
  });

  it('rejects more correct than total in a class', () => {
    const { settings, problems } = parse('mode=balanced&yes=101/100');
    expect(settings.yes).toEqual(EXPLORER_DEFAULTS.yes);
    expect(problems[0]).toContain('more correct than total');
  });
});

describe('explorerHref', () => {
  it('writes the documented link for the upper-bound view', () => {
    const settings: ExplorerSettings = { ...EXPLORER_DEFAULTS, p: 0.83 };
    expect(explorerHref(explorerLinkFor(settings))).toBe('#/explore?n=100&k=80&p=0.83&delta=0.05&mode=upper');
  });

  it('writes only the class counts and δ for the balanced view', () => {
    const settings: ExplorerSettings = { ...EXPLORER_DEFAULTS, mode: 'balanced' };
    expect(explorerHref(explorerLinkFor(settings))).toBe('#/explore?delta=0.05&mode=balanced&yes=90%2F100&no=95%2F100');
  });

  it('builds the detectors view’s link without p', () => {
    expect(explorerHref({ n: 40, k: 38, delta: 0.05, mode: 'central' })).toBe('#/explore?n=40&k=38&delta=0.05&mode=central');
  });

  it('round-trips any valid settings exactly (property)', () => {
    const settings = fc
      .record({
        mode: fc.constantFrom('upper' as const, 'lower' as const, 'central' as const),
        n: fc.integer({ min: 1, max: EXPLORER_MAX_N }),
        kFraction: fc.double({ min: 0, max: 1, noNaN: true }),
        p: fc.double({ min: 0, max: 1, noNaN: true }),
        delta: fc.double({ min: 1e-12, max: 1, maxExcluded: true, noNaN: true }),
      })
      .map(({ kFraction, ...rest }) => ({ ...EXPLORER_DEFAULTS, ...rest, k: Math.floor(kFraction * rest.n) }));
    fc.assert(
      fc.property(settings, (original) => {
        const route = parseHashRoute(explorerHref(explorerLinkFor(original)));
        expect(route.segments).toEqual(['explore']);
        expect(parseExplorerParams(route.params)).toEqual({ settings: original, problems: [] });
      }),
      { seed: 4, numRuns: 2_000 },
    );
  });
});
