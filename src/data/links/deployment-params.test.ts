import { describe, expect, it } from 'vitest';
import { parseRankLink, rankHref } from './compare-link';
import { parseReportLink, reportHref } from './report-link';
import { parseHashRoute } from './routes';
import { countsHref, detectorHref, listHref, parseCountsLink, parseDetectorLink, parseListLink } from './share-links';

const YES = { correct: 38, total: 40 };
const NO = { correct: 55, total: 60 };
const counts = (query: string) => parseCountsLink(parseHashRoute(`#/counts?yes=38/40&no=55/60&${query}`));

describe('prevalence= and volume= (issue 28)', () => {
  it('reads good values, each optional', () => {
    expect(counts('prevalence=0.02&volume=10000')).toMatchObject({ ok: true, value: { deployment: { prevalence: 0.02, volume: 10_000 } } });
    expect(counts('prevalence=.5')).toMatchObject({ ok: true, value: { deployment: { prevalence: 0.5 } } });
    expect(counts('volume=2.5e6')).toMatchObject({ ok: true, value: { deployment: { volume: 2_500_000 } } });
    expect(counts('prevalence=1e-4&volume=0.5')).toMatchObject({ ok: true, value: { deployment: { prevalence: 0.0001, volume: 0.5 } } });
    expect(counts('volume=1000000000000')).toMatchObject({ ok: true, value: { deployment: { volume: 1e12 } } });
    // Neither: no deployment chosen (the view shows the test set's mix and 10,000 a day).
    expect(counts('delta=0.05')).toMatchObject({ ok: true, value: { deployment: undefined } });
  });

  it.each([
    ['prevalence=0', 'prevalence'],
    ['prevalence=1', 'prevalence'],
    ['prevalence=2', 'prevalence'],
    ['prevalence=-0.1', 'prevalence'],
    ['prevalence=2%25', 'prevalence'],
    ['prevalence=', 'prevalence'],
    ['prevalence=abc', 'prevalence'],
    ['prevalence=NaN', 'prevalence'],
    ['volume=0', 'volume'],
    ['volume=-5', 'volume'],
    ['volume=1e13', 'volume'],
    ['volume=10,000', 'volume'],
    ['volume=Infinity', 'volume'],
    ['volume=', 'volume'],
  ])('names a bad %s', (query, param) => {
    expect(counts(query)).toMatchObject({ ok: false, problems: [{ param }] });
  });

  it('names every bad parameter at once, the counts’ too, and clips long values', () => {
    const long = 'x'.repeat(100);
    const result = parseCountsLink(parseHashRoute(`#/counts?yes=41/40&no=55/60&prevalence=${long}&volume=-1`));
    expect(result.ok).toBe(false);
    const problems = result.ok ? [] : result.problems;
    expect(problems.map((problem) => problem.param).sort()).toEqual(['prevalence', 'volume', 'yes']);
    expect(problems.find((problem) => problem.param === 'prevalence')!.message).toBe(
      `“prevalence” is “${'x'.repeat(40)}…”; expected the share of YES in real traffic: a number strictly between 0 and 1, such as 0.02 for 2%.`,
    );
    expect(problems.find((problem) => problem.param === 'volume')!.message).toBe(
      '“volume” is “-1”; expected images a day: a number above 0 and at most 1,000,000,000,000, such as 10000.',
    );
  });

  it('round-trips through the counts, detector and report links, and is written only when chosen', () => {
    const deployment = { prevalence: 0.02, volume: 10_000 };
    expect(countsHref(YES, NO, 0.05, undefined, deployment)).toBe('#/counts?yes=38/40&no=55/60&delta=0.05&prevalence=0.02&volume=10000');
    expect(countsHref(YES, NO, undefined, 'union', { volume: 300 })).toBe('#/counts?yes=38/40&no=55/60&balanced=union&volume=300');
    expect(countsHref(YES, NO, 0.05, undefined, {})).toBe('#/counts?yes=38/40&no=55/60&delta=0.05');
    expect(parseCountsLink(parseHashRoute(countsHref(YES, NO, 0.05, undefined, deployment)))).toMatchObject({ ok: true, value: { deployment } });

    const carried = { name: 'Forklift', query: '', yes: YES, no: NO };
    const detectorLink = detectorHref('forklift', 0.05, carried, undefined, { prevalence: 1e-3 });
    expect(detectorLink).toBe('#/detectors/forklift?name=Forklift&yes=38/40&no=55/60&delta=0.05&prevalence=0.001');
    expect(parseDetectorLink(parseHashRoute(detectorLink))).toMatchObject({ ok: true, value: { id: 'forklift', deployment: { prevalence: 0.001 } } });
    expect(parseDetectorLink(parseHashRoute('#/detectors/forklift?volume=zero'))).toMatchObject({ ok: false, problems: [{ param: 'volume' }] });

    const report = { subject: { kind: 'detector' as const, id: 'forklift' }, delta: 0.05, balanced: undefined, deployment };
    expect(reportHref(report)).toBe('#/report?id=forklift&delta=0.05&prevalence=0.02&volume=10000');
    expect(parseReportLink(parseHashRoute(reportHref(report)).params)).toEqual({ ok: true, value: report });
    expect(parseReportLink(new URLSearchParams('prevalence=1.5'))).toMatchObject({ ok: false, problems: [{ param: 'prevalence' }] });
  });
});

describe('the list’s metric= (issue 28)', () => {
  it('reads a metric, names a bad one, and is written only when not balanced accuracy', () => {
    expect(parseListLink(new URLSearchParams('metric=precision'))).toMatchObject({ ok: true, value: { metric: 'precision' } });
    expect(parseListLink(new URLSearchParams(''))).toMatchObject({ ok: true, value: { metric: undefined } });
    expect(parseListLink(new URLSearchParams(`metric=${'p'.repeat(50)}`))).toEqual({
      ok: false,
      problems: [{ param: 'metric', message: `“metric” is “${'p'.repeat(40)}…”; expected one of balanced, precision, recall, specificity, npv, f1.` }],
    });
    expect(listHref({ delta: 0.05, sort: 'lower', filter: '', metric: 'f1' })).toBe('#/?delta=0.05&sort=lower&metric=f1');
    expect(listHref({ delta: 0.05, sort: 'lower', filter: '', metric: 'balanced' })).toBe('#/?delta=0.05&sort=lower');
  });
});

describe('the ranking’s metric= (issue 28)', () => {
  it('ranks by a metric against a target only; a bad one is named', () => {
    expect(parseRankLink(new URLSearchParams('target=0.8&metric=f1'))).toMatchObject({ ok: true, value: { against: { kind: 'target', target: 0.8, metric: 'f1' } } });
    expect(parseRankLink(new URLSearchParams('ref=a&metric=precision'))).toMatchObject({ ok: false, problems: [{ param: 'metric' }] });
    expect(parseRankLink(new URLSearchParams('metric=balanced'))).toMatchObject({ ok: false, problems: [{ param: 'metric' }] });
    const link = { against: { kind: 'target' as const, target: 0.8, metric: 'recall' as const }, ids: ['a', 'b'], delta: 0.05 };
    expect(rankHref(link)).toBe('#/rank?target=0.8&metric=recall&ids=a,b&delta=0.05');
    expect(parseRankLink(new URLSearchParams(rankHref(link).split('?')[1]))).toEqual({ ok: true, value: link });
  });
});
