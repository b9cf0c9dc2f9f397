import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { SAMPLES, expectSamplesListed } from './dashboard-helpers';
import { readWorkspaceDb, WORKSPACE_KEY } from './workspace-db';

/** The list's count line, e.g. "50,000 detectors". */
const listCount = (page: Page) => page.getByRole('status').filter({ hasText: /^[\d,]+ detectors?$/ });

function countsCsv(name: string, rows: string[]) {
  return { name, mimeType: 'text/csv', buffer: Buffer.from(['detector,yes_correct,yes_total,no_correct,no_total', ...rows].join('\n')) };
}

async function savedDetectorCount(page: Page): Promise<number> {
  const saved = (await readWorkspaceDb(page))[WORKSPACE_KEY];
  return saved ? JSON.parse(saved).state.detectors.length : 0;
}

test('50,000 detectors (the documented maximum) import, survive a reload and are all there', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('./');
  await expectSamplesListed(page);
  const rows = Array.from({ length: 50_000 }, (_, index) => `Detector ${index},${index % 41},40,${index % 61},60`);
  await page.getByLabel('Detectors file to import').setInputFiles(countsCsv('many.csv', rows));
  const preview = page.getByRole('region', { name: 'Preview of many.csv' });
  await expect(preview).toContainText('50,000 detectors can be imported');
  await preview.getByRole('button', { name: 'Replace all detectors with these…' }).click();
  await preview.getByRole('button', { name: 'Yes, replace them' }).click();
  await expect(listCount(page)).toHaveText('50,000 detectors');
  await expect.poll(() => savedDetectorCount(page), { timeout: 30_000 }).toBe(50_000);
  await page.reload();
  await expect(listCount(page)).toHaveText('50,000 detectors', { timeout: 30_000 });
  await expect(page.getByRole('link', { name: 'Detector 49999', exact: true })).toHaveCount(0); // windowed: not all rows are drawn…
  await page.getByLabel('Filter').fill('Detector 49999');
  await expect(page.getByRole('link', { name: 'Detector 49999', exact: true })).toBeVisible(); // …but every one is there
});

test('Replace asks first and can be undone; re-importing a file updates its detectors instead of duplicating them', async ({ page }) => {
  await page.goto('./');
  await expectSamplesListed(page);
  const file = countsCsv('two.csv', ['Gate,1,2,3,4', 'Door,5,6,7,8']);
  await page.getByLabel('Detectors file to import').setInputFiles(file);
  let preview = page.getByRole('region', { name: 'Preview of two.csv' });
  await preview.getByRole('button', { name: 'Replace all detectors with these…' }).click();
  await expect(preview.getByRole('group', { name: 'Confirm replace' })).toContainText(
    `Replace all ${SAMPLES.length} detectors in your workspace with these 2? You can undo it right after.`,
  );
  await preview.getByRole('button', { name: 'Yes, replace them' }).click();
  await expect(listCount(page)).toHaveText('2 detectors');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Undo replace' }).click();
  await expect(listCount(page)).toHaveText(`${SAMPLES.length} detectors`);
  await expect.poll(() => savedDetectorCount(page)).toBe(SAMPLES.length);

  // Add the file twice: the second time its ids are in use, and the preview says they will be updated.
  await page.getByLabel('Detectors file to import').setInputFiles(file);
  await preview.getByRole('button', { name: 'Add 2 detectors' }).click();
  await expect(listCount(page)).toHaveText(`${SAMPLES.length + 2} detectors`);
  await page.getByLabel('Detectors file to import').setInputFiles(countsCsv('two.csv', ['Gate,2,2,3,4', 'Door,5,6,7,8']));
  preview = page.getByRole('region', { name: 'Preview of two.csv' });
  // Door is as it was: no conflict, and the preview says it is already in the workspace (issue 29).
  await expect(preview.getByRole('group', { name: /1 of these ids is already in your workspace/ })).toBeVisible();
  await expect(preview.getByRole('row', { name: /Gate/ })).toContainText('updates yours (was 1/2, 3/4)');
  await expect(preview.getByRole('row', { name: /Door/ })).toContainText('already in your workspace');
  await preview.getByRole('button', { name: 'Import: 1 updated, 1 already in your workspace' }).click();
  await expect(listCount(page)).toHaveText(`${SAMPLES.length + 2} detectors`);
  await page.getByRole('button', { name: 'Undo import' }).click();
  await expect(listCount(page)).toHaveText(`${SAMPLES.length + 2} detectors`);
});

test('a failed save (storage full) says so, keeps what is on screen, and leaves the last saved workspace intact', async ({ page }) => {
  await page.addInitScript(() => {
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if ((window as unknown as { failWrites?: boolean }).failWrites) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return put.apply(this, args);
    };
  });
  await page.goto('./');
  await expectSamplesListed(page);
  await expect.poll(() => savedDetectorCount(page)).toBe(SAMPLES.length);
  await page.evaluate(() => {
    (window as unknown as { failWrites: boolean }).failWrites = true;
  });
  await page.getByRole('button', { name: 'Add detector' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'could not be saved' })).toContainText(
    'Your latest changes could not be saved in this browser (QuotaExceededError: The quota has been exceeded.). Everything on screen stays in this tab, and the last saved workspace is unchanged',
  );
  // Every view says so, not only the detectors' (an import on #/data or #/compare can fail the same way).
  await page.goto('./#/data');
  await expect(page.getByRole('alert').filter({ hasText: 'could not be saved' })).toBeVisible();
  await page.goto('./#/');
  await expect(listCount(page)).toHaveText(`${SAMPLES.length + 1} detectors`);
  await page.reload();
  await expect(listCount(page)).toHaveText(`${SAMPLES.length} detectors`);
});

test('a workspace saved in localStorage by an earlier version moves to IndexedDB once', async ({ page }) => {
  const legacy = { id: 'legacy-gate', name: 'Legacy gate', query: '', yes: { correct: 3, total: 4 }, no: { correct: 5, total: 6 } };
  await page.addInitScript((detector) => {
    if (sessionStorage.getItem('planted')) return;
    sessionStorage.setItem('planted', 'yes');
    localStorage.setItem('tailbound.workspace', JSON.stringify({ version: 1, state: { detectors: [detector], delta: 0.01, sort: 'name', showUnionBounds: false, seeded: true } }));
  }, legacy);
  await page.goto('./');
  await expect(page.getByRole('link', { name: 'Legacy gate', exact: true })).toBeVisible();
  await expect(listCount(page)).toHaveText('1 detector');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('tailbound.workspace'))).toBeNull();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Legacy gate', exact: true })).toBeVisible();
});

test('a workspace too large for a link says so and points to the file export', async ({ page }) => {
  await page.goto('./');
  await expectSamplesListed(page);
  const rows = Array.from({ length: 3_000 }, (_, index) => `Loading bay camera ${index},${index % 41},40,${index % 61},60`);
  await page.getByLabel('Detectors file to import').setInputFiles(countsCsv('three-thousand.csv', rows));
  await page.getByRole('region', { name: 'Preview of three-thousand.csv' }).getByRole('button', { name: 'Add 3,000 detectors' }).click();
  await page.getByRole('button', { name: 'Share workspace (copy link)' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'a link can carry safely' })).toContainText(
    `These ${(SAMPLES.length + 3000).toLocaleString('en-US')} detectors make a link of`,
  );
});

test('two tabs of the workspace: a change in the tab opened first keeps what the other imported', async ({ page, context }) => {
  await page.goto('./');
  await expectSamplesListed(page);
  const other = await context.newPage();
  await other.goto('./');
  await expectSamplesListed(other);
  await other.getByLabel('Detectors file to import').setInputFiles(countsCsv('two.csv', ['Gate,1,2,3,4', 'Door,5,6,7,8']));
  await other.getByRole('region', { name: 'Preview of two.csv' }).getByRole('button', { name: 'Add 2 detectors' }).click();
  await expect(listCount(other)).toHaveText(`${SAMPLES.length + 2} detectors`);
  // The first tab follows, and its own change is saved on top of the import, not over it.
  await expect(listCount(page)).toHaveText(`${SAMPLES.length + 2} detectors`);
  await page.getByRole('button', { name: 'Add detector' }).click();
  await expect.poll(() => savedDetectorCount(page)).toBe(SAMPLES.length + 3);
  await other.reload();
  await expect(listCount(other)).toHaveText(`${SAMPLES.length + 3} detectors`);
});
