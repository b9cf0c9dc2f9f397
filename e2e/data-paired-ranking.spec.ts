import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { formatDifferenceParts, formatPValue } from '../src/data/format';
import { rankAgainstReference, type PairedClassCounts } from '../src/stats';
import { expectNoAxeViolations, expectNoAxeViolationsInThisScheme } from './axe';

/**
 * Ranking against a reference, paired, from `#/data` (issue 30): every detector of a per-example file
 * (the committed generator's --paired: four detectors on the same 600 examples, written into a temp
 * directory) against one reference on the same examples. Each row's link carries the discordance
 * tables (those are checked against a direct count in compare-pairs.spec.ts); the page's intervals
 * and p-values must be `rankAgainstReference` of exactly those tables.
 */
const DIR = mkdtempSync(join(tmpdir(), 'tailbound-paired-rank-'));
execFileSync('node', ['scripts/generate-evaluation-data.mjs', '--rows', '600', '--detectors', '4', '--paired', '--out', DIR, '--name', 'ranked', '--formats', 'csv', '--seed', '23']);

async function rank(page: Page) {
  await page.goto('./#/data');
  await page.getByLabel('Open a per-example results file').setInputFiles(join(DIR, 'ranked.csv'));
  const section = page.getByRole('region', { name: 'Rank the detectors against a reference on the same examples' });
  await expect(section).toBeVisible({ timeout: 60_000 });
  await section.getByLabel('Reference detector').selectOption('detector-02');
  await section.getByRole('button', { name: 'Rank against the reference (paired)' }).click();
  const table = section.getByRole('table', { name: /Detectors against detector-02 on the same examples/ });
  await expect(table).toBeVisible();
  return { section, table };
}

/** The discordance tables a #/compare link carries. */
function tablesOf(href: string): PairedClassCounts {
  const params = new URLSearchParams(href.slice(href.indexOf('?') + 1));
  const value = (name: string) => Number(params.get(name));
  return { yes: { b: value('yesb'), c: value('yesc'), n: value('yesn') }, no: { b: value('nob'), c: value('noc'), n: value('non') } };
}

test('every detector against a reference on the same examples: simultaneous paired intervals and Holm p-values of the tables each link carries', async ({ page }) => {
  const { section, table } = await rank(page);
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(3);
  const hrefs = await rows.getByRole('link').evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).getAttribute('href')!));
  const names = await rows.locator('th').allTextContents();
  const results = rankAgainstReference(hrefs.map(tablesOf), 0.05);
  for (const [index, result] of results.entries()) {
    const parts = formatDifferenceParts(result);
    const cells = rows.nth(index).locator('td');
    await expect(cells.nth(0)).toHaveText(`${parts.estimate} [${parts.lower}, ${parts.upper}]`);
    await expect(cells.nth(2)).toHaveText(result.pValue >= 1 ? `${formatPValue(1)} (no sign that it is better)` : formatPValue(result.pValue));
    await expect(cells.nth(3)).toHaveText(result.adjustedPValue >= 1 ? `${formatPValue(1)} (no sign that it is better)` : formatPValue(result.adjustedPValue));
    await expect(cells.nth(4)).toHaveText(result.provenBetter ? 'yes' : 'no');
    // Each comparison opens at δ/m, its own names first, the reference second.
    expect(hrefs[index]).toContain(`aname=${names[index]}&bname=detector-02`);
    expect(hrefs[index]).toMatch(/delta=0\.01666/);
  }
  // Ordered by the simultaneous lower bound, best first.
  expect(results.map((result) => result.lower)).toEqual([...results.map((result) => result.lower)].sort((x, y) => y - x));
  await expect(section.getByText(/with family-wise error ≤ 0\.05 \(Holm over the 3 paired comparisons\)/)).toBeVisible();
  await expectNoAxeViolations(page, '.data-paired-ranking');
});

test('at phone width the ranking scrolls in its own box and passes axe in the dark', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  const { section } = await rank(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolationsInThisScheme(page, 'dark', '.data-paired-ranking');
  await expect(section.getByRole('link', { name: /compare/ }).first()).toBeVisible();
});
