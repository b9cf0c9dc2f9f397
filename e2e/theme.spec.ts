import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';

const DARK_BG = 'rgb(21, 20, 27)';
const LIGHT_BG = 'rgb(255, 255, 255)';

test('the header theme switch overrides the system scheme, persists, and stays axe clean', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('./#/counts?yes=38/40&no=55/60');
  const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  expect(await background()).toBe(LIGHT_BG);

  const theme = page.getByRole('combobox', { name: 'Theme' });
  await theme.selectOption('Dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await background()).toBe(DARK_BG);
  expect(await page.evaluate(() => localStorage.getItem('tailbound.theme'))).toBe('dark');
  await expectNoAxeViolations(page);

  // Kept across a reload, whatever the system says.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Theme' })).toHaveValue('dark');
  expect(await background()).toBe(DARK_BG);

  await page.getByRole('combobox', { name: 'Theme' }).selectOption('Light');
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await background()).toBe(LIGHT_BG);
  await expectNoAxeViolations(page);

  await page.getByRole('combobox', { name: 'Theme' }).selectOption('System');
  await expect(page.locator('html')).not.toHaveAttribute('data-theme');
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await background()).toBe(DARK_BG);
});
