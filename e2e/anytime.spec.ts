import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { balancedConfidenceSequence } from '../src/stats';
import { expectNoAxeViolations } from './axe';

/**
 * Issue 32 on #/coverage: "Looking after every label" — the exact chance of ever missing p within N
 * labels, for the confidence sequence and for Clopper–Pearson recomputed after every label. At N = 500
 * and δ = 0.05, Clopper–Pearson reaches 0.367 (sequential-miss-probability's test and the README).
 * And #/data's over-time section, cumulative (as labels arrived), on a generated timestamped file.
 */
const DIR = mkdtempSync(join(tmpdir(), 'tailbound-anytime-'));
execFileSync('node', ['scripts/generate-evaluation-data.mjs', '--rows', '3000', '--detectors', '1', '--out', DIR, '--formats', 'csv', '--seed', '11']);

/** The generated file's labels week by week (weeks from Monday, as the page's windows), counted here in Node, then summed. */
function cumulativeWeeks(): { week: string; yes: { correct: number; total: number }; no: { correct: number; total: number } }[] {
  const [header, ...lines] = readFileSync(join(DIR, 'evaluation.csv'), 'utf8').trim().split('\n');
  const columns = header!.split(',');
  const weeks = new Map<string, { yes: [number, number]; no: [number, number] }>();
  for (const cells of lines.map((line) => line.split(','))) {
    const time = new Date(cells[columns.indexOf('timestamp')]!);
    const monday = new Date(Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), time.getUTCDate() - ((time.getUTCDay() + 6) % 7))).toISOString().slice(0, 10);
    const entry = weeks.get(monday) ?? { yes: [0, 0], no: [0, 0] };
    weeks.set(monday, entry);
    const truth = cells[columns.indexOf('y_true')] === 'yes';
    const cls = truth ? entry.yes : entry.no;
    cls[1] += 1;
    if (truth === (cells[columns.indexOf('y_pred')] === 'yes')) cls[0] += 1;
  }
  let yes = { correct: 0, total: 0 };
  let no = { correct: 0, total: 0 };
  return [...weeks.keys()].sort().map((week) => {
    const entry = weeks.get(week)!;
    yes = { correct: yes.correct + entry.yes[0], total: yes.total + entry.yes[1] };
    no = { correct: no.correct + entry.no[0], total: no.total + entry.no[1] };
    return { week, yes, no };
  });
}
const PHONE = { width: 390, height: 844 };

test('anytime=500: Clopper–Pearson looked at after every label misses up to 36.7%, 7.3× δ; the sequence stays within δ; N and the checkbox rewrite the link', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('./#/coverage?n=30&delta=0.05&methods=clopper_pearson&anytime=500');
  const section = page.getByRole('region', { name: 'Looking after every label' });
  const summary = section.getByTestId('anytime-summary');
  await expect(summary).toContainText('Looked at after every one of 500 labels, the 95% Clopper–Pearson interval excludes the true accuracy at least once with probability up to 36.7%', { timeout: 25_000 });
  await expect(summary).toContainText('7.3× the δ = 0.05 it promises for one look');
  await expect(summary).toContainText(/The confidence sequence: at most [0-4]\.\d% \(at p = 0\.\d\d\), within δ, as it promises at every N\./);
  const table = section.getByRole('table', { name: /Highest chance of ever missing over 99 values of p \(N = 500 labels, two-sided 95% \(δ = 0\.05\)\)/ });
  await expect(table.getByRole('row', { name: /Exact \(Clopper–Pearson\), recomputed after every label 36\.7%/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Anytime-valid confidence sequence \(Robbins’ Beta\(1, 1\) mixture\) [0-4]\.\d% 0\.\d\d 0\.\d\d×/ })).toBeVisible();
  await expect(section.locator('.recharts-line')).toHaveCount(2);
  await expect(section.getByText(/Computed exactly in [\d,]+ ms in a background worker \(2 methods × 99 values of p at N = 500 labels/)).toBeVisible();
  await expectNoAxeViolations(page);

  await section.getByLabel('N (labels)').fill('100');
  await section.getByLabel('N (labels)').press('Enter');
  await expect(page).toHaveURL(/anytime=100$/);
  await expect(summary).toContainText('Looked at after every one of 100 labels', { timeout: 15_000 });
  await section.getByRole('checkbox', { name: /chance of ever missing/ }).uncheck();
  await expect(page).not.toHaveURL(/anytime/);
  await expect(summary).toHaveCount(0);
});

test('phone, dark: the section fits 390 px and passes axe; a bad anytime value is named', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('./#/coverage?n=20&delta=0.1&methods=clopper_pearson&anytime=150');
  const summary = page.getByTestId('anytime-summary');
  await expect(summary).toContainText('the 90% Clopper–Pearson interval excludes the true accuracy at least once', { timeout: 20_000 });
  await summary.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoAxeViolations(page);
  await page.goto('./#/coverage?anytime=9999');
  await expect(page.getByRole('alert')).toContainText('anytime: “anytime” is “9999”; expected a whole number from 1 to 500.');
});

test('#/data over time, cumulative: the anytime-valid band on the labels so far and the first week its lower bound cleared 85%', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const weeks = cumulativeWeeks();
  const lowers = weeks.map(({ yes, no }) => balancedConfidenceSequence({ yes, no }, 0.05).lower);
  const first = lowers.findIndex((lower) => lower >= 0.85);
  // The generated file clears 85% after a few weeks and never 90%: both verdicts are exercised.
  expect(first).toBeGreaterThan(0);
  expect(Math.max(...lowers)).toBeLessThan(0.9);
  await page.goto('./#/data');
  await page.getByLabel('Open a per-example results file').setInputFiles(join(DIR, 'evaluation.csv'));
  await expect(page.getByRole('table', { name: /^detector-01 per week/ })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('View', { exact: true }).selectOption('cumulative');
  const table = page.getByTestId('cumulative-table');
  await expect(table).toBeVisible();
  const shown = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.children, (cell) => (cell as HTMLElement).innerText)));
  expect(shown.map((cells) => [cells[0], cells[2], cells[3]])).toEqual(
    weeks.map(({ week, yes, no }) => [week, `${yes.correct.toLocaleString('en-US')}/${yes.total.toLocaleString('en-US')}`, `${no.correct.toLocaleString('en-US')}/${no.total.toLocaleString('en-US')}`]),
  );
  const verdict = page.getByTestId('cumulative-verdict');
  await expect(verdict).toContainText('Not yet proven ≥ 90%');
  await expect(page).toHaveURL(/&cumulative=0\.9(&|$)/);
  await page.getByLabel('Target for the lower bound').selectOption('0.85');
  await expect(page).toHaveURL(/&cumulative=0\.85(&|$)/);
  const labels = (weeks[first]!.yes.total + weeks[first]!.no.total).toLocaleString('en-US');
  await expect(verdict).toContainText(`Proven ≥ 85% since the week from ${weeks[first]!.week}: by its end, after ${labels} labels`);
  await expect(verdict).toContainText('anytime-valid confidence sequence (Robbins’ Beta(1, 1) mixture), δ/2 a class, δ = 0.05). Valid however often this page was looked at.');
  await expect(table.getByRole('row', { name: new RegExp(`^${weeks[first]!.week} .* first cleared$`) })).toBeVisible();
  await expect(page.getByRole('group', { name: /detector-01: balanced accuracy as labels arrived/ })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export as labels arrived (CSV)' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8').split('\r\n');
  const firstWeek = weeks[first]!;
  expect(csv[first + 1]).toMatch(new RegExp(`^week,${firstWeek.week},${firstWeek.yes.correct},${firstWeek.yes.total},${firstWeek.no.correct},${firstWeek.no.total},[\\d.]+,${lowers[first]},[\\d.]+,0\\.85,yes,yes,0\\.05,anytime-mixture-union-bound$`));
  await expectNoAxeViolations(page);
  await page.setViewportSize(PHONE);
  await expect(verdict).toBeVisible();
  // The charts are redrawn at the new width after a resize observer fires: wait for it.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});
