import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import fixtures from '../src/stats/fixtures/deployment-metrics.json' with { type: 'json' };
import { expectNoAxeViolations } from './axe';

/** The acceptance link of issue 28 and its row of the scipy fixtures (38/40 + 55/60, δ = 0.05, 2%, 10,000 a day). */
const LINK = '#/counts?yes=38/40&no=55/60&prevalence=0.02&volume=10000';
const FIXTURE = fixtures.rows[0]!;
const PHONE = { width: 390, height: 844 };

/** The outward-rounded figures of the fixture: lower bounds down, upper bounds up. */
const ALARMS = `${Math.floor(FIXTURE.falseAlarms[0]!)}–${Math.ceil(FIXTURE.falseAlarms[1]!).toLocaleString('en-US')}`;
const REAL = `${(Math.floor(FIXTURE.ppv![0]! * 1000) / 10).toFixed(1)}–${(Math.ceil(FIXTURE.ppv![1]! * 1000) / 10).toFixed(1)}%`;
const MISSED = `${(Math.floor(FIXTURE.missedEvents[0]! * 10) / 10).toFixed(1)}–${(Math.ceil(FIXTURE.missedEvents[1]! * 10) / 10).toFixed(1)}`;

async function expectPanel(page: Page) {
  const panel = page.getByRole('region', { name: 'What it means in deployment' });
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('deployment-sentence')).toHaveText(
    `At 2% prevalence and 10,000 images a day: ${ALARMS} false alarms a day (95%, exact central), and ${REAL} of alarms real (95%, exact union bound); ${MISSED} missed events a day (95%, exact central).`,
  );
  return panel;
}

test('the acceptance link shows the deployment figures of the scipy fixtures, as bars naming method and δ', async ({ page }) => {
  expect([ALARMS, REAL, MISSED]).toEqual(['270–1,802', '7.6–46.9%', '1.2–33.9']);
  await page.goto(`./${LINK}`);
  const panel = await expectPanel(page);
  await expect(panel.getByRole('img', { name: /^False alarms a day: 817 false alarms a day, 95% interval 270 to 1,802 false alarms a day \(exact central \(Clopper–Pearson\), δ = 0\.05/ })).toBeVisible();
  await expect(panel.getByRole('img', { name: /^Alarms that are real \(precision at 2% prevalence\): 18\.9%, 95% interval 7\.6% to 46\.9% \(exact union bound/ })).toBeVisible();
  await expect(panel.getByRole('img', { name: /^Missed events a day: 10\.0 missed events a day, 95% interval 1\.2 to 33\.9 missed events a day/ })).toBeVisible();
  await expect(panel.getByLabel('Share of YES in real traffic (0.02 or 2%)')).toHaveValue('0.02');
  await expect(panel.getByLabel('Images a day')).toHaveValue('10000');

  // The metrics table, with the note that test-set precision describes the test set's mix.
  const table = page.getByRole('table', { name: /Estimates and exact 95% intervals/ });
  await expect(table.getByRole('row', { name: /^Precision .* 38\/43 88\.4% \[74\.9%, 96\.2%\]/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /^F1 76\/83 91\.6% \[76\.8%, 98\.2%\] exact union bound/ })).toBeVisible();
  await expect(page.getByText('Precision and NPV describe this test set’s mix (40.0% should-be-YES)')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the prevalence and volume fields and the slider rewrite the link; the test set’s mix is the default', async ({ page }) => {
  await page.goto('./#/counts?yes=38/40&no=55/60');
  const panel = page.getByRole('region', { name: 'What it means in deployment' });
  await expect(panel.getByTestId('deployment-sentence')).toContainText('At 40% prevalence (the test set’s own mix) and 10,000 images a day');
  await panel.getByLabel('Share of YES in real traffic (0.02 or 2%)').fill('2%');
  await panel.getByLabel('Share of YES in real traffic (0.02 or 2%)').press('Enter');
  await expect(page).toHaveURL(/prevalence=0\.02(&|$)/);
  await panel.getByLabel('Images a day').fill('10,000');
  await panel.getByLabel('Images a day').press('Enter');
  await expect(page).toHaveURL(/#\/counts\?yes=38\/40&no=55\/60&delta=0\.05&prevalence=0\.02&volume=10000$/);
  await expectPanel(page);
  await panel.getByLabel('Images a day').fill('-3');
  await panel.getByLabel('Images a day').press('Enter');
  await expect(panel.getByText('Images a day must be above 0')).toBeVisible();
  await expect(page).toHaveURL(/volume=10000$/);
  await panel.getByRole('slider', { name: 'Prevalence' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/prevalence=0\.03(&|$)/);
  await panel.getByRole('button', { name: 'Use the test set’s own mix (40%)' }).click();
  await expect(page).toHaveURL(/#\/counts\?yes=38\/40&no=55\/60&delta=0\.05&volume=10000$/);
});

test.describe('copied links', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('Copy link on a workspace detector carries prevalence and volume, and the link reopens the same figures elsewhere', async ({ page, browser }) => {
    await page.goto('./#/detectors/pallet-overhang?prevalence=0.05&volume=2500');
    const panel = page.getByRole('region', { name: 'What it means in deployment' });
    const sentence = await panel.getByTestId('deployment-sentence').textContent();
    expect(sentence).toMatch(/^At 5% prevalence and 2,500 images a day: /);
    await page.getByRole('button', { name: 'Copy link' }).click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/#\/detectors\/pallet-overhang\?name=.*&prevalence=0\.05&volume=2500$/);
    const other = await browser.newContext();
    const opened = await other.newPage();
    await opened.goto(link);
    await expect(opened.getByRole('region', { name: 'What it means in deployment' }).getByTestId('deployment-sentence')).toHaveText(sentence!);
    await other.close();
  });
});

test('a malformed prevalence or volume is named, its text clipped', async ({ page }) => {
  await page.goto(`./#/counts?yes=38/40&no=55/60&prevalence=2&volume=${'9'.repeat(60)}x`);
  await expect(page.getByText('“prevalence” is “2”; expected the share of YES in real traffic')).toBeVisible();
  await expect(page.getByText(`“volume” is “${'9'.repeat(40)}…”; expected images a day`)).toBeVisible();
});

test('the CSV export and the report carry the metrics and the deployment figures', async ({ page }) => {
  await page.goto(`./${LINK}`);
  await expectPanel(page);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export intervals (CSV)' }).click();
  const text = await readFile((await (await downloading).path())!, 'utf8');
  const [header, ...rows] = text.slice(1).trimEnd().split('\r\n');
  expect(header).toBe('detector_id,detector_name,metric,correct,total,estimate,lower,upper,confidence,method,prevalence,volume');
  // The ad-hoc detector's name holds a comma, so its cell is quoted: read it as one cell.
  const byMetric = new Map(rows.map((row) => row.replace(/^(\w+),"[^"]*",/, '$1,name,').split(',')).map((cells) => [cells[2], cells]));
  const close = (cell: string | undefined, value: number) => expect(Math.abs(Number(cell) - value)).toBeLessThan(1e-9 * Math.max(1, value));
  const alarms = byMetric.get('false_alarms_per_day')!;
  close(alarms[6], FIXTURE.falseAlarms[0]!);
  close(alarms[7], FIXTURE.falseAlarms[1]!);
  expect(alarms.slice(9)).toEqual(['exact-central', '0.02', '10000']);
  const ppv = byMetric.get('ppv_at_prevalence')!;
  close(ppv[6], FIXTURE.ppv![0]!);
  close(ppv[7], FIXTURE.ppv![1]!);
  expect(ppv[9]).toBe('exact-union-bound');
  const precision = byMetric.get('precision')!;
  expect(precision.slice(3, 5)).toEqual(['38', '43']);
  close(precision[6], FIXTURE.precision![0]!);
  expect(precision[9]).toBe('exact-central-given-answers');
  expect(byMetric.get('f1')![9]).toBe('exact-union-bound');

  await page.getByRole('link', { name: 'Printable report' }).click();
  await expect(page).toHaveURL(/#\/report\?.*prevalence=0\.02&volume=10000/);
  await expect(page.getByRole('cell', { name: 'Precision (share of YES answers that are right)' })).toBeVisible();
  await expect(page.getByText(`At 2% prevalence and 10,000 images a day: ${ALARMS} false alarms a day`).first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the list can show a chosen metric as its column, kept in the link; balanced accuracy stays the default', async ({ page }) => {
  await page.goto('./#/?delta=0.05');
  await expect(page.getByRole('columnheader', { name: /^Balanced accuracy \(95% interval/ })).toBeVisible();
  await page.getByLabel('Column').selectOption('Precision');
  await expect(page).toHaveURL(/metric=precision/);
  await expect(page.getByRole('columnheader', { name: 'Precision (95% interval, exact central (Clopper–Pearson) given the number of such answers)' })).toBeVisible();
  await expect(page.getByLabel('Sort by')).toContainText('Precision: worst plausible (lower bound), worst first');
  await expect(page.getByRole('img', { name: /, precision: / }).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto('./#/?metric=accuracy');
  await expect(page.getByText('“metric” is “accuracy”; expected one of balanced, precision, recall, specificity, npv, f1.')).toBeVisible();
});

test('the evaluation data view adds a chosen metric per detector and per slice (at δ/m there)', async ({ page }) => {
  // 38/40 YES right and 55/60 NO right, split over two sites.
  const rows = ['detector,label,prediction,site'];
  for (let index = 0; index < 40; index++) rows.push(`cam,yes,${index < 38 ? 'yes' : 'no'},${index % 2 ? 'north' : 'south'}`);
  for (let index = 0; index < 60; index++) rows.push(`cam,no,${index < 55 ? 'no' : 'yes'},${index % 2 ? 'north' : 'south'}`);
  await page.goto('./#/data');
  await page.getByLabel('Open a per-example results file').setInputFiles({ name: 'cam.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n')) });
  const counts = page.getByRole('table', { name: /^Per detector/ });
  await expect(counts).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Extra metric column').first().selectOption('Precision');
  await expect(counts.getByRole('columnheader', { name: 'Precision' })).toBeVisible();
  await expect(counts.getByRole('cell', { name: '38/43 88.4% [74.9%, 96.2%]' })).toBeVisible();
  await expect(counts).toContainText('precision: exact central (Clopper–Pearson) given the number of such answers, at the same δ');
  const slices = page.getByRole('table', { name: /^cam by site/ });
  await expect(slices).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Extra metric column').nth(1).selectOption('F1');
  await expect(slices.getByRole('columnheader', { name: 'F1' })).toBeVisible();
  await expect(slices).toContainText('f1: exact union bound (one-sided bounds at δ/4), at δ/2 too (Bonferroni over the slices)');
  await expectNoAxeViolations(page);
});

test('the ranking ranks by a chosen metric’s simultaneous lower bound against a target, the correction stated', async ({ page }) => {
  await page.goto('./#/rank?target=0.8&delta=0.05');
  await page.getByLabel('Rank by').selectOption('Recall');
  await expect(page).toHaveURL(/metric=recall/);
  await expect(page.getByTestId('family-wise')).toContainText('(Bonferroni): each lower bound is Recall’s exact one-sided bound at δ/');
  await expect(page.getByTestId('family-wise')).toContainText('exact central (Clopper–Pearson): the lower end of its interval at 2δ/');
  await expect(page.getByTestId('ranking-table')).toContainText('Recall: estimate and simultaneous exact one-sided lower bound');
  await expect(page.getByLabel('Target recall (%)')).toHaveValue('80');
  await expectNoAxeViolations(page);
});

test.describe('phone width (390 px)', () => {
  test.use({ viewport: PHONE });

  test('the panel and the metrics table fit the screen in light and dark, axe clean', async ({ page }) => {
    await page.goto(`./${LINK}`);
    await expectPanel(page);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${colorScheme}: page ${width} px wide`).toBeLessThanOrEqual(PHONE.width);
    }
    await expectNoAxeViolations(page);
  });
});
