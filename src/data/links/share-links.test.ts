import { describe, expect, it } from 'vitest';
import { parseHashRoute } from './routes';
import { carriedMatches, countsHref, detectorHref, parseCountsLink, parseCountsParam, parseDeltaParam, parseDetectorLink } from './share-links';

const params = (query: string) => new URLSearchParams(query);

describe('parseCountsParam', () => {
  it('reads correct/total, tolerating spaces', () => {
    expect(parseCountsParam('38/40')).toEqual({ ok: true, value: { correct: 38, total: 40 } });
    expect(parseCountsParam(' 0 / 0 ', 'no')).toEqual({ ok: true, value: { correct: 0, total: 0 } });
  });

  it('names the parameter in every error', () => {
    expect(parseCountsParam('38-40')).toEqual({
      ok: false,
      problem: { param: 'yes', message: "expected correct/total like 38/40, got '38-40'" },
      message: "yes: expected correct/total like 38/40, got '38-40'",
    });
    expect(parseCountsParam('41/40', 'no')).toMatchObject({ message: 'no: should-be-NO correct must be ≤ total (40), got 41' });
    expect(parseCountsParam('3.5/40')).toMatchObject({ ok: false, message: "yes: expected correct/total like 38/40, got '3.5/40'" });
    expect(parseCountsParam('-1/40')).toMatchObject({ ok: false });
    expect(parseCountsParam(null, 'no')).toMatchObject({ message: 'no: missing; expected correct/total like 38/40' });
    expect(parseCountsParam('99999999999999999/99999999999999999')).toMatchObject({ ok: false, message: expect.stringContaining('too large') });
  });
});

describe('parseDeltaParam', () => {
  it('is undefined when absent', () => {
    expect(parseDeltaParam(params(''))).toEqual({ ok: true, value: undefined });
  });

  it('reads delta in (0, 1)', () => {
    expect(parseDeltaParam(params('delta=0.05'))).toEqual({ ok: true, value: 0.05 });
    expect(parseDeltaParam(params('delta=1e-3'))).toEqual({ ok: true, value: 0.001 });
  });

  it('accepts confidence as an alias, recovering the decimal δ', () => {
    expect(parseDeltaParam(params('confidence=0.95'))).toEqual({ ok: true, value: 0.05 });
    expect(parseDeltaParam(params('confidence=0.999&delta=0.001'))).toEqual({ ok: true, value: 0.001 });
  });

  it.each(['0', '1', '1.5', '-0.05', 'abc', '', '5%', 'NaN', 'Infinity', '5e-324', '1e-400'])('rejects delta=%s naming the parameter', (value) => {
    const result = parseDeltaParam(params(`delta=${encodeURIComponent(value)}`));
    expect(result).toMatchObject({ ok: false, problems: [{ param: 'delta' }] });
    expect(!result.ok && result.problems[0]!.message).toMatch(new RegExp(`^“delta” is “${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}”; expected the error rate δ`));
  });

  it('names both parameters when delta and confidence are both malformed', () => {
    const result = parseDeltaParam(params('delta=null&confidence=abc'));
    expect(!result.ok && result.problems.map((problem) => problem.param)).toEqual(['delta', 'confidence']);
  });

  it('rejects a bad or contradicting confidence', () => {
    expect(parseDeltaParam(params('confidence=95'))).toMatchObject({ ok: false, problems: [{ param: 'confidence' }] });
    expect(parseDeltaParam(params('delta=0.05&confidence=0.99'))).toMatchObject({
      ok: false,
      problems: [{ param: 'confidence', message: '“confidence” is “0.99”, which disagrees with delta=0.05; give only one of them.' }],
    });
  });
});


describe('#/detectors/<id> links', () => {
  it('round-trips id and δ, including ids that need escaping', () => {
    for (const [id, delta] of [['forklift-loading-bay', 0.05], ['a.b_c', 0.001], ['x', undefined]] as const) {
      expect(parseDetectorLink(parseHashRoute(detectorHref(id, delta)))).toEqual({ ok: true, value: { id, delta, carried: undefined } });
    }
    expect(detectorHref('forklift-loading-bay', 0.05)).toBe('#/detectors/forklift-loading-bay?delta=0.05');
  });

  it('carries name, question and counts, so the link opens in an empty workspace (any text round-trips)', () => {
    const carried = { name: 'Forklift & co. ?#/ “quoted”', query: 'Is there a forklift?\nSecond line', yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } };
    const href = detectorHref('forklift', 0.01, carried);
    expect(href).toMatch(/^#\/detectors\/forklift\?name=.*&yes=38\/40&no=55\/60&delta=0.01$/);
    expect(parseDetectorLink(parseHashRoute(href))).toEqual({ ok: true, value: { id: 'forklift', delta: 0.01, carried } });
  });

  it('names carried counts that are missing or malformed', () => {
    const result = parseDetectorLink(parseHashRoute('#/detectors/x?name=X&yes=38/40&no=61/60'));
    expect(!result.ok && result.problems.map((p) => p.param)).toEqual(['no']);
    const missing = parseDetectorLink(parseHashRoute('#/detectors/x?name=X'));
    expect(!missing.ok && missing.problems.map((p) => p.param)).toEqual(['yes', 'no']);
  });

  it('reports a missing id, extra path and a bad δ together', () => {
    expect(parseDetectorLink(parseHashRoute('#/detectors'))).toEqual({
      ok: false,
      problems: [{ param: 'id', message: 'missing; expected #/detectors/<id>' }],
    });
    const result = parseDetectorLink(parseHashRoute('#/detectors/a/b?delta=2'));
    expect(!result.ok && result.problems.map((p) => p.param)).toEqual(['path', 'delta']);
  });
});

describe('#/counts links', () => {
  it('builds the readable contract form', () => {
    expect(countsHref({ correct: 38, total: 40 }, { correct: 55, total: 60 }, 0.05)).toBe('#/counts?yes=38/40&no=55/60&delta=0.05');
  });

  it('round-trips', () => {
    const yes = { correct: 0, total: 5 };
    const no = { correct: 1000, total: 1000 };
    expect(parseCountsLink(parseHashRoute(countsHref(yes, no, 0.001)))).toEqual({ ok: true, value: { yes, no, delta: 0.001, balanced: undefined } });
    expect(parseCountsLink(parseHashRoute(countsHref(yes, no)))).toEqual({ ok: true, value: { yes, no, delta: undefined, balanced: undefined } });
  });

  it('carries the balanced-interval method: balanced=union|inversion, absent for the default (Buehler’s), malformed named', () => {
    const yes = { correct: 38, total: 40 };
    const no = { correct: 55, total: 60 };
    expect(countsHref(yes, no, 0.05, 'union')).toBe('#/counts?yes=38/40&no=55/60&delta=0.05&balanced=union');
    expect(countsHref(yes, no, 0.05, 'inversion')).toBe('#/counts?yes=38/40&no=55/60&delta=0.05&balanced=inversion');
    expect(countsHref(yes, no, 0.05, 'buehler')).toBe('#/counts?yes=38/40&no=55/60&delta=0.05');
    expect(detectorHref('fork', 0.05, undefined, 'buehler')).toBe('#/detectors/fork?delta=0.05');
    expect(detectorHref('fork', 0.05, undefined, 'inversion')).toBe('#/detectors/fork?delta=0.05&balanced=inversion');
    expect(parseCountsLink(parseHashRoute('#/counts?yes=38/40&no=55/60&balanced=buehler'))).toMatchObject({ ok: true, value: { balanced: 'buehler' } });
    expect(parseCountsLink(parseHashRoute('#/counts?yes=38/40&no=55/60'))).toMatchObject({ ok: true, value: { balanced: undefined } });
    expect(parseCountsLink(parseHashRoute(countsHref(yes, no, undefined, 'union')))).toMatchObject({ ok: true, value: { balanced: 'union' } });
    expect(parseCountsLink(parseHashRoute('#/counts?yes=38/40&no=55/60&balanced=inversion'))).toMatchObject({ ok: true, value: { balanced: 'inversion' } });
    const detector = parseDetectorLink(parseHashRoute(detectorHref('fork', 0.05, { name: 'F', query: '', yes, no }, 'union')));
    expect(detector).toMatchObject({ ok: true, value: { id: 'fork', balanced: 'union' } });
    expect(parseCountsLink(parseHashRoute('#/counts?yes=1/2&no=1/2&balanced=bonferroni'))).toEqual({
      ok: false,
      problems: [{ param: 'balanced', message: expect.stringMatching(/^“balanced” is “bonferroni”; expected buehler .*, union .* or inversion /) }],
    });
    expect(parseDetectorLink(parseHashRoute('#/detectors/x?balanced=')).ok).toBe(false);
  });

  it('reads the percent-encoded form too', () => {
    expect(parseCountsLink(parseHashRoute('#/counts?yes=38%2F40&no=55%2F60'))).toMatchObject({ ok: true });
  });

  it('lists every malformed parameter', () => {
    expect(parseCountsLink(parseHashRoute('#/counts?yes=38-40&delta=0'))).toEqual({
      ok: false,
      problems: [
        { param: 'yes', message: "expected correct/total like 38/40, got '38-40'" },
        { param: 'no', message: 'missing; expected correct/total like 38/40' },
        { param: 'delta', message: expect.stringMatching(/^“delta” is “0”; expected the error rate δ, such as 0.05 for 95% confidence: δ must be/) },
      ],
    });
  });
});

describe('carriedMatches', () => {
  it('knows a detector in its own link, spaces around its name or question included', () => {
    const detector = { id: 'forklift', name: 'Forklift ', query: 'Is there a forklift?\n', yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } };
    const parsed = parseDetectorLink(parseHashRoute(detectorHref(detector.id, 0.05, detector)));
    expect(parsed.ok && parsed.value.carried).toEqual({ name: 'Forklift', query: 'Is there a forklift?', yes: detector.yes, no: detector.no });
    expect(parsed.ok && carriedMatches(detector, parsed.value.carried!)).toBe(true);
    expect(parsed.ok && carriedMatches({ ...detector, yes: { correct: 37, total: 40 } }, parsed.value.carried!)).toBe(false);
    expect(parsed.ok && carriedMatches({ ...detector, name: 'Forklift 2' }, parsed.value.carried!)).toBe(false);
  });
});
