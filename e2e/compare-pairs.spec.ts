import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { formatPValue } from '../src/data/format';
import { holmAdjust, pairedBalancedDifferenceTest } from '../src/stats';
import { expectNoAxeViolations } from './axe';

/**
 * Pairs from `#/data` (issue 30): a per-example file where every detector answers the same examples
 * (the committed generator's --paired, written into a temp directory), "Compare two detectors on the
 * same examples", and `#/compare` opened on the discordance tables — checked against a count made
 * here from the CSV. CSV (with a repeated id and a missing answer added) and Parquet.
 */
const DIR = mkdtempSync(join(tmpdir(), 'tailbound-pairs-'));
execFileSync('node', ['scripts/generate-evaluation-data.mjs', '--rows', '400', '--detectors', '3', '--paired', '--out', DIR, '--name', 'pairs', '--formats', 'csv,parquet', '--seed', '11']);
const clean = readFileSync(join(DIR, 'pairs.csv'), 'utf8').trim().split('\n');
// ex-5 answered twice by detector-01 (a repeated id), ex-7 never by detector-02 (an id in one only).
const edited = [...clean.filter((line) => !line.startsWith('ex-7,detector-02,')), clean.find((line) => line.startsWith('ex-5,detector-01,'))!];
writeFileSync(join(DIR, 'pairs-edited.csv'), `${edited.join('\n')}\n`);

/** The tables counted directly: ids A and B each answer once; b = A right and B wrong. */
function discordance(lines: string[], a: string, b: string) {
  const [header, ...rows] = lines;
  const at = (name: string) => header!.split(',').indexOf(name);
  const answers = (detector: string) => {
    const seen = new Map<string, string[][]>();
    for (const cells of rows.map((row) => row.split(','))) if (cells[at('detector')] === detector) seen.set(cells[at('example_id')]!, [...(seen.get(cells[at('example_id')]!) ?? []), cells]);
    return seen;
  };
  const fromA = answers(a);
  const fromB = answers(b);
  const tables = { yes: { b: 0, c: 0, n: 0 }, no: { b: 0, c: 0, n: 0 } };
  for (const [id, rowsA] of fromA) {
    const rowsB = fromB.get(id);
    if (rowsA.length !== 1 || rowsB?.length !== 1) continue;
    const truth = rowsA[0]![at('y_true')]!;
    const table = truth === 'yes' ? tables.yes : tables.no;
    const aRight = rowsA[0]![at('y_pred')] === truth;
    const bRight = rowsB[0]![at('y_pred')] === truth;
    table.n += 1;
    if (aRight && !bRight) table.b += 1;
    if (!aRight && bRight) table.c += 1;
  }
  return tables;
}

const countsPattern = (tables: ReturnType<typeof discordance>) =>
  new RegExp(`yesb=${tables.yes.b}&yesc=${tables.yes.c}&yesn=${tables.yes.n}&nob=${tables.no.b}&noc=${tables.no.c}&non=${tables.no.n}`);

async function pairFile(page: Page, file: string) {
  await page.goto('./#/data');
  await page.getByLabel('Open a per-example results file').setInputFiles(join(DIR, file));
  const button = page.getByRole('button', { name: 'Compare two detectors on the same examples' });
  await expect(button).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Detector A')).toHaveValue('detector-01');
  await expect(page.getByLabel('Detector B')).toHaveValue('detector-02');
  await button.click();
  return page.getByRole('link', { name: /Open the paired comparison/ });
}

test('CSV at desktop width: the tables match a direct count, what is left out is named, #/compare opens on the counts', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const expected = discordance(edited, 'detector-01', 'detector-02');
  expect(expected.yes.n + expected.no.n).toBe(398);
  const link = await pairFile(page, 'pairs-edited.csv');
  await expect(link).toHaveAttribute('href', countsPattern(expected));
  const leftOut = page.getByRole('list', { name: 'Left out of the pairs' });
  await expect(leftOut).toContainText('1 id repeated in detector-01’s rows (left out: which row is its answer is unknown), e.g. “ex-5”');
  await expect(leftOut).toContainText('1 id seen for detector-01 only, e.g. “ex-7”');
  // Per site: the paired balanced test's p-values, Holm-adjusted, from the CSV's own per-site tables.
  const header = edited[0]!;
  const siteAt = header.split(',').indexOf('site');
  const sites = [...new Set(edited.slice(1).map((line) => line.split(',')[siteAt]!))].sort();
  const adjusted = holmAdjust(sites.map((site) => pairedBalancedDifferenceTest(discordance([header, ...edited.slice(1).filter((line) => line.split(',')[siteAt] === site)], 'detector-01', 'detector-02')).pTwoSided));
  const siteTable = page.getByRole('table', { name: /detector-01 against detector-02 by site/ });
  for (const [index, site] of sites.entries()) {
    await expect(siteTable.getByRole('row', { name: new RegExp(`^${site}\\b`) })).toContainText(formatPValue(adjusted[index]!));
  }
  // The pairs section alone: the rest of #/data is axe-checked in data.spec.ts (the whole page took ~20 s).
  await expectNoAxeViolations(page, '.data-pairs');
  await link.click();
  await expect(page).toHaveURL(countsPattern(expected));
  await expect(page).toHaveURL(/aname=detector-01&bname=detector-02/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compare detector-01 and detector-02');
  await expect(page.getByTestId('design')).toContainText('Paired');
  await expectNoAxeViolations(page);
});

test('Parquet at phone width: the same pairs as the CSV’s direct count, nothing left out', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const link = await pairFile(page, 'pairs.parquet');
  await expect(link).toHaveAttribute('href', countsPattern(discordance(clean, 'detector-01', 'detector-02')));
  await expect(page.getByText('Every usable row of the two detectors was paired.')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page, '.data-pairs');
});
