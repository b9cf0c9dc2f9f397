import { expect, test } from '@playwright/test';
import { monitoringReading, parseCountsHistoryCsv } from '../src/data/detectors/counts-history';
import { formatIntervalParts } from '../src/data/format/format';
import { expectNoAxeViolations } from './axe';
import { SAMPLES } from './dashboard-helpers';

const PHONE = { width: 390, height: 844 };
const DETECTOR = SAMPLES[1]!;
/** Three weeks of labels, 15 should-be-YES and 40 should-be-NO a day, a few wrong. */
const CSV = [
  'date,yes_correct,yes_total,no_correct,no_total',
  ...Array.from({ length: 21 }, (_, day) => `2026-03-${String(day + 1).padStart(2, '0')},${14 + (day % 2)},15,${39 + (day % 3 === 0 ? 0 : 1)},40`),
].join('\n');

function expectedLine(delta: number) {
  const parsed = parseCountsHistoryCsv(CSV);
  if (!parsed.ok) throw new Error(parsed.problems.join('; '));
  const reading = monitoringReading(parsed.rows, delta)!;
  const parts = formatIntervalParts(reading.interval);
  const since = parsed.rows[reading.lowers.findIndex((lower) => lower !== null && lower >= Number(parts.lower.replace('%', '')) / 100 - 1e-12)]!.date;
  return { parts, since, reading };
}

test('counts over time give the details view its monitoring line, kept after a reload; axe clean in light and dark', async ({ page }) => {
  await page.goto(`./#/detectors/${DETECTOR.id}`);
  const panel = page.getByRole('region', { name: 'Monitoring over time' });
  await expect(panel).toContainText('one row a day');
  await panel.getByLabel('Counts over time (CSV)').setInputFiles({ name: 'days.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  const { parts, since, reading } = expectedLine(0.05);
  await expect(panel.getByTestId('monitoring-line')).toHaveText(`Monitoring: proven ≥ ${parts.lower} since ${since} (anytime-valid, 95%)`);
  await expect(panel.getByTestId('monitoring-details')).toContainText(
    `Balanced accuracy ${parts.estimate} [${parts.lower}, ${parts.upper}] after 21 days of labels (2026-03-01 to 2026-03-21): should-be-YES ${reading.yes.correct}/${reading.yes.total}, should-be-NO ${reading.no.correct}/${reading.no.total} correct in all.`,
  );
  await expect(panel.getByTestId('monitoring-details')).toContainText('anytime-mixture-union-bound');
  // The sample's own counts are not these: the page says which the line reads.
  await expect(panel.getByRole('note')).toContainText('The monitoring line reads the counts over time.');
  await expectNoAxeViolations(page);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Monitoring over time' }).getByTestId('monitoring-line')).toHaveText(`Monitoring: proven ≥ ${parts.lower} since ${since} (anytime-valid, 95%)`);
  // Another δ from the page's control: the line follows it.
  await page.getByRole('button', { name: '99%', exact: true }).click();
  const strict = expectedLine(0.01);
  await expect(page.getByTestId('monitoring-line')).toHaveText(`Monitoring: proven ≥ ${strict.parts.lower} since ${strict.since} (anytime-valid, 99%)`);
});

test('at phone width in dark: a bad file is named line by line and changes nothing; the panel fits; axe clean', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(`./#/detectors/${DETECTOR.id}`);
  const panel = page.getByRole('region', { name: 'Monitoring over time' });
  const bad = `${CSV}\n2026-03-21,1,2,3,4\n2026-04-31,1,2,3,4\n2026-05-01,5,2,1,1`;
  await panel.getByLabel('Counts over time (CSV)').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  const alert = panel.getByRole('alert');
  await expect(alert).toContainText('bad.csv was not read (nothing changed):');
  await expect(alert).toContainText("line 23: date 2026-03-21 must come after the previous row's 2026-03-21");
  await expect(alert).toContainText("line 24: date must be a day written YYYY-MM-DD, got '2026-04-31'");
  await expect(alert).toContainText('line 25: should-be-YES correct must be ≤ total (2), got 5');
  await expect(panel.getByTestId('monitoring-line')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
});
