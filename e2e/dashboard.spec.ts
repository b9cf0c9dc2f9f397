import { expect, test, type Page } from '@playwright/test';
import { PREVIEW_URL, SUBPATH_URL } from '../playwright.config';
import { formatIntervalParts, formatPercent, formatProportion } from '../src/data/format/format';
import { detectorHref } from '../src/data/links/share-links';
import { expectNoAxeViolations, expectNoAxeViolationsInThisScheme } from './axe';
import { readWorkspaceDb, WORKSPACE_KEY, writeWorkspaceDb } from './workspace-db';
import { balancedBuehlerInterval, balancedInterval, exactInterval } from '../src/stats';
import { SAMPLES, countField, expectSamplesListed, expectShown, shownIntervals, soloSharedHref } from './dashboard-helpers';

const PALLET = SAMPLES.find((detector) => detector.id === 'pallet-overhang')!;

async function expectDetectorNumbers(page: Page, yes: { correct: number; total: number }, no: { correct: number; total: number }, delta: number) {
  // The default balanced interval: Buehler's (balanced-method.spec.ts covers the union bound and the test inversion).
  await expectShown(page, 'balanced', balancedBuehlerInterval({ yes, no }, delta));
  await expectShown(page, 'yes', exactInterval(yes.total, yes.correct, delta));
  await expectShown(page, 'no', exactInterval(no.total, no.correct, delta));
}

test('the list loads the sample detectors with their balanced intervals', async ({ page }) => {
  await page.goto('./');
  await expect(page.getByRole('heading', { level: 1, name: 'Detectors' })).toBeVisible();
  await expectSamplesListed(page);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: PALLET.name, exact: true }) });
  const balanced = formatIntervalParts(balancedBuehlerInterval({ yes: PALLET.yes, no: PALLET.no }, 0.05));
  await expect(row).toContainText('93.3%');
  await expect(row.getByRole('img')).toHaveAccessibleName(
    new RegExp(escapeRegExp(`Pallet overhang, balanced accuracy: 93.3%, 95% interval ${balanced.lower} to ${balanced.upper}`)),
  );
  // Worst first: by estimate, the detector that is right only because it always says NO (50%); by the
  // lower bound ("worst plausible accuracy"), the one with a handful of labels.
  const bySort = (key: 'estimate' | 'lower') =>
    SAMPLES.filter((detector) => detector.yes.total > 0 && detector.no.total > 0)
      .map((detector) => ({ name: detector.name, key: balancedBuehlerInterval(detector, 0.05)[key] }))
      .sort((a, b) => a.key - b.key)[0]!.name;
  expect(bySort('estimate')).toBe('Person on site after hours');
  await expect(page.getByRole('row').nth(1)).toContainText(bySort('estimate'));
  await page.getByLabel('Sort by').selectOption('lower');
  expect(bySort('lower')).not.toBe(bySort('estimate'));
  await expect(page.getByRole('row').nth(1)).toContainText(bySort('lower'));
  await page.getByLabel('Sort by').selectOption('name');
  await expect(page.getByRole('row').nth(1)).toContainText([...SAMPLES].sort((a, b) => a.name.localeCompare(b.name))[0]!.name);
  await page.getByLabel('Filter').fill('forklift');
  await expect(page.getByRole('status').filter({ hasText: 'match' })).toHaveText(`1 of ${SAMPLES.length} detectors match “forklift”`);
});

test('a detector opens and its numbers match the stats module', async ({ page }) => {
  await page.goto('./');
  await page.getByRole('link', { name: PALLET.name, exact: true }).click();
  await expect(page).toHaveURL(/#\/detectors\/pallet-overhang\?delta=0\.05$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(PALLET.name);
  await expectDetectorNumbers(page, PALLET.yes, PALLET.no, 0.05);
  // Hover shows the full-precision numbers, the method and δ.
  const exact = exactInterval(PALLET.yes.total, PALLET.yes.correct, 0.05);
  await page.getByRole('img', { name: /^Should-be-YES accuracy:/ }).hover();
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toContainText(formatProportion(exact.lower));
  await expect(tooltip).toContainText(formatProportion(exact.upper));
  await expect(tooltip).toContainText('exact central (Clopper–Pearson)');
  await expect(tooltip).toContainText('0.05 (95% confidence)');
  // The toggle shows the blog's union bound beside Buehler's interval, with the δ/4 bounds it averages.
  await page.getByRole('checkbox', { name: /the blog’s union bound beside it/ }).check();
  const parts = balancedInterval({ yes: PALLET.yes, no: PALLET.no }, 0.05);
  await expect(page.getByRole('img', { name: /Should-be-NO accuracy, union-bound part/ })).toHaveAccessibleName(
    new RegExp(escapeRegExp(`${formatPercent(parts.no.lower, 1, 'down')} to ${formatPercent(parts.no.upper, 1, 'up')}`)),
  );
  // A class with no examples says so, and the balanced accuracy is undefined.
  await page.goto('./#/detectors/smoke-in-aisle');
  await expect(page.getByRole('region', { name: 'Should-be-YES accuracy' })).toContainText('No examples in this class — no interval.');
  await expect(page.getByRole('region', { name: 'Balanced accuracy' })).toContainText('Balanced accuracy is undefined');
});

test('counts edit and intervals update', async ({ page }) => {
  await page.goto('./#/detectors/pallet-overhang?delta=0.05');
  await countField(page, 'yes', 'correct').fill('30');
  await countField(page, 'no', 'total').fill('80');
  const yes = { correct: 30, total: 40 };
  const no = { correct: 55, total: 80 };
  await expectDetectorNumbers(page, yes, no, 0.05);
  await page.getByRole('link', { name: 'All detectors' }).click();
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: PALLET.name, exact: true }) });
  await expect(row).toContainText('YES 30/40');
  await expect(row).toContainText('NO 55/80');
});

test('bad input is rejected in place and nothing is lost', async ({ page }) => {
  await page.goto('./#/detectors/pallet-overhang?delta=0.05');
  const correct = countField(page, 'yes', 'correct');
  await correct.fill('30');
  const valid = { correct: 30, total: 40 };
  await expectDetectorNumbers(page, valid, PALLET.no, 0.05);
  for (const [bad, message] of [
    ['-3', "Counts can't be negative"],
    ['2.5', 'Counts are whole numbers'],
    ['41', "Correct can't exceed the total (40)"],
    ['', 'Enter a count'],
  ] as const) {
    await correct.fill(bad);
    await expect(correct).toHaveAttribute('aria-invalid', 'true');
    await expect(correct).toHaveAccessibleDescription(new RegExp(`${escapeRegExp(message)}.*Still using 30`));
    await expectDetectorNumbers(page, valid, PALLET.no, 0.05);
  }
  await page.reload();
  await expect(countField(page, 'yes', 'correct')).toHaveValue('30');
  await expect(countField(page, 'yes', 'correct')).toHaveAttribute('aria-invalid', 'false');
  await expectDetectorNumbers(page, valid, PALLET.no, 0.05);
});

test('confidence presets change the bounds', async ({ page }) => {
  await page.goto('./#/detectors/pallet-overhang?delta=0.05');
  const at95 = await shownIntervals(page);
  await page.getByRole('button', { name: '99%', exact: true }).click();
  await expect(page.getByRole('button', { name: '99%', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expectDetectorNumbers(page, PALLET.yes, PALLET.no, 0.01);
  expect(await shownIntervals(page)).not.toEqual(at95);
  await expect(page).toHaveURL(/delta=0\.01$/);
  for (const [label, delta] of [
    ['90%', 0.1],
    ['99.9%', 0.001],
  ] as const) {
    await page.getByRole('button', { name: label, exact: true }).click();
    await expectDetectorNumbers(page, PALLET.yes, PALLET.no, delta);
  }
  // δ is shared: the list shows the same level.
  await page.getByRole('link', { name: 'All detectors' }).click();
  await expect(page.getByRole('columnheader', { name: /^Balanced accuracy \(99\.9% interval, exact, never wider than the union bound \(Buehler/ })).toBeVisible();
});

test.describe('links round-trip', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('a link to a detector only this workspace has opens the same numbers in a fresh browser, read-only, with Save', async ({ page, browser }) => {
    await page.goto('./#/counts?yes=7/9&no=11/13&delta=0.1');
    await page.getByRole('button', { name: 'Save as a detector in my workspace' }).click();
    await expect(page).toHaveURL(/#\/detectors\//);
    const numbers = await shownIntervals(page);
    await page.getByRole('button', { name: 'Copy link' }).click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    const other = await browser.newContext();
    const opened = await other.newPage();
    await opened.goto(link);
    await expectDetectorNumbers(opened, { correct: 7, total: 9 }, { correct: 11, total: 13 }, 0.1);
    expect(await shownIntervals(opened)).toEqual(numbers);
    await expect(opened.getByRole('note')).toHaveText(/came with the link; it is not in your workspace/);
    await opened.getByRole('button', { name: 'Save to my workspace' }).click();
    await expect(opened.getByRole('button', { name: 'Delete detector' })).toBeVisible();
    await opened.goto(`${PREVIEW_URL}#/`);
    await expect(opened.getByRole('status').filter({ hasText: /^\d+ detectors?$/ })).toHaveText(`${SAMPLES.length + 1} detectors`);
    await other.close();
  });

  test('a shared-workspace link opens read-only in a fresh browser with the same numbers, and saves only when asked', async ({ page, browser }) => {
    await page.goto('./#/');
    await expectSamplesListed(page);
    await page.getByRole('button', { name: '99%', exact: true }).click();
    await page.getByLabel('Sort by').selectOption('lower');
    await page.getByLabel('Filter').fill('pallet');
    // The filter applies a moment after typing (a deferred value), and a row may say it is computing its
    // exact interval for a moment (a list computes a share on the page): read the numbers after both.
    await expect(page.locator('.detector-table__numbers')).toHaveCount(1);
    await expect(page.locator('.detector-table__numbers').filter({ hasText: 'computing' })).toHaveCount(0);
    const numbers = await page.locator('.detector-table__numbers').allTextContents();
    await page.getByRole('button', { name: 'Share workspace (copy link)' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/#\/shared\?w=[\w-]+$/);
    const other = await browser.newContext();
    const opened = await other.newPage();
    await opened.goto(link);
    await expect(opened.getByRole('heading', { name: 'Shared workspace', level: 1 })).toBeVisible();
    await expect(opened.getByRole('note')).toContainText('nothing is saved in your browser unless you choose to');
    await expect(opened.getByRole('status').filter({ hasText: 'match' })).toContainText(`1 of ${SAMPLES.length} detectors match “pallet”`);
    await expect(opened.locator('.detector-table__numbers')).toHaveText(numbers);
    await expectNoAxeViolations(opened);
    await opened.getByRole('button', { name: 'Add to my workspace' }).click();
    await expect(opened).toHaveURL(/#\/\?delta=0\.01&sort=lower&filter=pallet$/);
    await expect(opened.getByRole('status').filter({ hasText: 'match' })).toHaveText(`1 of ${SAMPLES.length} detectors match “pallet”`);
    await other.close();
  });

  test('a shared link of one detector says so in the singular', async ({ page }) => {
    await page.goto(await soloSharedHref({ balancedMethod: 'inversion' }, { yes: { correct: 9, total: 10 }, no: { correct: 8, total: 10 } }));
    await expect(page.getByRole('note')).toContainText('Someone shared this detector as a link');
    await expect(page.getByRole('status').filter({ hasText: 'sorted as shared' })).toHaveText(/^1 detector, sorted as shared/);
  });

  test('a shared-workspace link carries the method choices, and asks what to do with ids the recipient has', async ({ page, browser }) => {
    await page.goto('./#/');
    await expectSamplesListed(page);
    await page.getByLabel('Balanced interval', { exact: true }).selectOption('union');
    await page.getByRole('button', { name: 'Share workspace (copy link)' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    const other = await browser.newContext();
    const opened = await other.newPage();
    await opened.goto(`${PREVIEW_URL}#/`);
    await expectSamplesListed(opened);
    await opened.goto(link);
    // Shown as shared, with the union bound, though this browser's setting is the default, Buehler's.
    await expect(opened.getByRole('table').getByRole('columnheader', { name: /exact union bound/ })).toBeVisible();
    // The same detectors as this browser's: nothing to choose, and the button says they are already here (issue 29).
    await expect(opened.getByRole('group', { name: /of these ids are already in your workspace/ })).toHaveCount(0);
    const add = opened.getByRole('button', { name: /^Add to my workspace/ });
    await expect(add).toHaveText(`Add to my workspace: ${SAMPLES.length} already in your workspace`);
    await add.click();
    await expect(opened.getByRole('status').filter({ hasText: /^\d+ detectors?$/ })).toHaveText(`${SAMPLES.length} detectors`);
    await expect(opened.getByLabel('Balanced interval', { exact: true })).toHaveValue('union');
    // The undo takes the method back with the detectors.
    await opened.getByRole('button', { name: 'Undo import' }).click();
    await expect(opened.getByLabel('Balanced interval', { exact: true })).toHaveValue('buehler');
    await other.close();
  });

  test('the list link keeps δ, sort and filter', async ({ page, browser }) => {
    await page.goto('./#/');
    await page.getByLabel('Sort by').selectOption('lower');
    await page.getByLabel('Filter').fill('pallet');
    await expect(page).toHaveURL(/#\/\?delta=0\.05&sort=lower&filter=pallet$/);
    const other = await browser.newContext();
    const opened = await other.newPage();
    await opened.goto(page.url());
    await expect(opened.getByLabel('Sort by')).toHaveValue('lower');
    await expect(opened.getByLabel('Filter')).toHaveValue('pallet');
    await expect(opened.getByRole('status').filter({ hasText: /detectors match/ })).toHaveText(/^1 of \d+ detectors match “pallet”$/);
    await other.close();
  });

  test('a #/detectors link copied with Copy link opens the same numbers', async ({ page, browser }) => {
    await page.goto('./#/detectors/pallet-overhang');
    await page.getByRole('button', { name: '99%', exact: true }).click();
    const numbers = await shownIntervals(page);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${PREVIEW_URL}${detectorHref('pallet-overhang', 0.01, { name: PALLET.name, query: PALLET.query, yes: PALLET.yes, no: PALLET.no })}`);
    // A fresh browser profile: the link alone must reproduce the view.
    const other = await browser.newContext();
    const opened = await other.newPage();
    await opened.goto(link);
    await expectDetectorNumbers(opened, PALLET.yes, PALLET.no, 0.01);
    expect(await shownIntervals(opened)).toEqual(numbers);
    await other.close();
  });

  test('a #/counts link copied with Copy link opens the same numbers', async ({ page, browser }) => {
    await page.goto('./#/counts?yes=38/40&no=55/60&delta=0.05');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accuracy from counts');
    await expectDetectorNumbers(page, { correct: 38, total: 40 }, { correct: 55, total: 60 }, 0.05);
    await countField(page, 'no', 'correct').fill('50');
    await page.getByRole('button', { name: '99.9%', exact: true }).click();
    const yes = { correct: 38, total: 40 };
    const no = { correct: 50, total: 60 };
    await expectDetectorNumbers(page, yes, no, 0.001);
    const numbers = await shownIntervals(page);
    await page.getByRole('button', { name: 'Copy link' }).click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${PREVIEW_URL}#/counts?yes=38/40&no=50/60&delta=0.001`);
    const other = await browser.newContext();
    const opened = await other.newPage();
    await opened.goto(link);
    await expectDetectorNumbers(opened, yes, no, 0.001);
    expect(await shownIntervals(opened)).toEqual(numbers);
    // A malformed link gets a clear message, not a blank page.
    await opened.goto(`${PREVIEW_URL}#/counts?yes=38-40&no=55/60`);
    await expect(opened.getByRole('alert')).toContainText("expected correct/total like 38/40, got '38-40'");
    await other.close();
  });
});

test('Copy link falls back to a visible field when the clipboard is unavailable', async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined }));
  await page.goto('./#/counts?yes=38/40&no=55/60&delta=0.05');
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('textbox', { name: /Copy the link yourself/ })).toHaveValue(
    `${PREVIEW_URL}#/counts?yes=38/40&no=55/60&delta=0.05`,
  );
});

test('a detector named <img src=x onerror=alert(1)> renders as text', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  const name = '<img src=x onerror=alert(1)>';
  await page.goto('./');
  await expectSamplesListed(page);
  await page.getByLabel('Detectors file to import').setInputFiles({
    name: 'evil.json',
    mimeType: 'application/json',
    buffer: Buffer.from(
      JSON.stringify({
        schema: 'tailbound.detectors',
        version: 1,
        detectors: [{ id: 'evil', name, query: name, yes: { correct: 1, total: 2 }, no: { correct: 3, total: 4 } }],
      }),
    ),
  });
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Add 1 detector' }).click();
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  expect(await page.locator('main img').count()).toBe(0);
  await page.waitForTimeout(300);
  expect(dialogs).toEqual([]);
});

test('no request leaves the origin', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  const origin = new URL(PREVIEW_URL).origin;
  await page.goto('./');
  await expectSamplesListed(page);
  await page.getByRole('link', { name: PALLET.name, exact: true }).click();
  await page.getByRole('button', { name: '99%', exact: true }).click();
  await page.goto('./#/counts?yes=38/40&no=55/60&delta=0.05');
  await expect(page.getByRole('region', { name: 'Balanced accuracy' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export intervals (CSV)' }).click();
  await download;
  expect(requests.length).toBeGreaterThan(2);
  expect(requests.filter((url) => new URL(url).origin !== origin)).toEqual([]);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`axe reports no violations on the list and the details view (${colorScheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await page.goto('./');
    await expectSamplesListed(page);
    await expectNoAxeViolationsInThisScheme(page, colorScheme);
    await page.goto('./#/detectors/pallet-overhang?delta=0.05');
    await page.getByRole('checkbox', { name: /the blog’s union bound beside it/ }).check();
    await page.getByRole('img', { name: /^Balanced accuracy:/ }).focus();
    await expect(page.getByRole('tooltip')).toBeVisible();
    await expectNoAxeViolationsInThisScheme(page, colorScheme);
    await page.goto('./#/detectors/smoke-in-aisle?delta=0.05');
    await countField(page, 'no', 'correct').fill('-1');
    await expectNoAxeViolationsInThisScheme(page, colorScheme);
  });
}

test('the site works when served from a subpath', async ({ page }) => {
  await page.goto(SUBPATH_URL);
  await expectSamplesListed(page);
  await page.getByRole('link', { name: PALLET.name, exact: true }).click();
  await expect(page).toHaveURL(`${SUBPATH_URL}#/detectors/pallet-overhang?delta=0.05`);
  await expectDetectorNumbers(page, PALLET.yes, PALLET.no, 0.05);
});

test('a corrupted saved workspace shows the message and the samples', async ({ page }) => {
  await page.goto('./');
  // Let the app load the samples and persist them first, so that its own write cannot land after ours.
  await expectSamplesListed(page);
  await writeWorkspaceDb(page, WORKSPACE_KEY, '{"state": {"detectors": [ this is not json');
  await page.reload();
  const alert = page.getByRole('alert').filter({ hasText: 'could not be read' });
  await expect(alert).toContainText('it is not valid JSON');
  await expectSamplesListed(page);
  // The unreadable value was set aside, not destroyed.
  const saved = await readWorkspaceDb(page);
  const kept = Object.entries(saved)
    .filter(([key]) => key.startsWith(`${WORKSPACE_KEY}.corrupt-`))
    .map(([, value]) => value);
  expect(kept).toEqual(['{"state": {"detectors": [ this is not json']);
  await alert.getByRole('button', { name: 'Dismiss' }).click();
  await expect(alert).toHaveCount(0);
});

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
