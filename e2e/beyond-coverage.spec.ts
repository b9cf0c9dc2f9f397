import { expect, test, type Page } from '@playwright/test';
import { coverageCurve } from '../src/stats';
import { openDataTables, progressValues, recordProgress } from './beyond-helpers';
import { expectNoAxeViolations, expectNoAxeViolationsInThisScheme } from './axe';

/** The data table's coverage values for one method. */
async function columnValues(page: Page, method: string): Promise<number[]> {
  return page.getByTestId('coverage-data').locator(`td[data-method="${method}"]`).evaluateAll((cells) => cells.map((cell) => Number((cell as HTMLElement).dataset.value)));
}

async function elapsedMs(page: Page, label: RegExp): Promise<number> {
  const text = await page.getByRole('status').filter({ hasText: label }).textContent();
  const match = /Computed exactly in ([\d,]+) ms/.exec(text ?? '');
  expect(match, `timing in “${text}”`).not.toBeNull();
  return Number(match![1]!.replace(/,/g, ''));
}

test('coverage curves come from the worker: exact never below 1 − δ, Wald visibly below', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('./#/coverage?n=30&delta=0.05&methods=clopper_pearson,wilson,wald');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Coverage: how often does each interval contain the truth?');
  await expect(page.getByRole('status').filter({ hasText: /Computed exactly in .* ms in a background worker \(3 methods × 999 values of p at n = 30, δ = 0.05\)/ })).toBeVisible();
  await page.getByText('Show the data (999 values of p)').click();
  // The opened table's rows may be drawn a frame after the click (a clean CI run read it empty once).
  await expect(page.getByTestId('coverage-data').locator('td[data-method="wald"]')).toHaveCount(999);

  const exact = await columnValues(page, 'clopper_pearson');
  const wald = await columnValues(page, 'wald');
  expect(exact).toHaveLength(999);
  expect(Math.min(...exact)).toBeGreaterThanOrEqual(0.95);
  expect(Math.min(...wald)).toBeLessThan(0.8);
  expect(wald.filter((value) => value < 0.95).length).toBeGreaterThan(100);
  // The table carries the stats module's exact values.
  const ps = Array.from({ length: 999 }, (_, index) => (index + 1) / 1000);
  const wilson = await columnValues(page, 'wilson');
  const expected = coverageCurve('wilson', 30, 0.05, ps);
  wilson.forEach((value, index) => expect(Math.abs(value - expected[index]!)).toBeLessThan(1e-12));
  // The chart is drawn: three lines and the nominal line.
  await expect(page.locator('.recharts-line')).toHaveCount(3);
  await expect(page.getByText('nominal 95%', { exact: true })).toBeVisible();

  // Hovering reads out p and each method's coverage.
  await page.locator('.coverage-view__figure .recharts-wrapper').hover({ position: { x: 400, y: 200 } });
  const tooltip = page.locator('.coverage-tooltip');
  await expect(tooltip).toContainText(/p = 0\.\d{3}/);
  await expect(tooltip).toContainText('Wilson score');
  await expect(tooltip).toContainText('Wald (normal approximation)');
  expect(errors).toEqual([]);
});

test('progress is reported while the worker runs, and results are cached', async ({ page }) => {
  await recordProgress(page);
  await page.goto('./#/coverage?n=10000&delta=0.05&methods=clopper_pearson,wilson,agresti_coull,jeffreys,wald&yes=1000&no=1000');
  await expect(page.getByRole('progressbar', { name: 'Coverage curves' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /5 methods × 999 values of p at n = 10,000/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: /2,500 cells for 1000 should-be-YES × 1000 should-be-NO/ })).toBeVisible({ timeout: 30_000 });
  const curveProgress = await progressValues(page, 'Coverage curves');
  expect(curveProgress[0]).toBe(0);
  expect(curveProgress.some((value) => value > 0 && value < 100)).toBe(true);
  expect(curveProgress).toEqual([...curveProgress].sort((a, b) => a - b));
  expect((await progressValues(page, 'Balanced coverage heat map')).length).toBeGreaterThan(0);

  // Back to settings computed before: straight from the page's cache.
  await page.getByRole('checkbox', { name: /Jeffreys/ }).uncheck();
  await expect(page.getByRole('status').filter({ hasText: /Shown from this page’s cache \(4 methods/ })).toBeVisible();
  expect(page.url()).toContain('methods=clopper_pearson%2Cwilson%2Cagresti_coull%2Cwald');
});

// Speed is measured by `npm run bench` (the same computation, on a quiet machine); this only reports
// what the page took, as a test annotation, and checks both jobs finish.
test('the worker finishes N = 1,000 × 5 methods and a 60 × 60 heat map, and reports its timings', async ({ page }) => {
  await page.goto('./#/coverage?n=1000&delta=0.05&methods=clopper_pearson,wilson,agresti_coull,jeffreys,wald&yes=60&no=60');
  const curves = await elapsedMs(page, /5 methods × 999 values of p at n = 1,000/);
  const grid = await elapsedMs(page, /2,500 cells for 60 should-be-YES × 60 should-be-NO/);
  const report = `curves N = 1,000, 999 p, 5 methods: ${curves} ms (target 500); heat map 60 × 60 on 50 × 50: ${grid} ms (target 2,000)`;
  test.info().annotations.push({ type: 'worker timings', description: report });
  console.log(`worker timings: ${report}`);
  expect(curves).toBeGreaterThan(0);
  expect(grid).toBeGreaterThan(0);
});

test('the heat map shows the union bound never undercovers, and its mean coverage', async ({ page }) => {
  await page.goto('./#/coverage?n=30&delta=0.05&methods=wald&yes=38/40&no=55/60');
  const verdict = page.getByTestId('balanced-coverage-summary');
  await expect(verdict).toContainText(/^Minimum coverage 9\d\.\d{3}% at \(p⁺ = 0\.\d\d, p⁻ = 0\.\d\d\): never below the nominal 95% on this grid\. Mean coverage 9\d\.\d{3}%/);
  await expect(page.getByRole('img', { name: /Heat map of the balanced interval’s exact coverage for 40 should-be-YES × 60 should-be-NO/ })).toBeVisible();
  await page.getByText('Show the data (2,500 cells)').click();
  const cells = await page.locator('.coverage-grid-data td').evaluateAll((tds) => tds.map((td) => Number((td as HTMLElement).dataset.value)));
  expect(cells).toHaveLength(2500);
  expect(Math.min(...cells)).toBeGreaterThanOrEqual(0.95);
  // Hovering a cell reads it out.
  await page.locator('.coverage-map rect').nth(1275).hover();
  // The union bound's map comes first; the test inversion's stands beside it.
  await expect(page.locator('.coverage-map__readout').first()).toHaveText(/^p⁺ = 0\.\d\d, p⁻ = 0\.\d\d: coverage 9\d\.\d{3}%$/);
  // The rotated y-axis title stays clear of the tick labels (it ran over 25% and 75%).
  const map = page.locator('.coverage-map svg').first();
  const title = await map.locator('.coverage-map__axis-label').nth(1).boundingBox();
  const ticks = await map.locator('.coverage-map__tick text:nth-child(2)').evaluateAll((texts) => texts.map((text) => text.getBoundingClientRect().left));
  expect(Math.min(...ticks)).toBeGreaterThan(title!.x + title!.width);
});

test('a malformed coverage link names the parameter', async ({ page }) => {
  await page.goto('./#/coverage?n=ten');
  await expect(page.getByRole('alert')).toContainText('“n” is “ten”; expected a whole number from 1 to 10,000.');
});

test('axe: the coverage view, light and dark, and its data tables', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('./#/coverage?n=30&delta=0.05&methods=clopper_pearson,wilson,agresti_coull,jeffreys,wald');
  await expect(page.getByTestId('balanced-coverage-summary')).toBeVisible();
  await expect(page.locator('.recharts-line')).toHaveCount(5);
  await expectNoAxeViolations(page);
  // The opened tables: a thousand rows each, the same markup for every method, so axe checks one
  // method's, once, in the default scheme (five took ~15 s of the suite's time).
  await page.goto('./#/coverage?n=30&delta=0.05&methods=wilson');
  await expect(page.locator('.recharts-line')).toHaveCount(1);
  await openDataTables(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await expectNoAxeViolationsInThisScheme(page, 'light', '.coverage-view__data');
});
