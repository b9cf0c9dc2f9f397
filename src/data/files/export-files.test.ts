import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { balancedInterval, balancedInversionInterval, deploymentMetrics, detectionMetrics, exactInterval, macroRecallInterval } from '../../stats';
import fixtures from '../../stats/fixtures/deployment-metrics.json';
import type { Detector } from '../detectors/detector';
import { parseDetectorsFile } from '../detectors/detectors-schema';
import { classIntervalsToCsv, classIntervalsToMarkdown, confidenceCell, countsAdHocDetector, detectorsToJson, INTERVALS_CSV_HEADER, intervalsToCsv, textCell, UTF8_BOM } from './export-files';
import { parseImportFile } from './import-files';
import { FORKLIFT, SMOKE_WITHOUT_YES } from '../../test/sample-detectors';

/** The worked example, with a name that needs quoting in CSV. */
const forklift: Detector = { ...FORKLIFT, name: 'Forklift, "bay 3"' };

function rows(csv: string): string[][] {
  expect(csv.startsWith(UTF8_BOM)).toBe(true);
  return Papa.parse<string[]>(csv.slice(UTF8_BOM.length).trimEnd(), { delimiter: ',' }).data;
}

describe('intervalsToCsv', () => {
  it('has a BOM (for Excel), exactly the contracted header and CRLF line ends', () => {
    const csv = intervalsToCsv([forklift], 0.05, 'union');
    expect(INTERVALS_CSV_HEADER).toBe('detector_id,detector_name,metric,correct,total,estimate,lower,upper,confidence,method,prevalence,volume');
    expect(csv.split('\r\n')[0]).toBe(`${UTF8_BOM}${INTERVALS_CSV_HEADER}`);
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('writes one row per metric with bounds equal to the stats module, unrounded', () => {
    const delta = 0.01;
    const [, balancedRow, yesRow, noRow] = rows(intervalsToCsv([forklift], delta, 'union'));
    const balanced = balancedInterval(forklift, delta);
    const yes = exactInterval(40, 38, delta);
    const no = exactInterval(60, 55, delta);
    expect(balancedRow).toEqual([
      'forklift', 'Forklift, "bay 3"', 'balanced', '93', '100',
      String(balanced.estimate), String(balanced.lower), String(balanced.upper), '0.99', 'exact-union-bound', '', '',
    ]);
    expect(yesRow).toEqual(['forklift', 'Forklift, "bay 3"', 'yes', '38', '40', String(yes.estimate), String(yes.lower), String(yes.upper), '0.99', 'exact-central', '', '']);
    expect(noRow).toEqual(['forklift', 'Forklift, "bay 3"', 'no', '55', '60', String(no.estimate), String(no.lower), String(no.upper), '0.99', 'exact-central', '', '']);
    // Full precision: the cells read back as the very same doubles.
    expect(Number(balancedRow![6])).toBe(balanced.lower);
    expect(Number(yesRow![7])).toBe(yes.upper);
  });

  it('names the exact test inversion when that is the workspace method, with its bounds', () => {
    const [, balancedRow] = rows(intervalsToCsv([forklift], 0.05, 'inversion'));
    const inverted = balancedInversionInterval(forklift, 0.05);
    expect(balancedRow!.slice(5)).toEqual([String(inverted.estimate), String(inverted.lower), String(inverted.upper), '0.95', 'exact-test-inversion', '', '']);
    expect(inverted.upper - inverted.lower).toBeLessThan(balancedInterval(forklift, 0.05).upper - balancedInterval(forklift, 0.05).lower);
  });

  it('leaves estimate and bounds empty for an empty class and for its balanced row', () => {
    const [, balancedRow, yesRow, noRow] = rows(intervalsToCsv([SMOKE_WITHOUT_YES], 0.05, 'union'));
    expect(balancedRow!.slice(2)).toEqual(['balanced', '297', '300', '', '', '', '0.95', 'exact-union-bound', '', '']);
    expect(yesRow!.slice(2)).toEqual(['yes', '0', '0', '', '', '', '0.95', 'exact-central', '', '']);
    expect(noRow![5]).toBe(String(exactInterval(300, 297, 0.05).estimate));
  });

  it('writes precision, recall, specificity, NPV and F1 rows with their counts, unrounded bounds and method ids (issue 28)', () => {
    const delta = 0.05;
    const metrics = detectionMetrics(forklift, delta);
    const metricRows = rows(intervalsToCsv([forklift], delta, 'union')).slice(4);
    const row = (metric: keyof typeof metrics, correct: number, total: number) => {
      const interval = metrics[metric] as { estimate: number; lower: number; upper: number; method: string };
      return ['forklift', 'Forklift, "bay 3"', metric, String(correct), String(total), String(interval.estimate), String(interval.lower), String(interval.upper), '0.95', interval.method, '', ''];
    };
    expect(metricRows).toEqual([row('precision', 38, 43), row('recall', 38, 40), row('specificity', 55, 60), row('npv', 55, 57), row('f1', 76, 83)]);
    expect(metricRows.map((cells) => cells[9])).toEqual(['exact-central-given-answers', 'exact-central', 'exact-central', 'exact-central-given-answers', 'exact-union-bound']);
    // Against scipy (the fixtures): precision is Clopper–Pearson on 38 of 43 YES answers.
    const fixture = fixtures.rows[0]!;
    expect(Math.abs(Number(metricRows[0]![6]) - fixture.precision![0]!)).toBeLessThan(1e-12);
    expect(Math.abs(Number(metricRows[4]![7]) - fixture.f1[1]!)).toBeLessThan(1e-12);
    // A class without examples: counts written, intervals empty.
    const empty = rows(intervalsToCsv([SMOKE_WITHOUT_YES], delta, 'union')).slice(4);
    expect(empty.map((cells) => cells.slice(2, 8))).toEqual([
      ['precision', '0', '3', '', '', ''],
      ['recall', '0', '0', '', '', ''],
      ['specificity', '297', '300', '', '', ''],
      ['npv', '297', '297', '', '', ''],
      ['f1', '0', '3', '', '', ''],
    ]);
  });

  it('adds the deployment rows, unrounded, with prevalence and volume, only when a deployment is chosen (issue 28)', () => {
    expect(rows(intervalsToCsv([forklift], 0.05, 'union'))).toHaveLength(1 + 8);
    expect(rows(intervalsToCsv([forklift], 0.05, 'union', {}))).toHaveLength(1 + 8);
    const deployed = rows(intervalsToCsv([forklift], 0.05, 'union', { prevalence: 0.02, volume: 10_000 })).slice(9);
    const expected = deploymentMetrics(forklift, { prevalence: 0.02, volume: 10_000 }, 0.05);
    const cells = (metric: string, interval: { estimate: number; lower: number; upper: number; method: string }) => [
      'forklift', 'Forklift, "bay 3"', metric, '', '', String(interval.estimate), String(interval.lower), String(interval.upper), '0.95', interval.method, '0.02', '10000',
    ];
    expect(deployed).toEqual([
      cells('ppv_at_prevalence', expected.ppv!),
      cells('npv_at_prevalence', expected.npv!),
      cells('false_alarms_per_day', expected.falseAlarms),
      cells('missed_events_per_day', expected.missedEvents),
    ]);
    // The scipy fixtures' figures for 38/40 + 55/60 at 2% and 10,000 a day.
    const fixture = fixtures.rows[0]!;
    expect(Math.abs(Number(deployed[2]![6]) - fixture.falseAlarms[0]!)).toBeLessThan(1e-9);
    expect(Math.abs(Number(deployed[2]![7]) - fixture.falseAlarms[1]!)).toBeLessThan(1e-9);
    expect(Math.abs(Number(deployed[0]![6]) - fixture.ppv![0]!)).toBeLessThan(1e-12);
    expect(Math.abs(Number(deployed[3]![7]) - fixture.missedEvents[1]!)).toBeLessThan(1e-9);
    // The volume alone: the prevalence is the test set's mix, 40 of 100.
    expect(rows(intervalsToCsv([forklift], 0.05, 'union', { volume: 500 }))[9]!.slice(10)).toEqual(['0.4', '500']);
  });

  it('writes 1 − δ as the confidence', () => {
    expect(rows(intervalsToCsv([forklift], 0.001, 'union'))[1]![8]).toBe('0.999');
    expect(rows(intervalsToCsv([forklift], 0.1, 'union'))[1]![8]).toBe('0.9');
    expect(rows(intervalsToCsv([forklift], 0.07, 'union'))[1]![8]).toBe('0.93');
    // A tiny δ is not rounded away into a claim of certainty.
    expect(rows(intervalsToCsv([forklift], 1e-13, 'union'))[1]![8]).toBe(String(1 - 1e-13));
    expect(Number(rows(intervalsToCsv([forklift], 1e-13, 'union'))[1]![8])).toBeLessThan(1);
    // Taken in decimal: binary 1 − δ would write 0.00000100000000003.
    expect(confidenceCell(0.999999)).toBe('0.000001');
    expect(confidenceCell(1e-7)).toBe('0.9999999');
    // Where a number would round it up to 1, the confidence is written in full.
    expect(confidenceCell(1e-20)).toBe(`0.${'9'.repeat(20)}`);
  });

  it('quotes names with commas, quotes and newlines so every row keeps 12 cells', () => {
    const tricky = { ...forklift, id: 'x', name: 'line1\nline2, "quoted"' };
    const parsed = rows(intervalsToCsv([tricky, SMOKE_WITHOUT_YES], 0.05, 'union', { prevalence: 0.1 }));
    // The header, then 8 rows a detector, and 4 deployment rows for the one with both classes.
    expect(parsed).toHaveLength(1 + 8 + 4 + 8);
    for (const row of parsed) expect(row).toHaveLength(12);
    expect(parsed[1]![1]).toBe('line1\nline2, "quoted"');
  });

  it('neutralises spreadsheet formulas in text cells', () => {
    expect(textCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(textCell('+1')).toBe("'+1");
    expect(textCell('-1')).toBe("'-1");
    expect(textCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(textCell('plain name')).toBe('plain name');
    expect(textCell('<img src=x onerror=alert(1)>')).toBe('<img src=x onerror=alert(1)>');
  });

  it('writes only the header for no detectors', () => {
    expect(intervalsToCsv([], 0.05, 'union')).toBe(`${UTF8_BOM}${INTERVALS_CSV_HEADER}\r\n`);
  });
});

describe('detectorsToJson', () => {
  it('round-trips through the schema parser and the import panel', () => {
    const detectors = [forklift, SMOKE_WITHOUT_YES, { ...forklift, id: 'odd', name: '=1+1 <img src=x onerror=alert(1)>' }];
    const json = detectorsToJson(detectors);
    expect(JSON.parse(json)).toMatchObject({ schema: 'tailbound.detectors', version: 1 });
    expect(parseDetectorsFile(JSON.parse(json))).toEqual({ ok: true, detectors, classDetectors: [] });
    expect(parseImportFile('export.json', json)).toEqual({ kind: 'json', detectors, classDetectors: [], errors: [] });
  });
});

describe('countsAdHocDetector', () => {
  it('builds a detector from counts alone', () => {
    const detector = countsAdHocDetector({ correct: 38, total: 40 }, { correct: 55, total: 60 });
    expect(detector).toEqual({ ...FORKLIFT, id: 'counts', name: 'Counts YES 38/40, NO 55/60', query: '' });
    expect(parseDetectorsFile({ schema: 'tailbound.detectors', version: 1, detectors: [detector] }).ok).toBe(true);
  });
});

describe('classIntervalsToCsv (K-class detectors)', () => {
  const issue = { id: 'pets', name: 'Pets, v2', classes: ['cat', 'dog', 'bird'], matrix: [[50, 2, 1], [3, 40, 2], [0, 1, 30]] };

  it("writes the macro recall and each class's recall and precision in the export's columns, equal to the stats module", () => {
    const lines = classIntervalsToCsv([issue], 0.05).split('\r\n');
    expect(lines[0]).toBe(`${UTF8_BOM}${INTERVALS_CSV_HEADER}`);
    expect(lines).toHaveLength(1 + 1 + 2 * 3 + 1);
    const macro = macroRecallInterval(issue.matrix, 0.05);
    expect(lines[1]).toBe(`pets,"Pets, v2",balanced,120,129,${macro.estimate},${macro.lower},${macro.upper},0.95,exact-union-bound,,`);
    const dog = exactInterval(45, 40, 0.05);
    expect(lines[4]).toBe(`pets,"Pets, v2",recall:dog,40,45,${dog.estimate},${dog.lower},${dog.upper},0.95,exact-central,,`);
    const birdPrecision = exactInterval(33, 30, 0.05);
    expect(lines[7]).toBe(`pets,"Pets, v2",precision:bird,30,33,${birdPrecision.estimate},${birdPrecision.lower},${birdPrecision.upper},0.95,exact-central-given-answers,,`);
    expect(lines[8]).toBe('');
  });

  it('leaves undefined intervals empty (a class without examples, one never answered); rows only after two-class rows', () => {
    const csv = classIntervalsToCsv([{ id: 'x', name: 'x', classes: ['a', '=b', 'c'], matrix: [[5, 0, 0], [0, 0, 0], [2, 0, 3]] }], 0.05, 'two-class rows');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('x,x,balanced,8,10,,,,0.95,exact-union-bound,,');
    expect(lines[3]).toBe("x,x,recall:=b,0,0,,,,0.95,exact-central,,");
    expect(lines[4]).toBe("x,x,precision:=b,0,0,,,,0.95,exact-central-given-answers,,");
    expect(csv.startsWith(UTF8_BOM)).toBe(false);
  });
});

describe('classIntervalsToMarkdown (K-class detectors)', () => {
  it('is a table of the macro recall and each class’s recall and precision, bounds rounded outward, with the methods and δ', () => {
    const markdown = classIntervalsToMarkdown({ id: 'pets', name: 'Pets | v2', classes: ['cat', 'dog', 'bird'], matrix: [[50, 2, 1], [3, 40, 2], [0, 1, 30]] }, 0.05);
    const lines = markdown.split('\n');
    expect(lines[0]).toBe('| Detector · class | Metric | Correct / total | Estimate [95% interval] | Method |');
    expect(lines[2]).toBe('| Pets \\| v2 | macro recall (balanced accuracy) | 120 / 129 | 93.3% [78.2%, 98.8%] | exact-union-bound |');
    expect(lines[5]).toBe('| dog | recall | 40 / 45 | 88.9% [75.9%, 96.3%] | exact-central |');
    expect(lines[8]).toBe('| bird | precision | 30 / 33 | 90.9% [75.6%, 98.1%] | exact-central-given-answers |');
    expect(markdown).toContain('the macro recall by the union bound over the 6 one-sided class recall bounds at δ/6 each');
    // A class without examples has no recall, and the macro recall none either.
    expect(classIntervalsToMarkdown({ id: 'x', name: 'x', classes: ['a', 'b'], matrix: [[3, 1], [0, 0]] }, 0.05)).toContain('| x | macro recall (balanced accuracy) | 3 / 4 | — |');
  });
});
