import { expect, test } from '@playwright/test';
import { sequentialStopDistribution } from '../src/stats';
import { expectNoAxeViolations } from './axe';

/**
 * Issue 32 on #/plan: the sequential plan (anytime-valid) beside the fixed-n answer — its numbers
 * checked against `sequentialStopDistribution` called here with the page's assumptions (38/40 and
 * 55/60 as observed, 40% YES), and batch= round-tripping through the link and the field.
 */
const PHONE = { width: 390, height: 844 };
const LINK = '#/plan?yes=38/40&no=55/60&delta=0.05&target=0.9&batch=200';

/** The plan's sentence as the page words it, from the stats function. */
function expectedSentence(batch: number): RegExp {
  const yes = Math.round(batch * 0.4);
  const result = sequentialStopDistribution({
    current: { yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } },
    accuracy: { yes: 38 / 40, no: 55 / 60 },
    batch: { yes, no: batch - yes },
    batches: Math.ceil(5000 / batch),
    target: 0.9,
    delta: 0.05,
  });
  const count = (value: number) => value.toLocaleString('en-US');
  // ≈ 0.13%: one decimal reads it honestly (not 0%), as the page's formatHonestPercent does.
  const never = (result.neverCleared * 100).toFixed(1);
  return new RegExp(
    `Label in batches of ${count(batch)} \\(${yes} YES, ${batch - yes} NO\\) and stop as soon as the bound clears 90\\.0%: ` +
      `expected ${count(Math.round(result.expectedLabels))} labels, 90% stop by ${count(result.quantileLabels!)}, worst case \\(horizon\\) 5,000; ` +
      `chance of not clearing by then ${never.replace('.', '\\.')}%\\.$`,
  );
}

test('a plan link shows the sequential plan with the stats function’s numbers; batch= round-trips through the field and the link', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`./${LINK}`);
  const section = page.getByRole('region', { name: 'Sequential plan (anytime-valid)' });
  await expect(section.getByTestId('sequential-answer')).toHaveText(expectedSentence(200), { timeout: 25_000 });
  await expect(section).toContainText('confidence sequence: each class’s Robbins Beta(1, 1) mixture at δ/2 = 0.025, averaged; 95%, δ = 0.05');
  await expect(section).toContainText('Assumed true accuracies: 95.0% on should-be-YES (as observed), 91.7% on should-be-NO (as observed), 40.0% of new labels YES');
  await expect(section.getByRole('img', { name: /^Chance of stopping after each batch: highest .* expected [\d,]+ labels, 90% by [\d,]+\.$/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^Label [\d,]+ more/ })).toBeVisible(); // the fixed-n answer stays
  await expectNoAxeViolations(page);

  await page.getByLabel('Labels per batch').fill('250');
  await expect(page).toHaveURL(/batch=250/);
  await expect(section.getByTestId('sequential-answer')).toHaveText(expectedSentence(250), { timeout: 25_000 });
  await page.reload();
  await expect(page.getByLabel('Labels per batch')).toHaveValue('250');
  await expect(section.getByTestId('sequential-answer')).toHaveText(expectedSentence(250), { timeout: 25_000 });
});

test('phone, dark: the stopping distribution’s table opens within 390 px and passes axe; bad batch= and horizon= are named', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(`./${LINK}`);
  const section = page.getByRole('region', { name: 'Sequential plan (anytime-valid)' });
  await section.getByText('Show the stopping distribution (26 looks)').click({ timeout: 25_000 });
  const table = section.getByRole('table', { name: /^Exact chance that the bound first clears 90\.0% after each batch/ });
  // Batch 0 is the labels in hand (they do not clear 90%); the last row is the never-cleared chance.
  await expect(table.getByRole('row', { name: '0 0 0% 0%' })).toBeVisible();
  await expect(table.getByRole('row', { name: /^never — 0\.1% —$/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoAxeViolations(page);
  await page.goto('./#/plan?yes=38/40&no=55/60&batch=1&horizon=x');
  await expect(page.getByRole('alert')).toContainText('batch: “batch” is “1”; expected a whole number from 2 to 10,000.');
  await expect(page.getByRole('alert')).toContainText('horizon: “horizon” is “x”');
  // A target the accuracies cannot support never clears: not "100.000000000000%", which the mass once rounded to.
  await page.goto('./#/plan?yes=38/40&no=55/60&target=0.97');
  await expect(page.getByTestId('sequential-answer')).toHaveText(/chance of not clearing by then more than 99\.99%\.$/, { timeout: 25_000 });
});
