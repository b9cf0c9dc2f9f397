import { expect, test, type Page } from '@playwright/test';
import { labelsForProportion } from '../src/stats';
import { expectNoAxeViolations } from './axe';
import { soloSharedHref } from './dashboard-helpers';

/**
 * Issue 28's metric choices beyond the list: the label planner for a target on recall or precision
 * (by link and by its control), and the shared-workspace and #/data links carrying `metric=`.
 */
const PHONE = { width: 390, height: 844 };
const RECALL_LINK = '#/plan?yes=38/40&no=55/60&delta=0.05&target=0.9&metric=recall';
// 38 of 43 YES answers right: the precision plan counts labelled YES answers.
const PRECISION_ANSWER = labelsForProportion({ correct: 38, total: 43 }, undefined, 0.05, 'lower-bound', 0.8).additional!;

async function expectRecallPlan(page: Page) {
  // 87 more should-be-YES labels: the scipy scan of labels-for-proportion.test.ts.
  await expect(page.getByRole('heading', { name: '87 more should-be-YES labels to prove a recall of at least 90.0% at 95% confidence.' })).toBeVisible();
  await expect(page.locator('figcaption')).toContainText('The exact 95% interval for recall (exact central (Clopper–Pearson), δ = 0.05)');
  await expect(page.getByText(/the exact 95% interval \(exact central \(Clopper–Pearson\), δ = 0\.05\) would be/)).toBeVisible();
}

async function expectFits(page: Page) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  }
}

test('the planner plans for recall by link and for precision by its control, naming metric, method and δ; a bad metric is named', async ({ page }) => {
  await page.goto(`./${RECALL_LINK}`);
  await expectRecallPlan(page);
  await expect(page.getByLabel('Metric')).toHaveValue('recall');
  await expect(page.getByLabel('Prove the recall is at least a target')).toBeChecked();

  await page.getByLabel('Metric').selectOption('Precision');
  await expect(page).toHaveURL(/metric=precision/);
  await page.getByLabel('Lower bound must reach').fill('80%');
  await page.getByLabel('Lower bound must reach').press('Enter');
  await expect(page).toHaveURL(/target=0\.8&metric=precision/);
  await expect(page.getByRole('heading', { name: `${PRECISION_ANSWER} more labelled YES answers to prove a precision of at least 80.0% at 95% confidence.` })).toBeVisible();
  await expect(page.getByTestId('answer-unit')).toContainText('This plan counts labelled YES answers, not labels');
  await expect(page.locator('figcaption')).toContainText('exact central (Clopper–Pearson) given the number of such answers, δ = 0.05');
  await page.getByLabel('Metric').selectOption('F1');
  await expect(page.getByRole('alert')).toContainText('No plan for these settings: the planner does not plan for F1');
  await expectNoAxeViolations(page);

  await page.goto('./#/plan?metric=accuracy');
  await expect(page.getByText('“metric” is “accuracy”; expected one of balanced, precision, recall, specificity, npv, f1 (absent: balanced accuracy).')).toBeVisible();
});

test('a shared-workspace link carries the metric column, and the list opens on it when the detectors are added', async ({ page }) => {
  await page.goto(await soloSharedHref({ balancedMethod: 'buehler', metric: 'recall' }));
  await expect(page.getByRole('columnheader', { name: /^Recall \(95% interval, exact central \(Clopper–Pearson\)/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: /^Add to my workspace/ }).click();
  await expect(page).toHaveURL(/#\/\?.*metric=recall/);
  await expect(page.getByLabel('Column')).toHaveValue('recall');
});

test('a #/data link carries the extra metric column: said before a file is open, restored once it is, kept in the address', async ({ page }) => {
  const rows = ['detector,label,prediction,site'];
  for (let index = 0; index < 40; index++) rows.push(`cam,yes,${index < 38 ? 'yes' : 'no'},${index % 2 ? 'north' : 'south'}`);
  for (let index = 0; index < 60; index++) rows.push(`cam,no,${index < 55 ? 'no' : 'yes'},${index % 2 ? 'north' : 'south'}`);
  await page.goto('./#/data?metric=recall');
  await expect(page.getByText('extra metric column: recall')).toBeVisible();
  await page.getByLabel('Open a per-example results file').setInputFiles({ name: 'cam.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n')) });
  const counts = page.getByRole('table', { name: /^Per detector/ });
  await expect(counts).toBeVisible({ timeout: 30_000 });
  await expect(counts.getByRole('columnheader', { name: 'Recall' })).toBeVisible();
  await expect(counts.getByRole('cell', { name: /^38\/40 95\.0% \[/ })).toBeVisible();
  await expect(page.getByRole('table', { name: /^cam by site/ }).getByRole('columnheader', { name: 'Recall' })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/metric=recall/);
  await page.getByLabel('Extra metric column').first().selectOption('none');
  await expect(page).not.toHaveURL(/metric=/);
  await expectNoAxeViolations(page);
  await page.goto('./#/data?metric=accuracy');
  await expect(page.getByText('“metric” is “accuracy”; expected one of precision, recall, specificity, npv, f1 (the extra metric column; absent: none).')).toBeVisible();
});

test.describe('phone width (390 px)', () => {
  test.use({ viewport: PHONE });

  test('the recall plan and a shared link with a metric column fit the screen in light and dark, axe clean', async ({ page }) => {
    await page.goto(`./${RECALL_LINK}`);
    await expectRecallPlan(page);
    await expectFits(page);
    await expectNoAxeViolations(page);
    await page.goto(await soloSharedHref({ balancedMethod: 'buehler', metric: 'precision' }));
    await expect(page.getByText('Someone shared this detector as a link')).toBeVisible();
    await expect(page.getByText(/precision/i).first()).toBeVisible();
    await expectFits(page);
    await expectNoAxeViolations(page);
  });
});
