import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { formatHonestPercent, formatInterval, formatIntervalParts, formatPercent } from '../src/data/format/format';
import {
  balancedBuehlerCoverageGrid,
  balancedBuehlerInterval,
  balancedBuehlerLowerBound,
  balancedInterval,
  balancedInversionInterval,
  labelsToClearLowerBound,
  projectBalancedInterval,
  type ClassCounts,
} from '../src/stats';
import { GRID_PS, meanWidth } from '../src/features/coverage/coverage-compute';
import { expectNoAxeViolations } from './axe';
import { SAMPLES } from './dashboard-helpers';

// Issue 25, the methods, coverage, planner, explorer, ranking and evaluation-data views under the
// default balanced interval (Buehler's: exact, ordered by the union bound, never wider than it), at
// desktop and phone width. Expected numbers come from the stats functions, so these follow the
// stats module's search as it is refined.

const DIR = mkdtempSync(join(tmpdir(), 'tailbound-buehler-views-'));
execFileSync('node', ['scripts/generate-evaluation-data.mjs', '--rows', '3000', '--out', DIR, '--formats', 'csv', '--seed', '7']);

const NEVER_FIRES = { yes: { correct: 0, total: 40 }, no: { correct: 960, total: 960 } };
const parts = (interval: { estimate: number; lower: number; upper: number }) => {
  const shown = formatIntervalParts(interval, 2);
  return [shown.estimate, shown.lower, shown.upper];
};

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Each slice's counts for one detector, straight from the generated CSV. */
function sliceCounts(path: string, column: string, detector: string): Record<string, { yes: ClassCounts; no: ClassCounts }> {
  const [header, ...lines] = readFileSync(path, 'utf8').trim().split('\n');
  const columns = header!.split(',');
  const at = (name: string) => columns.indexOf(name);
  const counts: Record<string, { yes: ClassCounts; no: ClassCounts }> = {};
  for (const cells of lines.map((line) => line.split(','))) {
    if (cells[at('detector')] !== detector) continue;
    const entry = (counts[cells[at(column)]!] ??= { yes: { correct: 0, total: 0 }, no: { correct: 0, total: 0 } });
    const truth = cells[at('y_true')] === 'yes';
    const cls = truth ? entry.yes : entry.no;
    cls.total += 1;
    if (truth === (cells[at('y_pred')] === 'yes')) cls.correct += 1;
  }
  return counts;
}

for (const [width, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone width (390 px)', { width: 390, height: 844 }],
] as const) {
  test.describe(`views under Buehler’s interval (the default), ${width}`, () => {
    test.use({ viewport });

    test('the methods view leads with Buehler’s, then the union bound and the estimate-ordered inversion, each its own numbers', async ({ page }) => {
      await page.goto('./#/methods?yes=0/40&no=960/960&delta=0.05');
      const table = page.getByRole('table', { name: /for YES 0\/40, NO 960\/960/ });
      const names = table.locator('tbody .methods-table__name');
      await expect(names.nth(0)).toHaveText('Exact, never wider than the union bound (Buehler) — the default');
      await expect(names.nth(1)).toHaveText('Exact union bound (the blog’s)');
      await expect(names.nth(2)).toHaveText('Exact test inversion ordered by the estimate');
      const cells = async (name: RegExp) => (await table.getByRole('row', { name }).getByRole('cell').allInnerTexts()).slice(1, 4);
      expect(await cells(/Buehler/)).toEqual(parts(balancedBuehlerInterval(NEVER_FIRES, 0.05)));
      expect(await cells(/Exact union bound/)).toEqual(parts(balancedInterval(NEVER_FIRES, 0.05)));
      expect(await cells(/ordered by the estimate/)).toEqual(parts(balancedInversionInterval(NEVER_FIRES, 0.05)));
      await expect(table.getByRole('row', { name: /ordered by the estimate/ })).toContainText(/Here: \d+% wider than the union bound\./);
      await expect(page.getByRole('heading', { name: 'Three exact balanced intervals' })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
    });

    test('the coverage view shows the three heat maps with heatmaps=both, each with minimum coverage and mean width', async ({ page }) => {
      test.setTimeout(120_000);
      await page.goto('./#/coverage?n=10&delta=0.05&methods=wilson&yes=6&no=8&heatmaps=both');
      for (const [method, suffix] of [['union', ''], ['buehler', '-buehler'], ['inversion', '-inversion']] as const) {
        await expect(page.getByTestId(`coverage-map-${method}`)).toBeVisible();
        await expect(page.getByTestId(`balanced-coverage-summary${suffix}`)).toContainText(
          `Mean width over all 63 outcomes: ${formatPercent(meanWidth(6, 8, 0.05, method), 1)}.`,
          { timeout: 30_000 },
        );
      }
      const buehler = balancedBuehlerCoverageGrid(6, 8, 0.05, GRID_PS, GRID_PS).flat();
      await expect(page.getByTestId('balanced-coverage-summary-buehler')).toContainText(`Minimum coverage ${formatPercent(Math.min(...buehler), 3, 'down')}`);
      await expect(page.getByTestId('coverage-map-buehler').getByRole('heading')).toHaveText(/^Exact, never wider than the union bound \(Buehler/);
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
    });

    test('the planner plans for Buehler’s interval and says what the union bound would need', async ({ page }) => {
      await page.goto('./#/plan?yes=38/40&no=55/60&delta=0.05&target=0.9');
      const answer = page.getByRole('heading', { level: 2 }).first();
      await expect(answer).toHaveText(/^Label [\d,]+ more/, { timeout: 30_000 });
      const labels = Number(/^Label ([\d,]+) more/.exec((await answer.textContent())!)![1]!.replace(/,/g, ''));
      const assumptions = { current: { yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } }, delta: 0.05 };
      const at = (additional: number) => {
        const { counts } = projectBalancedInterval(assumptions, additional);
        return balancedBuehlerInterval(counts, 0.05);
      };
      expect(at(labels).lower).toBeGreaterThanOrEqual(0.9);
      expect(at(labels - 1).lower).toBeLessThan(0.9);
      const union = labelsToClearLowerBound(assumptions, 0.9).additional!;
      expect(labels).toBeLessThanOrEqual(union);
      await expect(page.getByTestId('union-plan')).toContainText(`The union bound (the blog’s, δ/4 per tail) would need ${union.toLocaleString('en-US')} more labels for the same goal`);
      await expect(page.getByText(/never wider than the union bound \(Buehler\), δ\/2 per side\) that the assumptions project/)).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
    });

    test('the explorer’s balanced mode stays Figure 7 and says what Buehler’s interval gives', async ({ page }) => {
      await page.goto('./#/explore?mode=balanced&yes=0/40&no=960/960&delta=0.05');
      await expect(page.getByRole('table')).toContainText('Balanced = average');
      await expect(page.getByTestId('explorer-inverted')).toContainText(
        `The dashboard’s balanced interval (the default) is Buehler’s exact interval`,
      );
      await expect(page.getByTestId('explorer-inverted')).toContainText(`For these counts it gives ${formatInterval(balancedBuehlerInterval(NEVER_FIRES, 0.05))}`);
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
    });

    test('the ranking’s simultaneous lower bounds are Buehler’s at δ/m, proven when above the target (Bonferroni)', async ({ page }) => {
      await page.goto('./#/rank?target=0.9&delta=0.05');
      const ranked = SAMPLES.filter((detector) => detector.yes.total > 0 && detector.no.total > 0);
      const m = ranked.length;
      await expect(page.getByTestId('family-wise')).toContainText(`(Bonferroni): each lower bound is Buehler’s exact one-sided bound`, { timeout: 30_000 });
      const table = page.getByTestId('ranking-table');
      for (const detector of ranked) {
        const lower = balancedBuehlerLowerBound(detector, 0.05 / m);
        const row = table.getByRole('row', { name: new RegExp(`^\\d+ ${detector.name}\\b`) });
        await expect(row).toContainText(`≥ ${formatHonestPercent(lower, 'down')}`);
        await expect(row).toContainText(lower > 0.9 ? 'proven above' : 'not shown');
        await expect(row).toContainText('—');
      }
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
    });

    test('the data view’s slices follow the setting: Buehler’s intervals at δ/m, sorted by its lower bound, opening as detectors by default', async ({ page }) => {
      await page.goto('./#/data');
      await page.getByLabel('Open a per-example results file').setInputFiles(join(DIR, 'evaluation.csv'));
      await expect(page.getByRole('table', { name: /^Per detector/ })).toBeVisible({ timeout: 30_000 });
      await page.getByLabel('Slice by').selectOption('site');
      await page.getByLabel('Detector to slice').selectOption('detector-03');
      const table = page.getByRole('table', { name: /^detector-03 by site: balanced accuracy \(exact, never wider than the union bound \(Buehler; δ\/2 per side\)\)/ });
      await expect(table).toBeVisible();
      await expect(page.getByRole('button', { name: 'Export slices (CSV)' })).toBeEnabled({ timeout: 30_000 });
      const expected = sliceCounts(join(DIR, 'evaluation.csv'), 'site', 'detector-03');
      const sliceDelta = 0.05 / Object.keys(expected).length;
      const order = Object.entries(expected)
        .map(([site, counts]) => [site, balancedBuehlerInterval(counts, sliceDelta)] as const)
        .sort((a, b) => a[1].lower - b[1].lower || a[0].localeCompare(b[0]));
      expect(await table.locator('tbody th').allInnerTexts()).toEqual(order.map(([site]) => site));
      const [worst, interval] = order[0]!;
      await expect(table.locator('tbody tr').first()).toContainText(`[${formatIntervalParts(interval).lower}, ${formatIntervalParts(interval).upper}]`);
      const first = expected[worst]!;
      await expect(page.getByRole('link', { name: `as a detector (${worst})` })).toHaveAttribute(
        'href',
        `#/counts?yes=${first.yes.correct}/${first.yes.total}&no=${first.no.correct}/${first.no.total}&delta=${sliceDelta}`,
      );
      await expect(page.getByText(/Slices, time windows and the threshold curve show the workspace’s balanced interval/)).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
    });
  });
}
