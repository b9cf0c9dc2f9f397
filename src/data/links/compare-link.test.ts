import { describe, expect, it } from 'vitest';
import { compareHref, parseCompareLink, parseRankLink, rankHref, type CompareLink, type RankLink } from './compare-link';
import { linkTester } from './links.test-util';
import { parseHashRoute } from './routes';

const { parse, problemParams: problems } = linkTester(parseCompareLink);
/** The href read back through the hash router, as the app does. */
const roundTrip = (link: CompareLink) => parseCompareLink(parseHashRoute(compareHref(link)).params);
/** A link that must parse: its value. */
const read = (query: string) => {
  const result = parse(query);
  if (!result.ok) throw new Error(`${query} did not parse`);
  return result.value;
};

describe('parseCompareLink', () => {
  it('reads two workspace detectors by id, with the counts and names they carry', () => {
    expect(parse('a=old&b=new&delta=0.01')).toEqual({ ok: true, value: { a: { id: 'old' }, b: { id: 'new' }, data: { kind: 'detectors' }, delta: 0.01 } });
    const carried = parse('a=old&b=new&aname=Old%20model&ayes=38/40&ano=55/60&bname=New&byes=39/40&bno=58/60');
    expect(carried).toMatchObject({
      ok: true,
      value: {
        a: { id: 'old', name: 'Old model', counts: { yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } } },
        b: { id: 'new', name: 'New', counts: { yes: { correct: 39, total: 40 }, no: { correct: 58, total: 60 } } },
        data: { kind: 'detectors' },
      },
    });
  });

  it('reads each counts-only form', () => {
    expect(parse('b=12&c=4&n=200')).toMatchObject({ ok: true, value: { data: { kind: 'paired-proportion', counts: { b: 12, c: 4, n: 200 } } } });
    expect(parse('yesb=12&yesc=3&yesn=200&nob=20&noc=8&non=300')).toMatchObject({
      ok: true,
      value: { data: { kind: 'paired-balanced', tables: { yes: { b: 12, c: 3, n: 200 }, no: { b: 20, c: 8, n: 300 } } } },
    });
    expect(parse('ayes=38/40&ano=55/60&byes=30/40&bno=50/60')).toMatchObject({ ok: true, value: { data: { kind: 'detectors' }, a: { counts: { yes: { correct: 38 } } } } });
    expect(parse('ak=38&an=40&bk=30&bn=40')).toMatchObject({
      ok: true,
      value: { data: { kind: 'unpaired-proportion', a: { correct: 38, total: 40 }, b: { correct: 30, total: 40 } } },
    });
    expect(parse('')).toEqual({ ok: true, value: { a: {}, b: {}, data: { kind: 'none' }, delta: undefined } });
  });

  it('names every malformed or missing parameter', () => {
    expect(problems('b=12&c=4')).toEqual(['n']);
    expect(problems('b=12&c=x&n=200')).toEqual(['c']);
    expect(problems('b=150&c=60&n=200')).toEqual(['b']);
    expect(problems('b=1&c=1&n=0')).toEqual(['n']);
    expect(problems('yesb=1&yesc=1&yesn=10&nob=1&noc=1')).toEqual(['non']);
    expect(problems('ayes=38/40&ano=55/60&byes=41/40&bno=50/60')).toEqual(['byes']);
    expect(problems('ayes=38/40')).toEqual(['ano', 'byes', 'bno']);
    expect(problems('ak=41&an=40&bk=30&bn=40')).toEqual(['ak']);
    // A refused n is named alone, not also as 'ak is 5 but an is 1' (the 1 was the stand-in).
    expect(problems('ak=5&an=0&bk=3&bn=4')).toEqual(['an']);
    expect(problems('ak=x&an=10&bk=50&bn=10')).toEqual(['ak', 'bk']);
    // Ids with paired tables, or per-class counts with one paired proportion: one of them was dropped without a word.
    expect(problems('a=old&b=new&yesb=1&yesc=2&yesn=10&nob=1&noc=0&non=5')).toEqual(['yesb']);
    expect(problems('b=1&c=1&n=10&ayes=38/40&ano=55/60&byes=30/40&bno=50/60')).toEqual(['ayes']);
    expect(problems('a=old')).toEqual(['b']);
    expect(problems('a=has space&b=new')).toEqual(['a']);
    expect(problems('a=old&b=new&c=3&n=10')).toEqual(['c', 'n']);
    expect(problems('b=1&c=1&n=10&ak=1&an=2&bk=1&bn=2')).toEqual(['b']);
    expect(problems('b=1&c=1&n=10&delta=2')).toEqual(['delta']);
    expect(problems(`aname=${'x'.repeat(201)}&b=1&c=1&n=10`)).toEqual(['aname']);
    expect(problems('yes=38/40&no=55/60')).toEqual(['yes', 'no']);
  });

  it('checks that carried counts fit the paired tables', () => {
    // A: 190/200 YES; B: 181/200. b − c = 12 − 3 = 9 = 190 − 181; both right = 178 ≤ 200 − 15.
    const fitting = 'yesb=12&yesc=3&yesn=200&nob=20&noc=8&non=300&ayes=190/200&ano=280/300&byes=181/200&bno=268/300';
    expect(parse(fitting)).toMatchObject({ ok: true, value: { data: { kind: 'paired-balanced' } } });
    expect(problems(fitting.replace('byes=181/200', 'byes=182/200'))).toEqual(['ayes']);
    expect(problems(fitting.replace('bno=268/300', 'bno=268/301'))).toEqual(['ano']);
    // b − c fits but A's correct is below b: impossible.
    expect(problems('yesb=12&yesc=3&yesn=200&nob=20&noc=8&non=300&ayes=10/200&ano=280/300&byes=1/200&bno=268/300')).toEqual(['ayes']);
  });

  it('round-trips every form through its href', () => {
    const links: CompareLink[] = [
      { a: { id: 'old' }, b: { id: 'new.v2' }, data: { kind: 'detectors' }, delta: 0.05 },
      {
        a: { id: 'old', name: 'Old & “quoted” / model', counts: { yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } } },
        b: { id: 'new', name: 'New', counts: { yes: { correct: 39, total: 40 }, no: { correct: 0, total: 60 } } },
        data: { kind: 'detectors' },
        delta: undefined,
      },
      { a: { name: 'A' }, b: {}, data: { kind: 'paired-proportion', counts: { b: 0, c: 0, n: 1 } }, delta: 1e-6 },
      { a: {}, b: {}, data: { kind: 'paired-balanced', tables: { yes: { b: 12, c: 3, n: 200 }, no: { b: 20, c: 8, n: 300 } } }, delta: 0.1 },
      {
        a: { name: 'model_a', counts: { yes: { correct: 190, total: 200 }, no: { correct: 280, total: 300 } } },
        b: { name: 'model_b', counts: { yes: { correct: 181, total: 200 }, no: { correct: 268, total: 300 } } },
        data: { kind: 'paired-balanced', tables: { yes: { b: 12, c: 3, n: 200 }, no: { b: 20, c: 8, n: 300 } } },
        delta: undefined,
      },
      { a: {}, b: {}, data: { kind: 'unpaired-proportion', a: { correct: 38, total: 40 }, b: { correct: 1e9, total: 1e9 } }, delta: undefined },
    ];
    for (const link of links) expect(roundTrip(link)).toEqual({ ok: true, value: link });
  });

  it('keeps counts readable in the href', () => {
    const href = compareHref({
      a: { counts: { yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } } },
      b: { counts: { yes: { correct: 30, total: 40 }, no: { correct: 50, total: 60 } } },
      data: { kind: 'detectors' },
      delta: 0.05,
    });
    expect(href).toBe('#/compare?ayes=38/40&ano=55/60&byes=30/40&bno=50/60&delta=0.05');
    expect(compareHref({ a: {}, b: {}, data: { kind: 'paired-proportion', counts: { b: 12, c: 4, n: 200 } }, delta: undefined })).toBe('#/compare?b=12&c=4&n=200');
  });

  it('reads paired=union (round-trips), takes paired=tango or none as the default (older links), and names a bad value', () => {
    const union = read('b=8&c=1&n=20&paired=union');
    expect(union.pairedMethod).toBe('union');
    expect(compareHref(union)).toBe('#/compare?b=8&c=1&n=20&paired=union');
    expect(read('b=8&c=1&n=20&paired=tango').pairedMethod).toBeUndefined();
    expect(compareHref(read('b=8&c=1&n=20&paired=tango'))).toBe('#/compare?b=8&c=1&n=20');
    expect(read('b=8&c=1&n=20').pairedMethod).toBeUndefined();
    expect(problems('b=8&c=1&n=20&paired=wald')).toEqual(['paired']);
  });

  it('reads unpaired=union and unpaired=buehler (round-trips), takes the default (score for two proportions, buehler for two detectors) as absent, and names a bad value', () => {
    const union = read('ak=18&an=20&bk=12&bn=20&unpaired=union');
    expect(union.unpairedMethod).toBe('union');
    expect(compareHref(union)).toBe('#/compare?ak=18&an=20&bk=12&bn=20&unpaired=union');
    expect(read('ak=18&an=20&bk=12&bn=20&unpaired=buehler').unpairedMethod).toBe('buehler');
    expect(compareHref(read('ak=18&an=20&bk=12&bn=20&unpaired=buehler'))).toBe('#/compare?ak=18&an=20&bk=12&bn=20&unpaired=buehler');
    expect(read('ak=18&an=20&bk=12&bn=20&unpaired=score').unpairedMethod).toBeUndefined();
    expect(compareHref(read('ak=18&an=20&bk=12&bn=20&unpaired=score'))).toBe('#/compare?ak=18&an=20&bk=12&bn=20');
    expect(read('ayes=38/40&ano=55/60&byes=30/40&bno=50/60&unpaired=buehler').unpairedMethod).toBeUndefined();
    expect(problems('ayes=38/40&ano=55/60&byes=30/40&bno=50/60&unpaired=score')).toEqual(['unpaired']);
    expect(problems('ak=18&an=20&bk=12&bn=20&unpaired=wald')).toEqual(['unpaired']);
  });
});

describe('parseRankLink', () => {
  const rank = (query: string) => parseRankLink(new URLSearchParams(query));

  it('reads a target (the default) or a reference, and the ids', () => {
    expect(rank('')).toEqual({ ok: true, value: { against: { kind: 'target', target: 0.9 }, ids: undefined, delta: undefined } });
    expect(rank('ref=old&ids=a,b,c&delta=0.01')).toEqual({ ok: true, value: { against: { kind: 'reference', id: 'old' }, ids: ['a', 'b', 'c'], delta: 0.01 } });
    expect(rank('target=0.85')).toMatchObject({ ok: true, value: { against: { kind: 'target', target: 0.85 } } });
    // An id given twice is one detector: it was ranked twice and counted twice in m.
    expect(rank('ids=a,a,b')).toMatchObject({ ok: true, value: { ids: ['a', 'b'] } });
  });

  it('names what is wrong', () => {
    const named = (query: string) => {
      const parsed = rank(query);
      return parsed.ok ? [] : parsed.problems.map((problem) => problem.param);
    };
    expect(named('ref=a&target=0.9')).toEqual(['ref']);
    expect(named('target=1.5')).toEqual(['target']);
    expect(named('ids=a,b c')).toEqual(['ids']);
    expect(named('ids=,')).toEqual(['ids']);
    expect(named('ref=')).toEqual(['ref']);
  });

  it('round-trips', () => {
    const links: RankLink[] = [
      { against: { kind: 'target', target: 0.75 }, ids: ['x', 'y.z'], delta: 0.05 },
      { against: { kind: 'reference', id: 'base-1' }, ids: undefined, delta: undefined },
    ];
    for (const link of links) expect(parseRankLink(parseHashRoute(rankHref(link)).params)).toEqual({ ok: true, value: link });
    expect(rankHref(links[0]!)).toBe('#/rank?target=0.75&ids=x,y.z&delta=0.05');
  });
});

describe('compareHref with counts a link cannot carry', () => {
  it('leaves out an empty class or counts past the maximum, keeping the ids (the view reads them from the workspace)', () => {
    for (const counts of [
      { yes: { correct: 0, total: 0 }, no: { correct: 5, total: 6 } },
      { yes: { correct: 2e9, total: 3e9 }, no: { correct: 5, total: 6 } },
    ]) {
      const link: CompareLink = { a: { id: 'x', name: 'X', counts }, b: { id: 'y', name: 'Y', counts: { yes: { correct: 1, total: 2 }, no: { correct: 3, total: 4 } } }, data: { kind: 'detectors' }, delta: undefined };
      const parsed = roundTrip(link);
      expect(parsed.ok).toBe(true);
      if (parsed.ok) expect([parsed.value.a.id, parsed.value.b.id, parsed.value.a.counts]).toEqual(['x', 'y', undefined]);
    }
  });
});
