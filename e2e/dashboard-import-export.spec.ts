import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { balancedBuehlerInterval, exactInterval } from '../src/stats';
import { expectNoAxeViolations } from './axe';
import { SAMPLES, countField, expectSamplesListed, replaceDetectorsWithCsv } from './dashboard-helpers';

const CSV_HEADER = 'detector_id,detector_name,metric,correct,total,estimate,lower,upper,confidence,method,prevalence,volume';

test('the CSV export’s bounds equal the stats module’s', async ({ page }) => {
  await page.goto('./#/?delta=0.01');
  await expectSamplesListed(page);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export intervals (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('tailbound-detectors-intervals-delta-0.01.csv');
  const text = await readFile((await download.path())!, 'utf8');
  // A byte-order mark first, so that Excel reads the file as UTF-8.
  expect(text.startsWith('\uFEFF')).toBe(true);
  const [header, ...rows] = text.slice(1).trimEnd().split('\r\n');
  expect(header).toBe(CSV_HEADER);
  // balanced, yes, no, then precision, recall, specificity, NPV and F1 (issue 28); the list sets no deployment.
  expect(rows).toHaveLength(SAMPLES.length * 8);
  const byKey = new Map(rows.map((row) => row.split(',')).map((cells) => [`${cells[0]}/${cells[2]}`, cells]));
  for (const detector of SAMPLES) {
    const expected = {
      balanced: detector.yes.total > 0 && detector.no.total > 0 ? balancedBuehlerInterval(detector, 0.01) : null,
      yes: detector.yes.total > 0 ? exactInterval(detector.yes.total, detector.yes.correct, 0.01) : null,
      no: detector.no.total > 0 ? exactInterval(detector.no.total, detector.no.correct, 0.01) : null,
    };
    for (const metric of ['balanced', 'yes', 'no'] as const) {
      const cells = byKey.get(`${detector.id}/${metric}`);
      expect(cells, `${detector.id} ${metric}`).toBeDefined();
      const interval = expected[metric];
      const [estimate, lower, upper, confidence, method, prevalence, volume] = cells!.slice(-7);
      expect([prevalence, volume]).toEqual(['', '']);
      if (interval === null) {
        expect([estimate, lower, upper], `${detector.id} ${metric}: a class has no examples`).toEqual(['', '', '']);
      } else {
        // Chromium's V8 and Node's may differ in the last binary digit of Math.exp/log; 1e-14 is ~50 ulps.
        expect(Number(estimate), `${detector.id} ${metric} estimate`).toBe(interval.estimate);
        // The balanced row is Buehler's certified interval (the default): its search may stop a step apart (≤ its gap).
        const tolerance = metric === 'balanced' ? 1e-4 : 1e-14;
        expect(Math.abs(Number(lower) - interval.lower), `${detector.id} ${metric} lower`).toBeLessThan(tolerance);
        expect(Math.abs(Number(upper) - interval.upper), `${detector.id} ${metric} upper`).toBeLessThan(tolerance);
        // Unrounded: the cells are the shortest round-trip form of a double.
        expect(String(Number(lower))).toBe(lower);
        expect(String(Number(upper))).toBe(upper);
      }
      expect(confidence).toBe('0.99');
      expect(method).toBe(metric === 'balanced' ? 'exact-buehler-union-ordering' : 'exact-central');
    }
  }
  // The JSON export is re-importable: replacing the workspace with it keeps every detector.
  const jsonDownloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export detectors (JSON)' }).click();
  const json = await readFile((await (await jsonDownloading).path())!, 'utf8');
  await page.getByLabel('Detectors file to import').setInputFiles({ name: 'export.json', mimeType: 'application/json', buffer: Buffer.from(json) });
  await expect(page.getByText(`${SAMPLES.length} detectors can be imported`)).toBeVisible();
});

test('a CSV export of large detectors computes their Buehler intervals (the default) in the background, with progress and Cancel, axe clean', async ({ page }) => {
  // The workers never start (their script never arrives): the export stays at its progress, to be checked and cancelled.
  await page.route('**/expensive-balanced.worker-*.js', () => {});
  await page.goto('./');
  await expectSamplesListed(page);
  await replaceDetectorsWithCsv(page, 'large.csv', ['Large A,4500,5000,2900,3000', 'Large B,4100,5000,2990,3000']);
  let downloads = 0;
  page.on('download', () => downloads++);
  await page.getByRole('button', { name: 'Export intervals (CSV)' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Computing the exact intervals for the CSV in the background: 0% done.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export intervals (CSV)' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Cancel the CSV export' }).click();
  await expect(page.getByRole('button', { name: 'Export intervals (CSV)' })).toBeEnabled();
  await expect(page.getByText(/Computing the exact intervals for the CSV/)).toHaveCount(0);
  expect(downloads).toBe(0);
});

test('a CSV import of per-example rows yields the right counts', async ({ page }) => {
  await page.goto('./');
  await expectSamplesListed(page);
  const csv = [
    'detector,label,prediction',
    'Door sensor,yes,yes',
    'Door sensor,yes,no',
    'Door sensor,no,no',
    'Door sensor,1,1',
    'Door sensor,false,true',
    'Door sensor,TRUE,true',
    'Gate sensor,no,no',
  ].join('\n');
  await page.getByLabel('Detectors file to import').setInputFiles({ name: 'examples.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const preview = page.getByRole('region', { name: 'Preview of examples.csv' });
  await expect(preview).toContainText('CSV of per-example results');
  await expect(preview).toContainText('7 data rows. 2 detectors can be imported');
  const door = preview.getByRole('row').filter({ hasText: 'Door sensor' });
  await expect(door.getByRole('cell')).toHaveText(['Door sensor', 'door-sensor', '3/4', '1/2', 'added']);
  // Nothing is added before the user confirms.
  await expect(page.getByRole('status').filter({ hasText: /^\d+ detectors$/ })).toHaveText(`${SAMPLES.length} detectors`);
  await preview.getByRole('button', { name: 'Add 2 detectors' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^From examples\.csv: 2 added\.$/ })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^\d+ detectors$/ })).toHaveText(`${SAMPLES.length + 2} detectors`);
  await page.getByRole('link', { name: 'Door sensor', exact: true }).click();
  await expect(countField(page, 'yes', 'correct')).toHaveValue('3');
  await expect(countField(page, 'yes', 'total')).toHaveValue('4');
  await expect(countField(page, 'no', 'correct')).toHaveValue('1');
  await expect(countField(page, 'no', 'total')).toHaveValue('2');
});

test('a malformed CSV import shows row errors and adds nothing', async ({ page }) => {
  await page.goto('./');
  await expectSamplesListed(page);
  const csv = ['detector,label,prediction', 'Door sensor,yes,maybe', ',no,no', 'Door sensor,yes', 'Door sensor,no,no'].join('\n');
  await page.getByLabel('Detectors file to import').setInputFiles({ name: 'broken.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const preview = page.getByRole('region', { name: 'Preview of broken.csv' });
  await expect(preview).toContainText('3 problems found');
  const problems = preview.getByRole('table', { name: 'Rows that will not be imported' });
  await expect(problems.getByRole('row').nth(1)).toContainText(/line 2.*prediction must be yes\/no, true\/false or 1\/0, got 'maybe'/);
  await expect(problems.getByRole('row').nth(2)).toContainText(/line 3.*detector is empty/);
  await expect(problems.getByRole('row').nth(3)).toContainText(/line 4.*expected 3 fields like the header, got 2/);
  await preview.getByRole('button', { name: 'Cancel' }).click();
  await expect(preview).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /^\d+ detectors$/ })).toHaveText(`${SAMPLES.length} detectors`);
  // Files over the size limit are refused before they are read.
  await page.getByLabel('Detectors file to import').setInputFiles({
    name: 'huge.csv',
    mimeType: 'text/csv',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 'a'),
  });
  const alert = page.getByRole('alert').filter({ hasText: 'huge.csv' });
  await expect(alert).toHaveText(
    'huge.csv was not read: the file is 5.1 MB; the limit is 5 MB. Per-example files of any size are read in Evaluation data. Open it in Evaluation data',
  );
  await expect(alert.getByRole('link', { name: 'Open it in Evaluation data' })).toHaveAttribute('href', '#/data');
});
