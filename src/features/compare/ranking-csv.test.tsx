import { describe, expect, it } from 'vitest';
import type { Detector } from '../../data/detectors';
import { rankingToCsv } from './RankView';

const detector = (id: string, yes: [number, number], no: [number, number]): Detector => ({
  id,
  name: id.toUpperCase(),
  query: 'Is there a forklift?',
  yes: { correct: yes[0], total: yes[1] },
  no: { correct: no[0], total: no[1] },
});
const verdict = { estimate: 0.02, lower: -0.01, upper: 0.05, pValue: 0.2, adjustedPValue: 0.4, provenBetter: false, provenWorse: false };
const rows = (csv: string) => csv.replace(/^\uFEFF/, '').trim().split('\r\n').map((line) => line.split(','));

describe('rankingToCsv', () => {
  it('carries the reference’s counts on every row of a ranking against a reference', () => {
    const reference = detector('ref', [80, 100], [90, 100]);
    const [header, row] = rows(rankingToCsv([{ detector: detector('a', [85, 100], [91, 100]), verdict }], { kind: 'reference', id: 'ref' }, 0.05, 1, reference));
    expect(header!.slice(-4)).toEqual(['reference_yes_correct', 'reference_yes_total', 'reference_no_correct', 'reference_no_total']);
    expect(row!.slice(-8)).toEqual(['85', '100', '91', '100', '80', '100', '90', '100']);
  });

  it('leaves them empty against a target', () => {
    const [header, row] = rows(rankingToCsv([{ detector: detector('a', [85, 100], [91, 100]), verdict }], { kind: 'target', target: 0.8 }, 0.05, 1));
    expect(row).toHaveLength(header!.length);
    expect(row!.slice(-4)).toEqual(['', '', '', '']);
    expect(row![3]).toBe('target 0.8');
  });

  it('names the exact search’s bounds and leaves the p-values empty when the workspace’s interval is Buehler’s', () => {
    const searched = { ...verdict, lower: 0.81, upper: 1, pValue: null, adjustedPValue: null, provenBetter: true };
    const csv = rows(rankingToCsv([{ detector: detector('a', [85, 100], [91, 100]), verdict: searched }], { kind: 'target', target: 0.8 }, 0.05, 1, undefined, 'buehler'));
    const [header, row] = csv;
    const cell = (name: string) => row![header!.indexOf(name)];
    expect([cell('p_value'), cell('holm_adjusted_p_value'), cell('verdict'), cell('method')]).toEqual(['', '', 'proven_better', 'simultaneous-one-sided-buehler-lower-bound-bonferroni']);
    const [, union] = rows(rankingToCsv([{ detector: detector('a', [85, 100], [91, 100]), verdict }], { kind: 'target', target: 0.8 }, 0.05, 1, undefined, 'union'));
    expect(union![header!.indexOf('method')]).toBe('simultaneous-one-sided-lower-bound-bonferroni-holm');
  });
});
