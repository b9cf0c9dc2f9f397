import { describe, expect, it } from 'vitest';
import type { LinkProblem } from './link-params';
import {
  parseCompareLink,
  parseCountsLink,
  parseCoverageLink,
  parseDataLink,
  parseDetectorLink,
  parseExplorerParams,
  parseListLink,
  parseMethodsLink,
  parseMulticlassLink,
  parsePlanLink,
  parsePosteriorLink,
  parseRankLink,
  parseReportLink,
} from './index';

/**
 * Issue 29, "Bad input": every route's link parser, as the page calls it, to the problems' messages.
 * `params` are the parameters each route's link is known to carry; the tests fuzz every parameter
 * the parser reads (`readParams`), which includes these and any added since.
 */
const ROUTES: Record<string, { params: readonly string[]; example?: string; problems: (params: URLSearchParams) => string[] }> = {
  list: { params: ['delta', 'confidence', 'sort', 'filter', 'metric'], problems: (p) => messages(parseListLink(p)) },
  detector: {
    params: ['name', 'query', 'yes', 'no', 'delta', 'confidence', 'balanced', 'prevalence', 'volume'],
    problems: (p) => messages(parseDetectorLink({ segments: ['detectors', 'd1'], params: p })),
  },
  counts: { params: ['yes', 'no', 'delta', 'confidence', 'balanced', 'prevalence', 'volume'], problems: (p) => messages(parseCountsLink({ segments: ['counts'], params: p })) },
  'counts (K classes)': {
    params: ['classes', 'matrix', 'delta', 'confidence', 'target'],
    // The matrix is read once the class names are good.
    example: 'classes=cat,dog&matrix=5,1;2,7',
    problems: (p) => messages(parseMulticlassLink(p)),
  },
  explore: { params: ['mode', 'n', 'k', 'p', 'delta', 'confidence', 'yes', 'no'], problems: (p) => parseExplorerParams(p).problems },
  methods: { params: ['n', 'k', 'yes', 'no', 'delta', 'confidence', 'balanced'], problems: (p) => messages(parseMethodsLink(p)) },
  coverage: { params: ['n', 'delta', 'methods', 'yes', 'no', 'axis', 'heatmaps', 'anytime'], problems: (p) => messages(parseCoverageLink(p)) },
  posterior: { params: ['tp', 'fn', 'tn', 'fp', 'yes', 'no', 'delta', 'confidence'], problems: (p) => messages(parsePosteriorLink(p)) },
  plan: {
    params: ['yes', 'no', 'delta', 'confidence', 'goal', 'target', 'accYes', 'accNo', 'ratio', 'balanced', 'metric', 'batch', 'horizon'],
    problems: (p) => messages(parsePlanLink(p)),
  },
  report: { params: ['id', 'yes', 'no', 'name', 'delta', 'balanced', 'prevalence', 'volume'], problems: (p) => messages(parseReportLink(p)) },
  data: {
    params: ['file', 'truth', 'prediction', 'score', 'slices', 'yesValues', 'filter', 'threshold', 'window', 'perClass', 'cumulative', 'metric'],
    problems: (p) => messages(parseDataLink(p)),
  },
  compare: {
    params: ['a', 'b', 'aname', 'bname', 'ayes', 'ano', 'byes', 'bno', 'c', 'n', 'yesb', 'yesc', 'yesn', 'nob', 'noc', 'non', 'ak', 'an', 'bk', 'bn', 'delta', 'confidence', 'paired', 'unpaired'],
    problems: (p) => messages(parseCompareLink(p)),
  },
  rank: { params: ['ref', 'target', 'metric', 'ids', 'delta', 'confidence'], problems: (p) => messages(parseRankLink(p)) },
};

const problemsOf = (route: string, query: string) => ROUTES[route]!.problems(new URLSearchParams(query));

/** URLSearchParams that notes every name it is asked for. */
class ReadRecorder extends URLSearchParams {
  readonly read = new Set<string>();
  override get(name: string) {
    this.read.add(name);
    return super.get(name);
  }
  override getAll(name: string) {
    this.read.add(name);
    return super.getAll(name);
  }
  override has(name: string, value?: string) {
    this.read.add(name);
    return super.has(name, value);
  }
}

/**
 * Every parameter a route's parser reads: the names it asks for with no parameters, with each known
 * one alone, with all of them, and with the route's example (some are read only beside others, or
 * once another is good).
 */
function readParams(route: string): string[] {
  const { params, example, problems } = ROUTES[route]!;
  const read = new Set<string>();
  const queries = [[], ...params.map((param) => [param]), params].map((names) => names.map((name) => [name, '1']));
  for (const query of [...queries, [...new URLSearchParams(example ?? '')]]) {
    const recorder = new ReadRecorder(query);
    problems(recorder);
    for (const name of recorder.read) read.add(name);
  }
  return [...read];
}

function messages<T>(parse: { ok: true; value: T } | { ok: false; problems: LinkProblem[] }): string[] {
  return parse.ok ? [] : parse.problems.map((problem) => `${problem.param}: ${problem.message}`);
}

// What a fuzzer sends: 100,000 letters, 100,000 digits that end badly (a regex that backtracks
// over two runs of digits takes 10¹⁰ steps on it), a long count pair.
const LONG_VALUES = ['A'.repeat(100_000), `${'9'.repeat(100_000)}x`, `${'1'.repeat(50_000)}/${'2'.repeat(50_000)}`, `0.${'5'.repeat(100_000)}%`];

describe('a 100,000-character parameter (issue 29)', () => {
  for (const route of Object.keys(ROUTES)) {
    it(`#/${route}: every message clips what it quotes`, () => {
      const params = readParams(route);
      // The recorder sees what the parser reads: every parameter the route's links are known to carry.
      expect(params).toEqual(expect.arrayContaining([...ROUTES[route]!.params]));
      for (const param of params) {
        for (const value of LONG_VALUES) {
          const found = problemsOf(route, new URLSearchParams({ [param]: value }).toString());
          for (const message of found) expect(message.length, `${param}=${value.slice(0, 12)}…`).toBeLessThan(600);
        }
      }
    });
  }

  it('a long parameter name is clipped too', () => {
    const found = problemsOf('compare', `${'z'.repeat(100_000)}=1&b=3&c=4&n=10`);
    expect(found).toHaveLength(1);
    expect(found[0]!.length).toBeLessThan(600);
  });
});

describe('a link names every bad parameter, not just the first (issue 29)', () => {
  const named = (route: string, query: string) => problemsOf(route, query).map((message) => message.split(':')[0]);

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
