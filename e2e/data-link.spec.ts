import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { exactInterval } from '../src/stats';
import { expectNoAxeViolations } from './axe';

/**
 * `#/data` links (mapping, slice, window, threshold, filters, split — never the data), the held-out
 * split for the threshold, and per-class lines over time, against the production build with files
 * from the committed generator; every number is checked against counts made here from the CSV.
 */
const DIR = mkdtempSync(join(tmpdir(), 'tailbound-data-link-'));
execFileSync('node', ['scripts/generate-evaluation-data.mjs', '--rows', '3000', '--out', DIR, '--seed', '11', '--split']);
const FILE = join(DIR, 'evaluation.csv');

interface Row {
  detector: string;
  truth: boolean;
  predicted: boolean;
  score: number;
  timestamp: string;
  lighting: string;
  camera: string;
  split: string;
}

function rows(): Row[] {
  const [header, ...lines] = readFileSync(FILE, 'utf8').trim().split('\n');
  const columns = header!.split(',');
  return lines.map((line) => {
    const cells = line.split(',');
    const at = (name: string) => cells[columns.indexOf(name)]!;
    return {
      detector: at('detector'),
      truth: at('y_true') === 'yes',
      predicted: at('y_pred') === 'yes',
      score: Number(at('score')),
      timestamp: at('timestamp'),
      lighting: at('lighting'),
      camera: at('camera'),
      split: at('split'),
    };
  });
}

type Pair = [number, number];
function classCounts(selected: readonly Row[], yes: (row: Row) => boolean): { yes: Pair; no: Pair } {
  const counts = { yes: [0, 0] as Pair, no: [0, 0] as Pair };
  for (const row of selected) {
    const cls = row.truth ? counts.yes : counts.no;
    cls[1] += 1;
    if (row.truth === yes(row)) cls[0] += 1;
  }
  return counts;
}

async function openFile(page: Page, path = FILE) {
  await page.getByLabel('Open a per-example results file').setInputFiles(path);
  await expect(page.getByRole('table', { name: /^Per detector/ })).toBeVisible({ timeout: 30_000 });
}

async function tableText(page: Page, name: RegExp) {
  const table = page.getByRole('table', { name });
  await expect(table).toBeVisible();
  return table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).innerText));
}

test.describe('a #/data link', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('copied, opened in a new page and given the same file, shows the same slice table with the same mapping', async ({ page, context }) => {
    await page.goto('./#/data');
    await openFile(page);
    // A mapping, a threshold, a filter, a slice column and a window that are not the defaults.
    await page.getByLabel('Prediction').selectOption('');
    await page.getByLabel('YES when score ≥').fill('0.6');
    await page.getByLabel('Filter column').selectOption('lighting');
    await page.getByLabel('Filter value').fill('night');
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByLabel('Slice by').selectOption('camera');
    await page.getByLabel('Window').selectOption('month');
    const table = /^detector-01 by camera/;
    const expected = classCounts(
      rows().filter((row) => row.detector === 'detector-01' && row.lighting === 'night' && row.camera === 'cam-a'),
      (row) => row.score >= 0.6,
    );
    await expect(page.getByRole('row', { name: /^cam-a/ })).toContainText(`${expected.yes[0]}/${expected.yes[1]}`);
    await expect(page.getByRole('row', { name: /^cam-a/ })).toContainText(`${expected.no[0]}/${expected.no[1]}`);
    const before = await tableText(page, table);

    await page.getByRole('button', { name: 'Copy link to this view' }).click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toContain('#/data?');
    expect(link).not.toMatch(/SELECT|detector-01%2C|ex-1/);

    const second = await context.newPage();
    await second.goto(link);
    // With no file open, the view says which file the link expects and what it will apply.
    await expect(second.getByText('This link was made with evaluation.csv.', { exact: false })).toBeVisible();
    await expect(second.getByText('prediction: (none)')).toBeVisible();
    await expect(second.getByText('filter: lighting = “night”')).toBeVisible();
    await expect(second.getByText('YES when score ≥ 0.6')).toBeVisible();
    await expect(second.getByText('slice table by “camera”')).toBeVisible();
    await openFile(second);
    await expect(second.getByLabel('Prediction')).toHaveValue('');
    await expect(second.getByLabel('YES when score ≥')).toHaveValue('0.6');
    await expect(second.getByLabel('Slice by')).toHaveValue('camera');
    await expect(second.getByLabel('Window')).toHaveValue('month');
    expect(await tableText(second, table)).toEqual(before);
    // The address keeps following the controls.
    await second.getByLabel('Slice by').selectOption('site');
    await expect.poll(() => second.evaluate(() => window.location.hash)).toContain('slice=site');
  });

  test('a malformed link names each bad parameter instead of a blank page; a column the file lacks is named', async ({ page }) => {
    await page.goto('./#/data?threshold=abc&filter=site,like,north&window=year');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('“threshold” is “abc”');
    await expect(alert).toContainText('filter 1 is “site,like,north”');
    await expect(alert).toContainText('“window” is “year”');
    await page.getByRole('link', { name: 'open this view with its default settings' }).click();
    await expect(page.getByLabel('Open a per-example results file')).toBeVisible();

    await page.goto('./#/data?score=confidence&slices=lighting,weather');
    await expect(page.getByText('Open a file and this link’s settings apply:')).toBeVisible();
    await openFile(page);
    await expect(page.getByRole('alert').filter({ hasText: 'Part of this link was not used' })).toContainText('the link names column “confidence”');
    await expect(page.getByRole('alert').filter({ hasText: 'Part of this link was not used' })).toContainText('no column “weather”');
    await expect(page.getByLabel('Score', { exact: true })).toHaveValue('score');
    await expect(page.getByLabel('Slice by')).toHaveValue('lighting');
  });
});

test('hostile #/data links: no page error, never blank, the bad parameter named', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const hostile: [string, string][] = [
    ['threshold', 'NaN'],
    ['threshold', '1e309'],
    ['threshold', '<script>alert(1)</script>'],
    ['threshold', ''],
    ['window', '__proto__'],
    ['perClass', 'true'],
    ['truth', ''],
    ['score', 'a\u0000b'],
    ['score', 'x'.repeat(600)],
    ['slices', '%E0%A4%A'],
    ['yesValues', 'ok,%ZZ'],
    ['filter', "x');DROP TABLE source;--"],
    ['filter', 'site,eq'],
    ['filter', 'site,gt,1'],
    ['filter', ',eq,north'],
  ];
  for (const [param, value] of hostile) {
    const href = `./#/data?${new URLSearchParams({ file: 'evaluation.csv', [param]: value }).toString()}`;
    await page.goto(href);
    await expect(page.getByRole('heading', { level: 1, name: 'Evaluation data' }), href).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: param }).first(), `${href} names ${param}`).toBeVisible();
  }
  expect(errors).toEqual([]);
});

test('a held-out split: the threshold is chosen on the tuning rows and reported on the held-out rows', async ({ page }) => {
  await page.goto('./#/data');
  await openFile(page);
  await expect(page.getByLabel('Held-out split')).toHaveValue('split');
  await page.getByLabel('Detector for the threshold curve').selectOption('detector-02');
  await expect(page.getByLabel('Tuning rows: split =')).toHaveValue('tune');
  await expect(page.getByText(/The curve is drawn from the tuning rows only/)).toBeVisible();
  await expect(page.getByText(/Winner’s curse:/)).toHaveCount(0);
  const mine = rows().filter((row) => row.detector === 'detector-02');
  const tuning = mine.filter((row) => row.split === 'tune');
  const heldOut = mine.filter((row) => row.split !== 'tune');
  expect(tuning.length).toBeGreaterThan(20);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export threshold curve (CSV)' }).click();
  const curve = readFileSync(await (await download).path(), 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n').slice(1).map((line) => line.split(',').map(Number));
  const [threshold, yesCorrect, yesTotal, noCorrect, noTotal] = curve[90]!;
  const onTuning = classCounts(tuning, (row) => row.score >= threshold!);
  expect([yesCorrect, yesTotal, noCorrect, noTotal]).toEqual([...onTuning.yes, ...onTuning.no]);

  await page.getByLabel('Threshold', { exact: true }).selectOption('90');
  const expected = classCounts(heldOut, (row) => row.score >= threshold!);
  const sentence = page.locator('.data-held-out');
  await expect(sentence).toContainText(`Held out (split ≠ “tune”, ${heldOut.length} rows; none used to choose the threshold): at score ≥ ${threshold}`);
  await expect(sentence).toContainText(`should-be-YES ${expected.yes[0]}/${expected.yes[1]}`);
  await expect(sentence).toContainText(`should-be-NO ${expected.no[0]}/${expected.no[1]}`);
  await expect(sentence).toContainText('balanced accuracy');

  // Choosing the other part for tuning swaps the roles, and the link keeps the choice.
  await page.getByLabel('Tuning rows: split =').selectOption('test');
  await expect(sentence).toContainText(`Held out (split ≠ “test”, ${tuning.length} rows`);
  await expect.poll(() => page.evaluate(() => window.location.hash)).toContain('tune=test');
  // Without a split column the winner's-curse warning is back.
  await page.getByLabel('Held-out split').selectOption('');
  await expect(page.getByText(/Winner’s curse:/)).toBeVisible();
});

test('per-class lines over time: exact bands simultaneous over each class’s windows, in the table, chart and CSV', async ({ page }) => {
  await page.goto('./#/data');
  await openFile(page);
  await page.getByLabel('Detector over time').selectOption('detector-03');
  await page.getByLabel(/Per-class lines/).check();
  await expect(page.getByRole('table', { name: /^detector-03 per week .*should-be-YES at δ\/\d+, should-be-NO at δ\/\d+/ })).toBeVisible();
  await expect(page.getByText('should-be-YES bounds')).toBeVisible();
  await expect(page.getByText(/Per-class lines: exact central \(Clopper–Pearson\) intervals, should-be-YES at δ\/\d+/).first()).toBeVisible();

  const byWeek = new Map<string, Row[]>();
  for (const row of rows().filter((r) => r.detector === 'detector-03')) {
    const time = new Date(row.timestamp);
    const monday = new Date(Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), time.getUTCDate() - ((time.getUTCDay() + 6) % 7))).toISOString().slice(0, 10);
    byWeek.set(monday, [...(byWeek.get(monday) ?? []), row]);
  }
  const weeks = [...byWeek.keys()].sort();
  const counts = weeks.map((week) => classCounts(byWeek.get(week)!, (row) => row.predicted));
  const yesFamily = counts.filter((c) => c.yes[1] > 0).length;
  const noFamily = counts.filter((c) => c.no[1] > 0).length;

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export time windows (CSV)' }).click();
  const [header, ...lines] = readFileSync(await (await download).path(), 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
  const columns = header!.split(',');
  expect(lines).toHaveLength(weeks.length);
  lines.forEach((line, index) => {
    const cells = line.split(',');
    const cell = (name: string) => Number(cells[columns.indexOf(name)]);
    const { yes, no } = counts[index]!;
    expect(cells[columns.indexOf('start')]).toBe(weeks[index]);
    expect([cell('yes_correct'), cell('yes_total'), cell('no_correct'), cell('no_total')]).toEqual([...yes, ...no]);
    expect([cell('yes_windows'), cell('no_windows')]).toEqual([yesFamily, noFamily]);
    expect(cell('yes_delta')).toBeCloseTo(0.05 / yesFamily, 15);
    const yesInterval = exactInterval(yes[1], yes[0], 0.05 / yesFamily);
    const noInterval = exactInterval(no[1], no[0], 0.05 / noFamily);
    expect(cell('yes_lower')).toBeCloseTo(yesInterval.lower, 12);
    expect(cell('yes_upper')).toBeCloseTo(yesInterval.upper, 12);
    expect(cell('no_lower')).toBeCloseTo(noInterval.lower, 12);
    expect(cell('no_upper')).toBeCloseTo(noInterval.upper, 12);
  });
  await expect.poll(() => page.evaluate(() => window.location.hash)).toContain('perClass=1');
});

test('the link panel, held-out result and per-class table fit a phone and pass axe in light and dark', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('./#/data?file=evaluation.csv&threshold=0.5&perClass=1&tune=tune');
  await expect(page.getByText('This link was made with evaluation.csv.', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);
  await openFile(page);
  await expect(page.locator('.data-held-out')).toBeVisible();
  await expect(page.getByRole('table', { name: /per week .*should-be-YES at/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page);
});
