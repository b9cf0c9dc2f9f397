import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { formatDifferenceParts, formatPValue } from '../src/data/format/difference-format';
import { compare } from '../src/features/compare/compare-model';
import { mcnemarExactTest, pairedDifferenceInterval, pairedDifferenceScoreInterval, pairedDifferenceScoreTest } from '../src/stats';

const PHONE = { width: 390, height: 844 };
/** Issue 30's link: LogReg and RandomForest on the same 569 examples. */
const ISSUE_LINK =
  '#/compare?aname=LogReg&bname=RandomForest&ayes=196/212&ano=356/357&byes=193/212&bno=349/357&yesb=8&yesc=5&yesn=212&nob=8&noc=1&non=357';

test('the issue’s link: exact McNemar p per class (0.581, 0.039) and overall, mid-p named, no "100.0%"; the export carries them; axe clean (desktop, light)', async ({ page }) => {
  await page.goto(ISSUE_LINK);
  await expect(page.getByTestId('mcnemar-yes-p')).toHaveText('0.581');
  await expect(page.getByTestId('mcnemar-no-p')).toHaveText('0.039');
  await expect(page.getByTestId('mcnemar-all-p')).toHaveText('0.052');
  await expect(page.getByTestId('mcnemar-no')).toContainText('McNemar mid-p test');
  await expect(page.locator('main')).not.toContainText('100.0%');
  // 212 and 357 pairs: Tango's interval for each class, beside exact McNemar on all 22 discordant pairs (p = 0.052, rounded up).
  await expect(page.getByText('exact-paired-balanced-tango-score')).toBeVisible();
  await expect(page.getByTestId('p-value')).toContainText(formatPValue(mcnemarExactTest({ b: 16, c: 6 }).pTwoSided));
  const tango = formatDifferenceParts(compare({ kind: 'paired-balanced', tables: { yes: { b: 8, c: 5, n: 212 }, no: { b: 8, c: 1, n: 357 } } }, 0.05).interval);
  await expect(page.getByTestId('lower')).toHaveText(tango.lower);
  await expect(page.getByTestId('upper')).toHaveText(tango.upper);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export comparison (CSV)' }).click();
  const stream = await (await download).createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const csv = Buffer.concat(chunks).toString('utf8');
  expect(csv).toContain(',mcnemar_exact_p_no,');
  expect(csv).toContain('McNemar mid-p test, two-sided (b=8 c=1)');
  await expectNoAxeViolations(page);
});

test('small paired counts: Tango’s interval by default, the union bound on request (link paired=union); phone width, dark, axe clean', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('#/compare?b=8&c=1&n=20');
  const tango = formatDifferenceParts(pairedDifferenceScoreInterval({ b: 8, c: 1, n: 20 }, 0.05));
  await expect(page.getByTestId('lower')).toHaveText(tango.lower);
  await expect(page.getByTestId('upper')).toHaveText(tango.upper);
  await expect(page.getByText('exact-paired-tango-score')).toBeVisible();
  // The p-value of the test the interval inverts; McNemar's exact p stays beside it.
  await expect(page.getByTestId('p-value')).toHaveText(`${formatPValue(pairedDifferenceScoreTest({ b: 8, c: 1, n: 20 }).pTwoSided)} (Tango’s exact unconditional score test, two-sided; the test this interval inverts)`);
  await expect(page.getByTestId('test-sentence')).toContainText('would happen at most');
  await expectNoAxeViolations(page);
  await page.getByLabel('Paired interval', { exact: true }).selectOption('union');
  await expect(page).toHaveURL(/paired=union/);
  const union = formatDifferenceParts(pairedDifferenceInterval({ b: 8, c: 1, n: 20 }, 0.05));
  await expect(page.getByTestId('lower')).toHaveText(union.lower);
  await expect(page.getByText('exact-paired-union-bound')).toBeVisible();
  await expect(page.getByTestId('p-value')).toHaveText(`${formatPValue(mcnemarExactTest({ b: 8, c: 1 }).pTwoSided)} (exact McNemar test, two-sided)`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await page.emulateMedia({ colorScheme: 'light' });
  await expectNoAxeViolations(page);
});
