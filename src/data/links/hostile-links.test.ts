import { describe, expect, it } from 'vitest';
import type { LinkProblem } from './link-params';
import {
  parseCompareLink,
  parseCountsLink,
  parseCoverageLink,
  parseDataLink,
  parseDetectorLink,
  parseExplorerParams,
  parseHashRoute,
  parseListLink,
  parseMethodsLink,
  parsePlanLink,
  parsePosteriorLink,
  parseRankLink,
  parseReportLink,
} from './index';

/** Issue 29, "Bad input": every route's link parser, as the page calls it, to the problems' messages. */
const ROUTES: Record<string, { params: readonly string[]; problems: (query: string) => string[] }> = {
  list: { params: ['delta', 'confidence', 'sort', 'filter'], problems: (q) => messages(parseListLink(new URLSearchParams(q))) },
  detector: {
    params: ['name', 'query', 'yes', 'no', 'delta', 'confidence', 'balanced', 'prevalence', 'volume'],
    problems: (q) => messages(parseDetectorLink(parseHashRoute(`#/detectors/d1?${q}`))),
  },
  counts: { params: ['yes', 'no', 'delta', 'confidence', 'balanced', 'prevalence', 'volume'], problems: (q) => messages(parseCountsLink(parseHashRoute(`#/counts?${q}`))) },
  explore: { params: ['mode', 'n', 'k', 'p', 'delta', 'confidence', 'yes', 'no'], problems: (q) => parseExplorerParams(new URLSearchParams(q)).problems },
  methods: { params: ['n', 'k', 'yes', 'no', 'delta', 'confidence', 'balanced'], problems: (q) => messages(parseMethodsLink(new URLSearchParams(q))) },
  coverage: { params: ['n', 'delta', 'methods', 'yes', 'no', 'axis', 'heatmaps', 'anytime'], problems: (q) => messages(parseCoverageLink(new URLSearchParams(q))) },
  posterior: { params: ['tp', 'fn', 'tn', 'fp', 'yes', 'no', 'delta', 'confidence'], problems: (q) => messages(parsePosteriorLink(new URLSearchParams(q))) },
  plan: { params: ['yes', 'no', 'delta', 'goal', 'target', 'accYes', 'accNo', 'ratio', 'balanced'], problems: (q) => messages(parsePlanLink(new URLSearchParams(q))) },
  report: { params: ['id', 'yes', 'no', 'name', 'delta', 'balanced', 'prevalence', 'volume'], problems: (q) => messages(parseReportLink(new URLSearchParams(q))) },
  data: {
    params: ['file', 'truth', 'prediction', 'score', 'slices', 'yesValues', 'filter', 'threshold', 'window', 'perClass', 'cumulative'],
    problems: (q) => messages(parseDataLink(new URLSearchParams(q))),
  },
  compare: { params: ['a', 'b', 'c', 'n', 'aname', 'ayes', 'ak', 'an', 'yesb', 'delta', 'balanced'], problems: (q) => messages(parseCompareLink(new URLSearchParams(q))) },
  rank: { params: ['ref', 'target', 'ids', 'delta'], problems: (q) => messages(parseRankLink(new URLSearchParams(q))) },
};

function messages<T>(parse: { ok: true; value: T } | { ok: false; problems: LinkProblem[] }): string[] {
  return parse.ok ? [] : parse.problems.map((problem) => `${problem.param}: ${problem.message}`);
}

// What a fuzzer sends: 100,000 letters, 100,000 digits that end badly (a regex that backtracks
// over two runs of digits takes 10¹⁰ steps on it), a long count pair.
const LONG_VALUES = ['A'.repeat(100_000), `${'9'.repeat(100_000)}x`, `${'1'.repeat(50_000)}/${'2'.repeat(50_000)}`, `0.${'5'.repeat(100_000)}%`];

describe('a 100,000-character parameter (issue 29)', () => {
  for (const [route, { params, problems }] of Object.entries(ROUTES)) {
    it(`#/${route}: every message clips what it quotes`, () => {
      for (const param of params) {
        for (const value of LONG_VALUES) {
          const found = problems(new URLSearchParams({ [param]: value }).toString());
          for (const message of found) expect(message.length, `${param}=${value.slice(0, 12)}…`).toBeLessThan(600);
        }
      }
    });
  }

  it('a long parameter name is clipped too', () => {
    const found = ROUTES.compare!.problems(`${'z'.repeat(100_000)}=1&b=3&c=4&n=10`);
    expect(found).toHaveLength(1);
    expect(found[0]!.length).toBeLessThan(600);
  });
});

describe('a link names every bad parameter, not just the first (issue 29)', () => {
  const named = (route: keyof typeof ROUTES, query: string) => ROUTES[route]!.problems(query).map((message) => message.split(':')[0]);

  it('#/compare: an empty b and a balanced setting the comparison does not have', () => {
    expect(named('compare', 'a=pallet-overhang&b=&balanced=-Infinity')).toEqual(['b', 'balanced']);
  });

  it('#/report: a 201-character name without counts and an underflowing δ', () => {
    expect(named('report', `name=${'n'.repeat(201)}&delta=1e-400`).sort()).toEqual(['delta', 'name']);
  });

  it('#/rank: a ref that is no id, a target that is no number, and the two together', () => {
    expect(named('rank', 'ref=__proto__&target=%F0%9F%98%80').sort()).toEqual(['ref', 'ref', 'target']);
  });

  it('#/methods: both pairs, and the bad values in each', () => {
    expect(named('methods', 'n=0&k=x&yes=3/2&no=1').sort()).toEqual(['k', 'n', 'n', 'no', 'yes']);
  });

  it('#/report: an id with counts, and bad counts beside it', () => {
    expect(named('report', 'id=d1&yes=5/4').sort()).toEqual(['id', 'yes']);
  });

  it('the views’ own links read clean', () => {
    expect(named('compare', 'a=x&b=y&aname=X&bname=Y&ayes=38/40&ano=55/60&byes=30/40&bno=50/60&delta=0.05')).toEqual([]);
    expect(named('compare', 'yesb=12&yesc=3&yesn=200&nob=20&noc=8&non=300')).toEqual([]);
    expect(named('rank', 'target=0.9&ids=a,b&delta=0.05')).toEqual([]);
    expect(named('rank', 'ref=a&confidence=0.95')).toEqual([]);
  });
});
