import { describe, expect, it } from 'vitest';
import { balancedBuehlerInterval } from '../../stats';
import { computeIntervals, type DeploymentChoice } from '../../data/detectors';
import { formatIntervalParts } from '../../data/format';
import type { BalancedMethod } from '../../data/methods';
import { intervalsMarkdown } from './report-markdown';
import { familyText, interpretation, reportEntriesUpTo, reportExpensiveNeeds, type ReportDetector } from './report-model';

/** Every entry of a report, as the page has them once all its rows are drawn. */
const reportEntries = (detectors: readonly ReportDetector[], delta: number, method: BalancedMethod, deployment?: DeploymentChoice) =>
  reportEntriesUpTo(detectors, delta, method, deployment)(detectors.length);

const FORKLIFT = { id: 'forklift', name: 'Forklift', query: 'Is there a forklift?', yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } };
const PIPE = { id: 'pipe', name: 'Cat | dog\nsofa', query: '', yes: { correct: 9, total: 10 }, no: { correct: 0, total: 0 } };

describe('intervals as Markdown', () => {
  it('is a table of the metrics with outward-rounded bounds, methods, δ and the date', () => {
    const entries = reportEntries([FORKLIFT], 0.05, 'union');
    expect(intervalsMarkdown(entries, { delta: 0.05, m: 1 }, '2026-11-23')).toBe(
      [
        '| Detector | Metric | Correct / total | Estimate | 95% interval (δ = 0.05) | Method |',
        '| --- | --- | ---: | ---: | --- | --- |',
        '| Forklift | Balanced accuracy | YES 38/40, NO 55/60 | 93.3% | [80.6%, 98.7%] | exact union bound (δ/4 per tail) |',
        '| Forklift | Should-be-YES accuracy | 38/40 | 95.0% | [83.0%, 99.4%] | exact central (Clopper–Pearson) |',
        '| Forklift | Should-be-NO accuracy | 55/60 | 91.7% | [81.6%, 97.3%] | exact central (Clopper–Pearson) |',
        '| Forklift | Precision (share of YES answers that are right) | 38/43 | 88.4% | [74.9%, 96.2%] | exact central (Clopper–Pearson) given the number of such answers |',
        '| Forklift | Recall (should-be-YES accuracy) | 38/40 | 95.0% | [83.0%, 99.4%] | exact central (Clopper–Pearson) |',
        '| Forklift | Specificity (should-be-NO accuracy) | 55/60 | 91.7% | [81.6%, 97.3%] | exact central (Clopper–Pearson) |',
        '| Forklift | NPV (share of NO answers that are right) | 55/57 | 96.5% | [87.8%, 99.6%] | exact central (Clopper–Pearson) given the number of such answers |',
        '| Forklift | F1 | 76/83 | 91.6% | [76.8%, 98.2%] | exact union bound (one-sided bounds at δ/4) |',
        '',
        'Exact binomial-tail intervals (tailbound), bounds rounded outward. Each interval holds at 95% for its detector on its own. Precision and NPV describe each test set’s own mix of YES and NO. Generated 2026-11-23.',
        '',
      ].join('\n'),
    );
  });

  it('adds the simultaneous δ/m column for several detectors and keeps names from breaking the table', () => {
    const entries = reportEntries([FORKLIFT, PIPE], 0.05, 'union');
    const markdown = intervalsMarkdown(entries, { delta: 0.05, m: 2 }, '2026-11-23');
    const lines = markdown.trimEnd().split('\n');
    expect(lines[0]).toBe('| Detector | Metric | Correct / total | Estimate | 95% interval (δ = 0.05) | Simultaneous (δ/2 ≈ 0.025) | Method |');
    // Every table row has the header's 7 columns (8 unescaped pipes), the escaped name included.
    for (const line of lines.slice(0, 18)) expect(line.split(/(?<!\\)\|/)).toHaveLength(9);
    const simultaneous = computeIntervals(FORKLIFT.yes, FORKLIFT.no, 0.025, 'union').balanced!;
    const shown = formatIntervalParts(simultaneous);
    expect(lines[2]).toContain(`| [80.6%, 98.7%] | [${shown.lower}, ${shown.upper}] |`);
    expect(lines[10]).toBe('| Cat \\| dog sofa | Balanced accuracy | YES 9/10, NO 0/0 | — | — | — | exact union bound (δ/4 per tail) |');
    expect(markdown).toContain('all 2 hold together at the simultaneous level (Bonferroni, δ/m)');
  });
});

describe('the deployment (issue 28)', () => {
  it('follows the table when the report’s link sets one, in the numbers of the scipy fixtures', () => {
    const entries = reportEntries([FORKLIFT, PIPE], 0.05, 'union', { prevalence: 0.02, volume: 10_000 });
    const markdown = intervalsMarkdown(entries, { delta: 0.05, m: 2 }, '2026-11-23');
    expect(markdown.trimEnd().split('\n').slice(-3)).toEqual([
      'In deployment (expected counts a day; each interval at δ on its own):',
      '',
      '- Forklift: At 2% prevalence and 10,000 images a day: 270–1,802 false alarms a day (95%, exact central), and 7.6–46.9% of alarms real (95%, exact union bound); 1.2–33.9 missed events a day (95%, exact central).',
    ]);
    // A detector with an empty class has no rates to carry over.
    expect(entries[1]!.deployment).toBeNull();
  });

  it('is left out when the link sets none', () => {
    const entries = reportEntries([FORKLIFT], 0.05, 'union');
    expect(entries[0]!.deployment).toBeNull();
    expect(intervalsMarkdown(entries, { delta: 0.05, m: 1 }, '2026-11-23')).not.toContain('In deployment');
  });
});

describe('by the default, Buehler’s interval', () => {
  it('the Markdown row names the method and shows its numbers', () => {
    const markdown = intervalsMarkdown(reportEntries([FORKLIFT], 0.05, 'buehler'), { delta: 0.05, m: 1 }, '2026-11-23');
    const shown = formatIntervalParts(balancedBuehlerInterval(FORKLIFT, 0.05));
    expect(markdown.split('\n')[2]).toBe(
      `| Forklift | Balanced accuracy | YES 38/40, NO 55/60 | ${shown.estimate} | [${shown.lower}, ${shown.upper}] | exact, never wider than the union bound (Buehler; δ/2 per side) |`,
    );
  });

  it('the report asks the workers for Buehler’s intervals at δ and δ/m, and for none by the union bound', () => {
    const detectors = [FORKLIFT, PIPE];
    expect(reportExpensiveNeeds(detectors, 0.05, 'buehler')).toEqual([
      { method: 'buehler', yes: FORKLIFT.yes, no: FORKLIFT.no, delta: 0.05 },
      { method: 'buehler', yes: FORKLIFT.yes, no: FORKLIFT.no, delta: 0.025 },
      { method: 'buehler', yes: PIPE.yes, no: PIPE.no, delta: 0.05 },
      { method: 'buehler', yes: PIPE.yes, no: PIPE.no, delta: 0.025 },
    ]);
    expect(reportExpensiveNeeds([FORKLIFT], 0.05, 'inversion')).toEqual([{ method: 'inversion', yes: FORKLIFT.yes, no: FORKLIFT.no, delta: 0.05 }]);
    expect(reportExpensiveNeeds(detectors, 0.05, 'union')).toEqual([]);
  });
});

describe('interpretation', () => {
  it('says what the interval promises and what it does not, and where labels help', () => {
    const [entry] = reportEntries([FORKLIFT], 0.05, 'union');
    const text = interpretation(entry!, { delta: 0.05, m: 1 });
    expect(text).toContain('balanced accuracy of 93.3% with an exact 95% interval of [80.6%, 98.7%]');
    expect(text).toContain('does not mean a 95% probability');
    expect(text).toContain('worst plausible balanced accuracy');
    expect(text).toContain('should-be-YES class (40 examples) has the wider interval');
  });

  it('says why there is no interval when a class is empty', () => {
    const [, entry] = reportEntries([FORKLIFT, PIPE], 0.05, 'union');
    expect(interpretation(entry!, { delta: 0.05, m: 2 })).toMatch(/undefined[\s\S]*the should-be-NO class has no examples/);
  });
});

describe('a report at the smallest δ', () => {
  it('opens with several detectors: no simultaneous intervals where δ/m is below 1e-300, and the checklist says why', () => {
    const detectors = [
      { id: 'a', name: 'A', query: '', yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } },
      { id: 'b', name: 'B', query: '', yes: { correct: 30, total: 40 }, no: { correct: 50, total: 60 } },
    ];
    const entries = reportEntries(detectors, 1e-300, 'union');
    expect(entries.map((entry) => entry.simultaneous)).toEqual([null, null]);
    expect(familyText({ delta: 1e-300, m: 2 })).toMatch(/below 1e-300, the smallest level the intervals take: no simultaneous intervals are shown/);
    expect(reportEntries(detectors, 0.05, 'union')[0]!.simultaneous).not.toBeNull();
  });

  it('leaves the empty simultaneous column out of the Markdown and says why', () => {
    const detectors = [FORKLIFT, { ...FORKLIFT, id: 'b', name: 'B' }];
    const markdown = intervalsMarkdown(reportEntries(detectors, 1e-300, 'union'), { delta: 1e-300, m: 2 }, '2026-11-23');
    const [header, , firstRow] = markdown.split('\n');
    expect(header).not.toContain('Simultaneous');
    expect(firstRow!.split(/(?<!\\)\|/)).toHaveLength(8);
    expect(markdown).toContain('no simultaneous intervals: δ/2 ≈ 5e-301 is below 1e-300, the smallest level they take.');
  });
});

describe('report entries computed as they are drawn', () => {
  it('gives the first entries, each computed once, the same as when all are asked for at once (δ/m of the whole report)', () => {
    const detectors = [FORKLIFT, PIPE, { ...FORKLIFT, id: 'third', name: 'Third' }];
    const upTo = reportEntriesUpTo(detectors, 0.05, 'union', { prevalence: 0.02, volume: 10_000 });
    const first = upTo(1);
    expect(first).toHaveLength(1);
    const all = upTo(5);
    expect(all).toHaveLength(3);
    expect(all[0]).toBe(first[0]);
    expect(all).toEqual(reportEntries(detectors, 0.05, 'union', { prevalence: 0.02, volume: 10_000 }));
    // The simultaneous intervals are at δ/3 from the first entry on, not at δ/(entries computed so far).
    expect(first[0]!.simultaneous).toEqual(computeIntervals(FORKLIFT.yes, FORKLIFT.no, 0.05 / 3, 'union'));
  });
});
