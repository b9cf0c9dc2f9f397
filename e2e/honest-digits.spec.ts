import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { REGION } from './dashboard-helpers';

// Near 100% the digits must not lie by rounding (issue 9): 500 errors in a million never read "100.0%".
test('counts near 100% never read 100%, distinct bounds never print alike, and the error view reads the errors', async ({ page }) => {
  await page.goto('./#/counts?yes=998970/1000000&no=999500/1000000');
  const no = page.getByRole('region', { name: REGION.no, exact: true });
  await expect(no.getByTestId('estimate').first()).toHaveText('99.95%');
  await expect(no.getByTestId('lower').first()).toHaveText('99.94%');
  await expect(no.getByTestId('upper').first()).toHaveText('99.96%');
  // Every figure on the page (estimates and bounds of all three intervals); the scale's end may say 100%.
  const shown = page.locator('[data-testid="estimate"], [data-testid="lower"], [data-testid="upper"]');
  // The balanced interval of a million labels per class comes from a worker: wait for its figures.
  await expect.poll(() => shown.count()).toBeGreaterThanOrEqual(9);
  const figures = await shown.allInnerTexts();
  for (const figure of figures) expect(figure).not.toMatch(/^100(\.0+)?%$/);
  await expect(no.getByText(/zoomed: scale/).first()).toBeVisible();
  await page.getByLabel(/Show error rates/).check();
  await expect(no.getByTestId('estimate').first()).toHaveText('0.050%');
  await expectNoAxeViolations(page);
});
