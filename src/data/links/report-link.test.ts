import { describe, expect, it } from 'vitest';
import { parseReportLink, reportHref, type ReportLink } from './report-link';

const parse = (query: string) => parseReportLink(new URLSearchParams(query));

describe('report links', () => {
  it('reads the whole workspace, one detector or counts, with an optional δ', () => {
    expect(parse('')).toEqual({ ok: true, value: { subject: { kind: 'workspace' }, delta: undefined } });
    expect(parse('id=forklift&delta=0.01')).toEqual({ ok: true, value: { subject: { kind: 'detector', id: 'forklift' }, delta: 0.01 } });
    expect(parse('yes=38/40&no=55/60&name=Dog%20on%20sofa&confidence=0.99')).toEqual({
      ok: true,
      value: { subject: { kind: 'counts', name: 'Dog on sofa', yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } }, delta: 0.01 },
    });
  });

  it('names every problem', () => {
    const problems = (query: string) => {
      const parsed = parse(query);
      return parsed.ok ? [] : parsed.problems.map((problem) => problem.param);
    };
    expect(problems('yes=38/40')).toEqual(['no']);
    expect(problems('yes=41/40&no=1/2&delta=2')).toEqual(['delta', 'yes']);
    expect(problems('id=a&yes=1/2&no=1/2')).toEqual(['id']);
    expect(problems('id=')).toEqual(['id']);
  });

  it('writes links that read back the same', () => {
    const links: ReportLink[] = [
      { subject: { kind: 'workspace' }, delta: undefined },
      { subject: { kind: 'detector', id: 'a.b-c' }, delta: 0.05 },
      { subject: { kind: 'detector', id: 'x' }, delta: 0.05, balanced: 'inversion' },
      { subject: { kind: 'workspace' }, delta: undefined, balanced: 'union' },
      { subject: { kind: 'workspace' }, delta: 0.05, balanced: 'buehler' },
      { subject: { kind: 'counts', name: 'Forklift & pallet', yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } }, delta: 1e-6 },
    ];
    for (const link of links) {
      const href = reportHref(link);
      expect(href.startsWith('#/report')).toBe(true);
      expect(parse(href.split('?')[1] ?? '')).toEqual({ ok: true, value: link });
    }
    expect(reportHref(links[5]!)).toBe('#/report?yes=38/40&no=55/60&name=Forklift+%26+pallet&delta=0.000001');
    // The method is written whenever given, the default too: absent, the report takes the workspace's.
    expect(reportHref(links[2]!)).toBe('#/report?id=x&delta=0.05&balanced=inversion');
    expect(reportHref(links[4]!)).toBe('#/report?delta=0.05&balanced=buehler');
    expect(parse('balanced=both')).toMatchObject({ ok: false, problems: [{ param: 'balanced' }] });
  });
});
