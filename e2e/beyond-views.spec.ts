import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { formatPercent } from '../src/data/format/format';
import {
  balancedInterval,
  balancedInversionInterval,
  balancedWaldInterval,
  clopperPearsonInterval,
  posteriorBalancedAccuracy,
  projectBalancedInterval,
  wilsonInterval,
} from '../src/stats';
import { openDataTables } from './beyond-helpers';
import { expectNoAxeViolations } from './axe';

/** A row of the posterior table, read from its cells' data attributes: mean, median, the interval, P(> 50%). */
async function posteriorRow(row: Locator) {
  const cells = row.getByRole('cell');
  const read = async (index: number, attribute: string) => Number(await cells.nth(index).getAttribute(attribute));
  return { mean: await read(0, 'data-value'), median: await read(1, 'data-value'), lower: await read(3, 'data-lower'), upper: await read(3, 'data-upper'), above: await read(4, 'data-value') };
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const outward = (interval: { lower: number; upper: number }, digits: number) => [
  formatPercent(interval.lower, digits, 'down'),
  formatPercent(interval.upper, digits, 'up'),
];

test.describe('methods', () => {
  test('one proportion from its link: five methods on one axis, numbers rounded outward', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('./#/methods?n=40&k=38&delta=0.05');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Interval methods, side by side');
    const table = page.getByRole('table', { name: /Two-sided 95% intervals \(δ = 0.05\) for 38\/40 correct/ });
    await expect(table.getByRole('row')).toHaveCount(6);
    const exact = table.getByRole('row', { name: /Exact \(Clopper–Pearson\)/ });
    for (const text of outward(clopperPearsonInterval(40, 38, 0.05), 2)) await expect(exact).toContainText(text);
    const wilson = table.getByRole('row', { name: /Wilson score/ });
    for (const text of outward(wilsonInterval(40, 38, 0.05), 2)) await expect(wilson).toContainText(text);
    await expect(table.getByRole('row', { name: /Wald/ })).toContainText('Clipped here');
    // The bars are drawn on the same 0–100% track.
    const tracks = table.locator('.interval-bar__track');
    await expect(tracks).toHaveCount(5);
    const boxes = await tracks.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().left));
    expect(new Set(boxes.map(Math.round)).size).toBe(1);
    expect(errors).toEqual([]);
  });

  test('a detector from its link: exact union bound, posterior, and per-class methods', async ({ page }) => {
    await page.goto('./#/methods?yes=38/40&no=55/60&delta=0.05');
    const balanced = page.getByRole('table', { name: /for YES 38\/40, NO 55\/60/ });
    const exact = balancedInterval({ yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } }, 0.05);
    for (const text of outward(exact, 2)) await expect(balanced.getByRole('row', { name: /Exact union bound/ })).toContainText(text);
    const inverted = balancedInversionInterval({ yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } }, 0.05);
    for (const text of outward(inverted, 2)) await expect(balanced.getByRole('row', { name: /Exact test inversion/ })).toContainText(text);
    const posterior = posteriorBalancedAccuracy({ tp: 38, fn: 2, tn: 55, fp: 5 }).interval(0.05);
    for (const text of outward(posterior, 2)) await expect(balanced.getByRole('row', { name: /Posterior \(Brodersen/ })).toContainText(text);
    const wald = balancedWaldInterval({ yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } }, 0.05);
    for (const text of outward(wald, 2)) await expect(balanced.getByRole('row', { name: /Wald on the balanced estimate/ })).toContainText(text);
    await expect(page.getByRole('table', { name: /for 55\/60 correct/ }).getByRole('row')).toHaveCount(6);
  });

  test('a malformed link names the parameter', async ({ page }) => {
    await page.goto('./#/methods?yes=38/40&no=61/60');
    await expect(page.getByRole('alert')).toContainText('“no” is “61/60”; more correct than total');
  });

  test('axe: light and dark', async ({ page }) => {
    await page.goto('./#/methods?yes=38/40&no=55/60&delta=0.05');
    await expect(page.getByRole('table')).toHaveCount(3);
    await expectNoAxeViolations(page);
  });
});

test.describe('posterior', () => {
  test('the Brodersen example from its link: Figure 2’s numbers and lesson', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('./#/posterior?tp=41&fn=4&tn=3&fp=7');
    const balanced = page.getByTestId('posterior-balanced');
    const accuracy = page.getByTestId('posterior-accuracy');
    const b = await posteriorRow(balanced);
    const a = await posteriorRow(accuracy);
    expect([a.lower, a.upper].map((value) => value.toFixed(2))).toEqual(['0.68', '0.88']);
    expect([b.lower, b.upper].map((value) => value.toFixed(2))).toEqual(['0.49', '0.76']);
    expect(b.mean.toFixed(2)).toBe('0.61');
    await expect(page.getByTestId('posterior-lesson')).toContainText('reaches chance');
    await expect(page.getByTestId('posterior-lesson')).toContainText(`P(balanced accuracy > 50%) = ${formatPercent(b.above, 1)}`);
    await expect(page.locator('.posterior-view__figure .recharts-line')).toHaveCount(2);
    await expect(page.getByRole('button', { name: /Imbalanced test set, biased classifier/ })).toHaveAttribute('aria-pressed', 'true');
    expect(errors).toEqual([]);
  });

  test('every reference row’s posterior numbers match to 1e-8', async ({ page }) => {
    const csv = readFileSync(new URL('../src/stats/fixtures/posterior-balanced-accuracy.csv', import.meta.url), 'utf8');
    const rows = csv.trim().split('\n').slice(1).map((line) => line.split(',').map(Number));
    for (const [tp, fn, tn, fp, alpha, mean, median, , lower, upper] of rows.filter((_, index) => index % 6 === 0)) {
      await page.goto(`./#/posterior?tp=${tp}&fn=${fn}&tn=${tn}&fp=${fp}&delta=${alpha}`);
      const row = page.getByTestId('posterior-balanced');
      await expect(row.getByRole('cell').first()).toBeVisible();
      const shown = await posteriorRow(row);
      for (const [key, expected] of [['mean', mean], ['median', median], ['lower', lower], ['upper', upper]] as const) expect(Math.abs(shown[key] - expected!), `${tp},${fn},${tn},${fp} ${key}`).toBeLessThan(1e-8);
    }
  });

  test('the example button and the count fields drive the link', async ({ page }) => {
    await page.goto('./#/posterior?tp=10&fn=0&tn=10&fp=0&delta=0.1');
    await page.getByRole('button', { name: /Imbalanced test set, biased classifier/ }).click();
    await expect(page).toHaveURL(/#\/posterior\?tp=41&fn=4&tn=3&fp=7&delta=0\.1$/);
    await page.getByRole('textbox', { name: /^FP/ }).fill('-1');
    await expect(page.getByText(/Counts can't be negative/)).toBeVisible();
    await expect(page).toHaveURL(/fp=7/);
  });

  test('each class as every other view’s link writes it; a parameter the view does not read is named (desktop and phone, axe)', async ({ page }) => {
    await page.goto('./#/posterior?yes=38/40&no=55/60');
    for (const [cell, value] of [['TP', '38'], ['FN', '2'], ['FP', '5'], ['TN', '55']]) await expect(page.getByRole('textbox', { name: new RegExp(`^${cell}`) })).toHaveValue(value!);
    const expected = posteriorBalancedAccuracy({ tp: 38, fn: 2, tn: 55, fp: 5 });
    await expect(page.getByTestId('posterior-balanced').getByRole('cell').first()).toBeVisible();
    expect(Math.abs((await posteriorRow(page.getByTestId('posterior-balanced'))).mean - expected.mean)).toBeLessThan(1e-8);
    await expect(page.getByRole('button', { name: /Imbalanced test set, biased classifier/ })).toHaveAttribute('aria-pressed', 'false');
    // It once opened the Brodersen example here, without a word.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('./#/posterior?yes=38/40&no=55/60&balanced=inversion');
    await expect(page.getByRole('alert')).toContainText('“balanced” is not a setting of the posterior view; it reads tp, fn, tn, fp, yes, no, delta, confidence.');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
  });

  test('axe: light and dark', async ({ page }) => {
    await page.goto('./#/posterior?tp=41&fn=4&tn=3&fp=7');
    await expect(page.locator('.posterior-view__figure .recharts-line')).toHaveCount(2);
    await expectNoAxeViolations(page);
  });
});

test.describe('plan', () => {
  test('the planner’s answer from its link, verified with the exact bound at N and N − 1', async ({ page }) => {
    const errors = collectErrors(page);
    // The union bound's plan, checked with its own exact bound (balanced-method.spec.ts checks the inversion's).
    await page.goto('./#/plan?yes=38/40&no=55/60&delta=0.05&target=0.9&balanced=union');
    const headline = page.getByRole('heading', { level: 2 }).first();
    await expect(headline).toHaveText(/^Label [\d,]+ more \([\d,]+ YES, [\d,]+ NO\) to prove a balanced accuracy of at least 90\.0% at 95% confidence\.$/);
    const labels = Number(/Label ([\d,]+) more/.exec((await headline.textContent())!)![1]!.replace(/,/g, ''));
    const detector = { current: { yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } }, delta: 0.05 };
    expect(projectBalancedInterval(detector, labels).interval!.lower).toBeGreaterThanOrEqual(0.9);
    expect(projectBalancedInterval(detector, labels - 1).interval!.lower).toBeLessThan(0.9);
    await expect(page.locator('.plan-view__figure .recharts-reference-dot')).toHaveCount(1);
    await expect(page.getByText('target 90.0%')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('an unreachable target is explained', async ({ page }) => {
    await page.goto('./#/plan?yes=38/40&no=40/60&delta=0.05&target=0.9');
    await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText('No number of labels will prove a balanced accuracy of at least 90.0% at 95% confidence.');
  });

  test('counts in another view’s form are named, not silently replaced by the example (methods too; phone width, axe)', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('./#/plan?tp=41&fn=4&tn=3&fp=7');
    const alert = page.getByRole('alert');
    for (const cell of ['tp', 'fn', 'tn', 'fp']) await expect(alert).toContainText(`“${cell}” is not a setting of the planner`);
    await expect(page.getByRole('heading', { name: /^Label / })).toHaveCount(0);
    await page.goto('./#/methods?tp=41&fn=4&tn=3&fp=7');
    await expect(page.getByRole('alert')).toContainText('“tp” is not a setting of the methods view; it reads n, k, yes, no, delta, confidence, balanced.');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
  });

  test('axe: light and dark, data table open', async ({ page }) => {
    await page.goto('./#/plan?yes=38/40&no=55/60&delta=0.05&target=0.9&goal=width&target=0.1');
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await openDataTables(page);
    await expectNoAxeViolations(page);
    // The "Balanced interval" select follows the theme (it was the browser's light control in the dark).
    await page.emulateMedia({ colorScheme: 'dark' });
    const colours = await page.getByLabel('Balanced interval').evaluate((select) => [getComputedStyle(select).backgroundColor, getComputedStyle(document.documentElement).backgroundColor]);
    expect(colours[0]).toBe(colours[1]);
  });
});

test('every view works from the subpath build, the coverage worker too', async ({ page }) => {
  const { SUBPATH_URL } = await import('../playwright.config');
  for (const [hash, heading] of [
    ['#/methods?n=40&k=38', 'Interval methods, side by side'],
    ['#/coverage?n=30', 'Coverage: how often does each interval contain the truth?'],
    ['#/posterior', 'Posterior balanced accuracy'],
    ['#/plan', 'How many more labels?'],
  ] as const) {
    await page.goto(`${SUBPATH_URL}${hash}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    if (hash.startsWith('#/coverage')) {
      await expect(page.getByRole('status').filter({ hasText: /Computed exactly in .* ms in a background worker \(5 methods/ })).toBeVisible();
    }
  }
});
