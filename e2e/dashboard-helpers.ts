import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';
import { formatIntervalParts } from '../src/data/format/format';
import { sharedWorkspaceHref, type SharedWorkspace } from '../src/data/links/workspace-link';
import type { Interval } from '../src/stats';

/** The bundled sample detectors, read straight from the file the app loads. */
export const SAMPLES: { id: string; name: string; query: string; yes: { correct: number; total: number }; no: { correct: number; total: number } }[] =
  JSON.parse(readFileSync(new URL('../public/detectors.json', import.meta.url), 'utf8')).detectors;

export const REGION = {
  balanced: 'Balanced accuracy',
  yes: 'Should-be-YES accuracy',
  no: 'Should-be-NO accuracy',
} as const;

/** The estimate and outward-rounded bounds the details view shows for one interval. */
export async function shownInterval(page: Page, metric: keyof typeof REGION) {
  const region = page.getByRole('region', { name: REGION[metric], exact: true });
  return {
    estimate: await region.getByTestId('estimate').first().textContent(),
    lower: await region.getByTestId('lower').first().textContent(),
    upper: await region.getByTestId('upper').first().textContent(),
  };
}

/** All three shown intervals of the details view. */
export async function shownIntervals(page: Page) {
  return {
    balanced: await shownInterval(page, 'balanced'),
    yes: await shownInterval(page, 'yes'),
    no: await shownInterval(page, 'no'),
  };
}

/** What the page must show for these exact intervals: stats' numbers through the app's formatter. */
export function expectedText(interval: Interval) {
  return formatIntervalParts(interval);
}

export async function expectShown(page: Page, metric: keyof typeof REGION, interval: Interval) {
  const region = page.getByRole('region', { name: REGION[metric], exact: true });
  const expected = expectedText(interval);
  await expect(region.getByTestId('estimate').first()).toHaveText(expected.estimate);
  await expect(region.getByTestId('lower').first()).toHaveText(expected.lower);
  await expect(region.getByTestId('upper').first()).toHaveText(expected.upper);
}

export function countField(page: Page, metric: 'yes' | 'no', field: 'correct' | 'total'): Locator {
  const region = page.getByRole('region', { name: REGION[metric], exact: true });
  return field === 'correct'
    ? region.getByLabel(`Correct (answered ${metric.toUpperCase()})`)
    : region.getByLabel(`Total should-be-${metric.toUpperCase()} examples`);
}

/** The list has loaded the sample set. */
export async function expectSamplesListed(page: Page) {
  await expect(page.getByRole('status').filter({ hasText: /^\d+ detectors?$/ })).toHaveText(`${SAMPLES.length} detectors`);
  await expect(page.getByRole('link', { name: SAMPLES[0]!.name, exact: true })).toBeVisible();
}

/**
 * Replaces the workspace with detectors from CSV rows (`name,yes_correct,yes_total,no_correct,no_total`)
 * through the import, confirming the replacement, and waits until the list counts them.
 */
export async function replaceDetectorsWithCsv(page: Page, fileName: string, rows: readonly string[]) {
  const csv = ['detector,yes_correct,yes_total,no_correct,no_total', ...rows].join('\n');
  await page.getByLabel('Detectors file to import').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('region', { name: `Preview of ${fileName}` }).getByRole('button', { name: 'Replace all detectors with these…' }).click();
  await page.getByRole('button', { name: 'Yes, replace them' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^[\d,]+ detectors$/ })).toHaveText(`${rows.length.toLocaleString('en')} detectors`);
}

/** The balanced rows of the list's "Export intervals (CSV)", split into cells (the file starts with a byte-order mark). */
export async function exportedBalancedRows(page: Page): Promise<string[][]> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export intervals (CSV)' }).click();
  const text = await readFile((await (await downloading).path())!, 'utf8');
  return text
    .slice(1)
    .trimEnd()
    .split('\r\n')
    .slice(1)
    .map((row) => row.split(','))
    .filter((cells) => cells[2] === 'balanced');
}

/**
 * The address (#/shared?w=…) of a shared workspace holding one detector, "Solo" (38/40, 55/60 unless
 * `counts` says otherwise), at δ = 0.05, sorted by name, no filter, union bounds hidden.
 */
export async function soloSharedHref(settings: Pick<SharedWorkspace, 'balancedMethod' | 'metric'>, counts: Pick<SharedWorkspace['detectors'][number], 'yes' | 'no'> = { yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } }): Promise<string> {
  const made = await sharedWorkspaceHref({
    detectors: [{ id: 'solo', name: 'Solo', query: 'Is it alone?', ...counts }],
    delta: 0.05,
    sort: 'name',
    filter: '',
    showUnionBounds: false,
    ...settings,
  });
  if (!made.ok) throw new Error(made.message);
  return `./${made.href}`;
}
