import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { SAMPLES } from './dashboard-helpers';

const PHONE = { width: 375, height: 812 };

const ROUTES = [
  '#/',
  `#/detectors/${SAMPLES[0]!.id}`,
  '#/counts?yes=38/40&no=55/60',
  '#/methods?yes=38/40&no=55/60',
  '#/methods?n=40&k=38',
  '#/coverage?n=30',
  '#/posterior',
  '#/plan?yes=38/40&no=55/60&target=0.9',
  '#/explore',
  '#/explore?mode=balanced',
];

/** The page's width once charts, workers and lazy views have settled: the same on two reads 300 ms apart. */
async function settledScrollWidth(page: Page): Promise<number> {
  const read = () => page.evaluate(() => document.documentElement.scrollWidth);
  let last = -1;
  await expect
    .poll(async () => {
      const now = await read();
      const settled = now === last;
      last = now;
      return settled;
    }, { intervals: [300] })
    .toBe(true);
  return last;
}

test.describe('phone width (375 px)', () => {
  test.use({ viewport: PHONE });

  for (const route of ROUTES) {
    test(`${route} never scrolls sideways, in light and dark, and passes axe`, async ({ page }) => {
      await page.goto(`./${route}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        const width = await settledScrollWidth(page);
        expect(width, `${route} in ${colorScheme}: page ${width} px wide on a ${PHONE.width} px screen`).toBeLessThanOrEqual(
          await page.evaluate(() => window.innerWidth),
        );
      }
      await expectNoAxeViolations(page);
    });
  }
});

test('the δ field has one size on every view', async ({ page }) => {
  const sizes = new Set<string>();
  for (const route of ['#/', '#/counts?yes=38/40&no=55/60', '#/methods?n=40&k=38', '#/coverage?n=30', '#/posterior', '#/plan?yes=38/40&no=55/60&target=0.9']) {
    await page.goto(`./${route}`);
    // The posterior's δ is the probability outside a credible interval; every view's field starts "δ (".
    const field = page.getByRole('textbox', { name: /^δ \(/ });
    const box = (await field.boundingBox())!;
    sizes.add(`${Math.round(box.width)}×${Math.round(box.height)}`);
  }
  expect([...sizes]).toHaveLength(1);
});

test('the methods table’s scale labels never run into each other at phone width', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('./#/methods?yes=38/40&no=55/60');
  const scale = page.locator('.methods-table__scale').first();
  await expect(scale).toBeVisible();
  const boxes = await scale.locator('span').evaluateAll((spans) =>
    spans.filter((span) => span.getClientRects().length > 0).map((span) => span.getBoundingClientRect()).map(({ left, right }) => ({ left, right })),
  );
  expect(boxes.length).toBeGreaterThanOrEqual(3);
  for (let index = 1; index < boxes.length; index++) expect(boxes[index]!.left, `label ${index} starts after label ${index - 1} ends`).toBeGreaterThanOrEqual(boxes[index - 1]!.right);
});

test('the explorer’s count ticks never run into each other at phone width, N = 10⁶', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('./#/explore?n=1000000&k=800000&p=0.8&delta=0.05&mode=upper');
  const ticks = page.locator('.tail-plots__figure').first().locator('.recharts-xAxis-tick-labels text');
  await expect(ticks.first()).toBeVisible();
  const boxes = await ticks.evaluateAll((texts) => texts.map((text) => text.getBoundingClientRect()).map(({ left, right }) => ({ left, right })));
  expect(boxes.length).toBeGreaterThanOrEqual(3);
  const sorted = [...boxes].sort((a, b) => a.left - b.left);
  for (let index = 1; index < sorted.length; index++) expect(sorted[index]!.left, `tick ${index}`).toBeGreaterThanOrEqual(sorted[index - 1]!.right);
  expect(sorted[sorted.length - 1]!.right).toBeLessThanOrEqual(PHONE.width);
});
