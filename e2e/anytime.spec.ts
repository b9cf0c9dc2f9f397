import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';

/**
 * Issue 32 on #/coverage: "Looking after every label" — the exact chance of ever missing p within N
 * labels, for the confidence sequence and for Clopper–Pearson recomputed after every label. At N = 500
 * and δ = 0.05, Clopper–Pearson reaches 0.367 (sequential-miss-probability's test and the README).
 */
const PHONE = { width: 390, height: 844 };

test('anytime=500: Clopper–Pearson looked at after every label misses up to 36.7%, 7.3× δ; the sequence stays within δ; N and the checkbox rewrite the link', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('./#/coverage?n=30&delta=0.05&methods=clopper_pearson&anytime=500');
  const section = page.getByRole('region', { name: 'Looking after every label' });
  const summary = section.getByTestId('anytime-summary');
  await expect(summary).toContainText('Looked at after every one of 500 labels, the 95% Clopper–Pearson interval excludes the true accuracy at least once with probability up to 36.7%', { timeout: 25_000 });
  await expect(summary).toContainText('7.3× the δ = 0.05 it promises for one look');
  await expect(summary).toContainText(/The confidence sequence: at most [0-4]\.\d% \(at p = 0\.\d\d\), within δ, as it promises at every N\./);
  const table = section.getByRole('table', { name: /Highest chance of ever missing over 99 values of p \(N = 500 labels, two-sided 95% \(δ = 0\.05\)\)/ });
  await expect(table.getByRole('row', { name: /Exact \(Clopper–Pearson\), recomputed after every label 36\.7%/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Anytime-valid confidence sequence \(Robbins’ Beta\(1, 1\) mixture\) [0-4]\.\d% 0\.\d\d 0\.\d\d×/ })).toBeVisible();
  await expect(section.locator('.recharts-line')).toHaveCount(2);
  await expect(section.getByText(/Computed exactly in [\d,]+ ms in a background worker \(2 methods × 99 values of p at N = 500 labels/)).toBeVisible();
  await expectNoAxeViolations(page);

  await section.getByLabel('N (labels)').fill('100');
  await section.getByLabel('N (labels)').press('Enter');
  await expect(page).toHaveURL(/anytime=100$/);
  await expect(summary).toContainText('Looked at after every one of 100 labels', { timeout: 15_000 });
  await section.getByRole('checkbox', { name: /chance of ever missing/ }).uncheck();
  await expect(page).not.toHaveURL(/anytime/);
  await expect(summary).toHaveCount(0);
});

test('phone, dark: the section fits 390 px and passes axe; a bad anytime value is named', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('./#/coverage?n=20&delta=0.1&methods=clopper_pearson&anytime=150');
  const summary = page.getByTestId('anytime-summary');
  await expect(summary).toContainText('the 90% Clopper–Pearson interval excludes the true accuracy at least once', { timeout: 20_000 });
  await summary.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoAxeViolations(page);
  await page.goto('./#/coverage?anytime=9999');
  await expect(page.getByRole('alert')).toContainText('anytime: “anytime” is “9999”; expected a whole number from 1 to 500.');
});
