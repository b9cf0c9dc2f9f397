import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, expectNoAxeViolationsInThisScheme } from './axe';
import { readWorkspaceDb, WORKSPACE_KEY } from './workspace-db';

/**
 * `#/data` with a true-label column of three values (issue 31): each detector read as a 3-class
 * detector — its confusion matrix counted by DuckDB, its macro recall with the exact union-bound
 * interval, and a link into the multi-class view with exactly that matrix. net-a is the issue's
 * cat/dog/bird matrix (rows cat, dog, bird: 50,2,1; 3,40,2; 0,1,30), plus rows the classes cannot
 * place; net-b has no examples of "bird". Written here, never committed.
 */
const ISSUE_MATRIX = [
  [50, 2, 1],
  [3, 40, 2],
  [0, 1, 30],
];
const NET_B = [
  [45, 5, 3],
  [4, 38, 3],
];
/** A third detector with every class, for the ranking (rows and columns cat, dog, bird). */
const NET_C = [
  [40, 10, 3],
  [5, 35, 5],
  [2, 2, 27],
];
const ORDER = ['cat', 'dog', 'bird'];
/** A slice column: alternate examples come from two sites. */
const siteOf = (id: number) => (id % 2 === 0 ? 'north' : 'south');
/** A timestamp: the examples spread over 14 days of March 2026 (2 March is a Monday). */
const dayOf = (id: number) => `2026-03-${String(2 + (id % 14)).padStart(2, '0')}T12:00:00Z`;

function classesCsv(): string {
  const lines = ['example_id,model,y_true,y_pred,site,ts'];
  let id = 0;
  const add = (model: string, truth: string, answer: string, times: number) => {
    for (let k = 0; k < times; k++) lines.push(`ex-${++id},${model},${truth},${answer},${siteOf(id)},${dayOf(id)}`);
  };
  ISSUE_MATRIX.forEach((row, i) => row.forEach((times, j) => add('net-a', i === 0 && j === 0 ? ' Cat ' : ORDER[i]!, ORDER[j]!, times)));
  NET_B.forEach((row, i) => row.forEach((times, j) => add('net-b', ORDER[i]!, ORDER[j]!, times)));
  NET_C.forEach((row, i) => row.forEach((times, j) => add('net-c', ORDER[i]!, ORDER[j]!, times)));
  add('net-a', 'cat', 'unsure', 2);
  add('net-a', '', 'cat', 1);
  return `${lines.join('\n')}\n`;
}

const FILE = join(mkdtempSync(join(tmpdir(), 'tailbound-classes-')), 'three-classes.csv');
writeFileSync(FILE, classesCsv());

async function openClasses(page: Page) {
  await page.goto('./#/data');
  await page.getByLabel('Open a per-example results file').setInputFiles(FILE);
  const section = page.getByRole('region', { name: '3 classes: bird, cat, dog' });
  await expect(section).toBeVisible({ timeout: 60_000 });
  return section;
}

test('a three-class label column: each detector’s confusion matrix and macro recall, what was left out, and the link into the multi-class view', async ({ page }) => {
  const section = await openClasses(page);
  // The matrix as counted (classes sorted: bird, cat, dog), "Cat" read as "cat".
  const table = section.getByRole('table', { name: 'net-a: true class (rows) by answer (columns)' });
  await expect(table.getByRole('row')).toHaveText([/True class\s*bird\s*cat\s*dog\s*Examples/, /bird\s*30\s*0\s*1\s*31/, /cat\s*1\s*50\s*2\s*53/, /dog\s*2\s*3\s*40\s*45/]);
  await expect(section.getByText(/Balanced accuracy \(macro recall\) of net-a: 93\.3% \[78\.2%, 98\.8%\] — 95% interval, exact union bound \(one-sided bounds at δ\/6 each\), δ = 0\.05; class recalls bird 30\/31, cat 50\/53, dog 40\/45/)).toBeVisible();
  await expect(section.getByText(/net-b has no examples of “bird”: a class without examples has no recall/)).toBeVisible();
  const leftOut = section.getByRole('list', { name: 'Left out of the classes' });
  await expect(leftOut).toContainText('1 row: empty label');
  await expect(leftOut).toContainText('2 rows: prediction is not one of the label values');
  await expect(section.getByRole('link', { name: /net-b/ })).toHaveCount(0);

  await expectNoAxeViolations(page, '.data-classes');
  // The intervals as the K-class view and the CLI write them: macro recall, then each class's recall and precision.
  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Export intervals (CSV)' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8').split('\r\n');
  expect(csv[1]).toMatch(/^net-a,net-a,balanced,120,129,0\.933\d*,0\.782\d*,0\.987\d*,0\.95,exact-union-bound,,$/);
  expect(csv[2]).toMatch(/^net-a,net-a,recall:bird,30,31,/);
  expect(csv[8]).toBe('net-b,net-b,balanced,83,98,,,,0.95,exact-union-bound,,');
  // Ranked against a target: the two detectors with every class, each at δ/2 (Bonferroni).
  const ranking = section.locator('.data-class-ranking');
  await ranking.getByLabel('Macro recall must reach').fill('70%');
  await expect(ranking.getByRole('status')).toContainText(
    '1 of 2 detectors proven to have a macro recall ≥ 70.0%, all at once at 95% confidence: each interval at δ/2 = 0.025 (Bonferroni), exact union bound (one-sided bounds at δ/6 each). 1 detector without examples of some class has no macro recall and is not ranked.',
  );
  await expect(ranking.getByRole('table').getByRole('row')).toHaveText([/Detector\s*Macro recall \(97\.5%\)\s*≥ 70\.0%\?/, /net-a\s*93\.3% \[76\.4%, 99\.1%\]\s*proven/, /net-c\s*80\.1% \[59\.6%, 92\.8%\]\s*not proven/]);

  // By slice (the file's site column): net-a's macro recall per site at δ/2, and each site's class recalls, which add up to the whole.
  const bySite = section.getByRole('region', { name: '3 classes by slice' });
  await expect(bySite.getByText('2 slices with examples of every class, so each macro recall is at δ/2 = 0.025 (Bonferroni)')).toBeVisible();
  const siteRows = bySite.getByRole('table').getByRole('row');
  await expect(siteRows).toHaveText([/site\s*Examples\s*Macro recall\s*Class recalls\s*Open/, /^north\s*6\d.*bird \d+\/\d+, cat \d+\/\d+, dog \d+\/\d+/, /^south\s*6\d.*bird \d+\/\d+, cat \d+\/\d+, dog \d+\/\d+/]);
  const recalls = await bySite.locator('tbody td:nth-child(4)').allTextContents();
  const sums = ['bird', 'cat', 'dog'].map((label) => recalls.reduce((sum, text) => sum + Number(new RegExp(`${label} (\\d+)/`).exec(text)![1]), 0));
  expect(sums).toEqual([30, 50, 40]);
  // Over time, in weeks from Monday: two weeks whose class recalls add up to the whole too.
  const overTime = section.getByRole('region', { name: '3 classes over time' });
  await expect(overTime.getByLabel('Window of the classes')).toHaveValue('auto');
  await expect(overTime.getByRole('option', { name: 'automatic (day)' })).toBeAttached();
  await overTime.getByLabel('Window of the classes').selectOption('week');
  await expect(overTime.getByRole('table').getByRole('row')).toHaveText([/Window from/, /^2026-03-02\s*\d+/, /^2026-03-09\s*\d+/]);
  const weekRecalls = await overTime.locator('tbody td:nth-child(4)').allTextContents();
  expect(['bird', 'cat', 'dog'].map((label) => weekRecalls.reduce((sum, text) => sum + Number(new RegExp(`${label} (\\d+)/`).exec(text)![1]), 0))).toEqual([30, 50, 40]);
  await expect(overTime.getByText('2 windows with examples of every class, so each macro recall is at δ/2 = 0.025 (Bonferroni)')).toBeVisible();
  await expectNoAxeViolations(page, '.data-class-slices');
  await bySite.getByLabel('Detector to slice by class').selectOption('net-c');
  await expect(bySite.getByRole('table')).toHaveAccessibleName(/^net-c by site/);
  await expectNoAxeViolations(page, '.data-class-slices');

  // Into the workspace: the detectors with every class (net-b has no bird), listed with their macro recall; undoable.
  await section.getByRole('button', { name: 'Import 2 3-class detectors into the workspace' }).click();
  await expect(section.getByRole('status').filter({ hasText: 'Imported 2 detectors of 3 classes.' })).toBeVisible();
  await expectNoAxeViolations(page, '.data-classes');
  await expect.poll(async () => (await readWorkspaceDb(page))[WORKSPACE_KEY] ?? '').toContain('"id":"net-c-classes"');
  const list = await page.context().newPage();
  await list.goto(page.url().replace(/#.*$/, '#/'));
  const row = list.getByRole('row').filter({ has: list.getByRole('link', { name: 'net-a', exact: true }) });
  await expect(row.locator('.detector-table__numbers')).toHaveText('93.3% [78.2%, 98.8%]');
  await expect(row.locator('.detector-table__counts')).toHaveText('3 classes129 examples');
  await row.getByRole('link', { name: 'net-a', exact: true }).click();
  await expect(list.getByText(/^Data source: three-classes\.csv, 3 classes of \w+ answered in \w+, imported \d{4}-\d\d-\d\d$/)).toBeVisible();
  await list.close();
  await section.getByRole('link', { name: 'Open net-a in the multi-class view' }).click();
  await expect(page).toHaveURL(/#\/counts\?classes=bird,cat,dog&matrix=30,0,1;1,50,2;2,3,40&delta=0\.05$/);
  await expect(page.getByTestId('estimate')).toHaveText('93.3%');
  await expect(page.getByTestId('lower')).toHaveText('86.3%');
  await expect(page.getByTestId('upper')).toHaveText('98.4%');
  await expect(page.getByTestId('union-lower')).toHaveText('78.2%');
});

test('at phone width the class tables scroll in their own box, not the page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  const section = await openClasses(page);
  await expect(section.getByRole('link', { name: 'Open net-a in the multi-class view' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolationsInThisScheme(page, 'dark', '.data-classes');
});
