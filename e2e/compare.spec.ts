import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { expectSamplesListed, replaceDetectorsWithCsv, SAMPLES } from './dashboard-helpers';
import { expectObserverWorks, goToHash, observeLongTasks, takeLongTasks } from './long-tasks';
import { formatDifferenceParts, formatPValue } from '../src/data/format/difference-format';
import { formatHonestPercent } from '../src/data/format/format';
import { compare } from '../src/features/compare/compare-model';
import {
  balancedBuehlerLowerBound,
  balancedDifferenceBuehlerInterval,
  balancedDifferenceInterval,
  balancedDifferenceTest,
  differenceBuehlerInterval,
  differenceInterval,
  differenceTest,
  mcnemarExactTest,
  pairedBalancedDifferenceInterval,
  pairedBalancedDifferenceTest,
  pairedDifferenceInterval,
  simultaneousAboveTarget,
  unpairedDifferenceScoreInterval,
  unpairedDifferenceScoreTest,
  type DetectorCounts,
  type DifferenceInterval,
} from '../src/stats';

const PHONE = { width: 390, height: 844 };

/** The shown difference is the stats library's, through the app's outward rounding. */
async function expectDifference(page: Page, interval: DifferenceInterval) {
  const shown = formatDifferenceParts(interval);
  await expect(page.getByTestId('estimate')).toHaveText(shown.estimate);
  await expect(page.getByTestId('lower')).toHaveText(shown.lower);
  await expect(page.getByTestId('upper')).toHaveText(shown.upper);
}

/** The page's default unpaired balanced interval (Buehler's at δ/2 a detector), without its construction's name. */
function unpairedBalanced(a: DetectorCounts, b: DetectorCounts, delta: number): DifferenceInterval {
  const { estimate, lower, upper } = balancedDifferenceBuehlerInterval(a, b, delta);
  return { estimate, lower, upper };
}

async function expectNoSidewaysScroll(page: Page) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test.describe('compare from counts-only links', () => {
  test('paired, one proportion: exact McNemar test, paired interval, the discordance table', async ({ page }) => {
    await page.goto('#/compare?b=12&c=4&n=200&delta=0.05&paired=union');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compare A and B');
    await expect(page.getByTestId('design')).toContainText('Paired: both detectors answered the same examples');
    const interval = pairedDifferenceInterval({ b: 12, c: 4, n: 200 }, 0.05);
    await expectDifference(page, interval);
    const p = mcnemarExactTest({ b: 12, c: 4 }).pTwoSided;
    await expect(page.getByTestId('p-value')).toHaveText(`${formatPValue(p)} (exact McNemar test, two-sided)`);
    const shown = formatDifferenceParts(interval);
    await expect(page.getByTestId('sentence')).toHaveText(
      `A − B is between ${shown.lower} and ${shown.upper} points (95%, exact paired interval): these results do not show which is more accurate.`,
    );
    await expect(page.getByTestId('test-sentence')).toContainText(`would happen ${formatPValue(p)} of the time`);
    await expect(page.getByTestId('cell-b')).toHaveText('12');
    await expect(page.getByTestId('cell-c')).toHaveText('4');
    await expect(page.getByRole('img', { name: /A − B: accuracy difference, 95% exact paired interval/ })).toBeVisible();
  });

  test('a proven difference reads as one plain sentence with the better detector first', async ({ page }) => {
    await page.goto('#/compare?b=4&c=40&n=500&aname=Old&bname=New');
    const { interval } = compare({ kind: 'paired-proportion', counts: { b: 4, c: 40, n: 500 } }, 0.05);
    expect(interval.upper).toBeLessThan(0);
    const shown = formatDifferenceParts(interval);
    await expect(page.getByTestId('sentence')).toHaveText(
      `New is more accurate by ${shown.upper.slice(1)} to ${shown.lower.slice(1)} points (95%, exact paired interval).`,
    );
  });

  test('paired balanced accuracy from per-class discordant counts: Tango’s per class by default, the union bound on request', async ({ page }) => {
    await page.goto('#/compare?yesb=12&yesc=3&yesn=200&nob=20&noc=8&non=300&delta=0.05');
    const tables = { yes: { b: 12, c: 3, n: 200 }, no: { b: 20, c: 8, n: 300 } };
    const tango = compare({ kind: 'paired-balanced', tables }, 0.05);
    expect(tango.method).toBe('exact-paired-balanced-tango-score');
    await expectDifference(page, tango.interval);
    await expect(page.getByTestId('p-value')).toContainText(`${formatPValue(tango.test!.p)} (${tango.test!.name})`);
    await expect(page.getByTestId('discordance-table')).toHaveCount(2);
    await page.goto('#/compare?yesb=12&yesc=3&yesn=200&nob=20&noc=8&non=300&delta=0.05&paired=union');
    await expectDifference(page, pairedBalancedDifferenceInterval(tables, 0.05));
    await expect(page.getByTestId('p-value')).toContainText(formatPValue(pairedBalancedDifferenceTest(tables).pTwoSided));
  });

  test('two detectors’ counts are compared unpaired: each one’s Buehler interval at δ/2 by default, narrower than the union bound (selectable, in the link only when chosen); phone width, axe clean', async ({ page }) => {
    const a = { yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } };
    const b = { yes: { correct: 30, total: 40 }, no: { correct: 50, total: 60 } };
    const { construction, ...buehler } = balancedDifferenceBuehlerInterval(a, b, 0.05);
    const union = balancedDifferenceInterval(a, b, 0.05);
    expect(construction).toBe('buehler');
    expect(buehler.lower).toBeGreaterThan(union.lower);
    expect(buehler.upper).toBeLessThan(union.upper);
    await page.goto('#/compare?ayes=38/40&ano=55/60&byes=30/40&bno=50/60&aname=Old&bname=New&delta=0.05');
    await expect(page.getByTestId('design')).toContainText('Not paired');
    await expect(page.getByTestId('unpaired-method')).toHaveValue('buehler');
    // 100 labels a detector: computed in the compare worker.
    await expectDifference(page, buehler);
    await expect(page.getByText('exact-unpaired-balanced-buehler', { exact: true })).toBeVisible();
    await expect(page.getByTestId('p-value')).toHaveText(`${formatPValue(balancedDifferenceTest(a, b).pTwoSided)} (the union-bound test; conservative; not the test this interval inverts)`);
    await expect(page.getByRole('table', { name: /Each detector’s counts/ })).toContainText('38/40');
    await expectNoAxeViolations(page);
    await page.setViewportSize(PHONE);
    await expectDifference(page, buehler);
    await expectNoSidewaysScroll(page);
    await page.getByTestId('unpaired-method').selectOption('union');
    await expect(page).toHaveURL(/[?&]unpaired=union(&|$)/);
    await expectDifference(page, union);
    await expect(page.getByText('exact-unpaired-balanced-union-bound', { exact: true })).toBeVisible();
    await expect(page.getByTestId('p-value')).toHaveText(`${formatPValue(balancedDifferenceTest(a, b).pTwoSided)} (the test that inverts this interval)`);
    await expectNoAxeViolations(page);
    await page.getByTestId('unpaired-method').selectOption('buehler');
    await expectDifference(page, buehler);
    expect(page.url()).not.toContain('unpaired=');
  });

  test('two balanced accuracies the union test cannot separate, Buehler’s interval does, and the page says which to follow', async ({ page }) => {
    const a = { yes: { correct: 20, total: 20 }, no: { correct: 20, total: 20 } };
    const b = { yes: { correct: 13, total: 20 }, no: { correct: 13, total: 20 } };
    const { construction, ...buehler } = balancedDifferenceBuehlerInterval(a, b, 0.05);
    expect(buehler.lower).toBeGreaterThan(0);
    expect(balancedDifferenceTest(a, b).pTwoSided).toBeGreaterThan(0.05);
    await page.goto('#/compare?ayes=20/20&ano=20/20&byes=13/20&bno=13/20&aname=Old&bname=New');
    await expectDifference(page, buehler);
    await expect(page.getByTestId('sentence')).toHaveText(/^Old has the higher balanced accuracy by \d+\.\d to \d+\.\d points \(95%, exact unpaired interval\)\.$/);
    await expect(page.getByTestId('test-sentence')).toContainText('yet the interval excludes 0');
    expect(construction).toBe('buehler');
  });

  test('two proportions: Chan–Zhang’s exact score inversion by default; Buehler’s and the union bound selectable, in the link only when chosen; phone width, axe clean', async ({ page }) => {
    const a = { correct: 19, total: 20 };
    const b = { correct: 13, total: 20 };
    const { construction: scoreConstruction, estimate, lower, upper } = unpairedDifferenceScoreInterval(a, b, 0.05);
    const score = { estimate, lower, upper };
    const { construction, ...buehler } = differenceBuehlerInterval(a, b, 0.05);
    const union = differenceInterval(a, b, 0.05);
    expect([scoreConstruction, construction]).toEqual(['chan-zhang-exact', 'buehler']);
    expect(buehler.lower).toBeGreaterThan(union.lower);
    expect(buehler.upper).toBeLessThan(union.upper);
    await page.goto('#/compare?ak=19&an=20&bk=13&bn=20&aname=Old&bname=New&delta=0.05');
    await expect(page.getByTestId('unpaired-method')).toHaveValue('score');
    // 40 examples: computed in the compare worker.
    await expectDifference(page, score);
    await expect(page.getByText('exact-unpaired-chan-zhang-score', { exact: true })).toBeVisible();
    await expect(page.getByTestId('sentence')).toHaveText(/^Old is more accurate by \d+\.\d to \d+\.\d points \(95%, exact unpaired interval\)\.$/);
    // The p-value of the test this interval inverts (the union-bound test, beside Buehler's below, says 30.8%).
    await expect(page.getByTestId('p-value')).toHaveText(`${formatPValue(unpairedDifferenceScoreTest(a, b).pTwoSided)} (Chan–Zhang’s exact unconditional score test, two-sided; the test this interval inverts)`);
    await expect(page.getByTestId('test-sentence')).not.toContainText('yet the interval');
    await expectNoAxeViolations(page);
    await page.setViewportSize(PHONE);
    await expectDifference(page, score);
    await expectNoSidewaysScroll(page);
    await page.getByTestId('unpaired-method').selectOption('buehler');
    await expect(page).toHaveURL(/[?&]unpaired=buehler(&|$)/);
    await expectDifference(page, buehler);
    await expect(page.getByText('exact-unpaired-buehler', { exact: true })).toBeVisible();
    await expect(page.getByTestId('p-value')).toHaveText(`${formatPValue(differenceTest(a, b).pTwoSided)} (the union-bound test; conservative; not the test this interval inverts)`);
    await expect(page.getByTestId('test-sentence')).toContainText('yet the interval excludes 0');
    await page.getByTestId('unpaired-method').selectOption('union');
    await expect(page).toHaveURL(/[?&]unpaired=union(&|$)/);
    await expectDifference(page, union);
    await expect(page.getByText('exact-unpaired-union-bound', { exact: true })).toBeVisible();
    await expect(page.getByTestId('sentence')).toContainText('these results do not show which is more accurate');
    await page.getByTestId('unpaired-method').selectOption('score');
    await expectDifference(page, score);
    expect(page.url()).not.toContain('unpaired=');
  });

  test('two proportions of hundreds of examples: Chan–Zhang’s exact inversion up to 1,000 in all (in the worker), Buehler’s past that, named; phone width, axe clean', async ({ page }) => {
    const [a, b] = [{ correct: 356, total: 357 }, { correct: 349, total: 357 }];
    const { construction, estimate, lower, upper } = unpairedDifferenceScoreInterval(a, b, 0.05);
    expect(construction).toBe('chan-zhang-exact');
    await page.goto('#/compare?ak=356&an=357&bk=349&bn=357&aname=LogReg&bname=RandomForest');
    await expectDifference(page, { estimate, lower, upper });
    await expect(page.getByText('exact-unpaired-chan-zhang-score', { exact: true })).toBeVisible();
    await expect(page.getByTestId('p-value')).toHaveText(`${formatPValue(unpairedDifferenceScoreTest(a, b).pTwoSided)} (Chan–Zhang’s exact unconditional score test, two-sided; the test this interval inverts)`);
    await expect(page.getByTestId('sentence')).toHaveText(/^LogReg is more accurate by \d+\.\d to \d+\.\d points \(95%, exact unpaired interval\)\.$/);
    await expectNoAxeViolations(page);
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    const [c, d] = [{ correct: 490, total: 501 }, { correct: 400, total: 500 }];
    const { construction: past, ...buehler } = differenceBuehlerInterval(c, d, 0.05);
    expect(past).toBe('buehler');
    await page.goto('#/compare?ak=490&an=501&bk=400&bn=500');
    await expectDifference(page, buehler);
    await expect(page.getByText('exact-unpaired-buehler', { exact: true })).toBeVisible();
    await expect(page.getByText('Chan–Zhang’s score inversion is computed up to 1,000 examples in all; past that, this one.', { exact: false })).toBeVisible();
  });

  test('malformed parameters are named, never a blank page', async ({ page }) => {
    await page.goto('#/compare?b=12&c=x&n=200');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('“c” is “x”');
    await page.goto('#/compare?b=150&c=60&n=200');
    await expect(page.getByRole('alert')).toContainText('the discordant pairs are part of the 200 paired examples');
    await page.goto('#/compare?a=nobody&b=nothing');
    await expect(page.getByRole('alert')).toContainText('there is no detector “nobody”');
  });

  test('CSV export names the method, δ and counts; the chart downloads as PNG and SVG', async ({ page }) => {
    // The union-bound construction, asked for (the export of Tango's default: compare-tango.spec.ts).
    await page.goto('#/compare?b=12&c=4&n=200&delta=0.01&paired=union');
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export comparison (CSV)' }).click();
    const csv = await (await csvDownload).createReadStream().then(async (stream) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    });
    const [header, row] = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(header).toBe('detector_a,detector_b,metric,estimate,lower,upper,confidence,delta,p_value,test,counts,method');
    const interval = pairedDifferenceInterval({ b: 12, c: 4, n: 200 }, 0.01);
    const cells = row!.match(/("[^"]*"|[^,]+)/g)!;
    expect([...cells.slice(0, 3), ...cells.slice(6)]).toEqual(['A', 'B', 'accuracy_difference', '0.99', '0.01', expect.any(String), '"exact McNemar test, two-sided"', 'paired: b=12 c=4 n=200', 'exact-paired-union-bound']);
    // Unrounded numbers, equal to Node's up to the last bits of the browser's Math.exp/log.
    const numbers = [cells[3], cells[4], cells[5], cells[8]].map(Number);
    const exact = [interval.estimate, interval.lower, interval.upper, mcnemarExactTest({ b: 12, c: 4 }).pTwoSided];
    numbers.forEach((value, index) => expect(Math.abs(value - exact[index]!)).toBeLessThan(1e-12));
    for (const format of ['PNG', 'SVG']) {
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: `Download ${format}` }).click();
      expect((await download).suggestedFilename()).toMatch(new RegExp(`\\.${format.toLowerCase()}$`));
    }
  });
});

test('paired comparison from a paired CSV: counts computed independently, bad rows summarised', async ({ page }) => {
  await page.goto('#/compare');
  // 600 examples, deterministic: A is right more often than B on both classes.
  const rows: string[] = ['example_id,label,prediction_a,prediction_b'];
  const expected = { yes: { b: 0, c: 0, n: 0 }, no: { b: 0, c: 0, n: 0 } };
  let seed = 42;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  for (let index = 0; index < 600; index++) {
    const label = index % 3 === 0;
    const a = random() < 0.93 ? label : !label;
    const b = random() < 0.85 ? label : !label;
    rows.push(`ex-${index},${label ? 'yes' : 'no'},${a ? 'true' : 'false'},${b ? 1 : 0}`);
    const table = expected[label ? 'yes' : 'no'];
    table.n += 1;
    if (a === label && b !== label) table.b += 1;
    if (a !== label && b === label) table.c += 1;
  }
  rows.push('ex-1,yes,yes,yes', 'ex-2,no,no,no', 'ex-9999,maybe,yes,no', 'ex-10000,yes,yes');
  await page.getByLabel('Name of detector A (prediction_a)').fill('New model');
  await page.getByLabel('Name of detector B (prediction_b)').fill('Old model');
  await page.getByLabel('Paired CSV file').setInputFiles({ name: 'pairs.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n')) });

  await expect(page).toHaveURL(
    new RegExp(`yesb=${expected.yes.b}&yesc=${expected.yes.c}&yesn=${expected.yes.n}&nob=${expected.no.b}&noc=${expected.no.c}&non=${expected.no.n}`),
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compare New model and Old model');
  await expect(page.getByTestId('design')).toContainText('Paired');
  // The page's default for 200 and 400 pairs a class: Tango's interval per class.
  const shown = compare({ kind: 'paired-balanced', tables: expected }, 0.05).interval;
  await expectDifference(page, shown);
  const problems = page.getByTestId('csv-problems');
  await expect(problems).toContainText('example_id repeats an earlier row (the first row with it is used): 2 rows (lines 602, 603)');
  await expect(problems).toContainText('label must be yes/no, true/false or 1/0: 1 row (line 604)');
  await expect(problems).toContainText('expected 4 fields like the header, got 3: 1 row (line 605)');
  await expect(page.getByText('600 paired examples used (200 should-be-YES, 400 should-be-NO); 4 rows left out:')).toBeVisible();

  // The link carries the counts, not the file: reopening it shows the same comparison.
  const url = page.url();
  await page.goto('about:blank');
  await page.goto(url);
  await expectDifference(page, shown);

  await page.getByLabel('Paired CSV file').setInputFiles({ name: 'wrong.csv', mimeType: 'text/csv', buffer: Buffer.from('id,label,prediction\n1,yes,yes\n') });
  await expect(page.getByRole('alert')).toContainText('missing example_id, prediction_a, prediction_b');

  // A later file with one class only: the earlier file's comparison does not stay above its summary.
  const oneClass = 'example_id,label,prediction_a,prediction_b\n1,yes,yes,no\n2,yes,no,no\n3,yes,yes,yes\n';
  await page.getByLabel('Paired CSV file').setInputFiles({ name: 'oneclass.csv', mimeType: 'text/csv', buffer: Buffer.from(oneClass) });
  await expect(page.getByText('Read oneclass.csv: 3 paired examples used (3 should-be-YES, 0 should-be-NO).')).toBeVisible();
  await expect(page).not.toHaveURL(/yesb=/);
  await expect(page.getByTestId('design')).toHaveCount(0);
  // A header and no rows is said to be empty.
  await page.getByLabel('Paired CSV file').setInputFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.from('example_id,label,prediction_a,prediction_b\n') });
  await expect(page.getByRole('alert')).toContainText('empty.csv has no paired examples to compare: it has a header and no rows.');
});

test.describe('from the detector list', () => {
  test('select two detectors, compare them', async ({ page }) => {
    await page.goto('#/');
    await expectSamplesListed(page);
    const [first, second] = [SAMPLES[0]!, SAMPLES[1]!];
    await page.getByRole('checkbox', { name: `Select ${first.name}` }).check();
    // Keyboard: Tab to the next checkbox and press Space.
    await page.getByRole('checkbox', { name: `Select ${second.name}` }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Compare 2 selected' }).click();
    await expect(page).toHaveURL(new RegExp(`#/compare\\?a=${first.id}&b=${second.id}`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Compare ${first.name} and ${second.name}`);
    await expect(page.getByTestId('design')).toContainText('Not paired');
    await expectDifference(page, unpairedBalanced(first, second, 0.05));
  });

  test('select several, rank them against a target by Buehler’s bounds (the default; Bonferroni), then against a reference (Holm)', async ({ page }) => {
    await page.goto('#/');
    await expectSamplesListed(page);
    const chosen = [SAMPLES[0]!, SAMPLES[1]!, SAMPLES[7]!, SAMPLES[8]!];
    for (const detector of chosen) await page.getByRole('checkbox', { name: `Select ${detector.name}` }).check();
    await page.getByRole('button', { name: 'Rank 4 selected' }).click();
    await expect(page).toHaveURL(/#\/rank\?/);
    await expect(page.getByTestId('family-wise')).toContainText('Family-wise error ≤ 0.05 across all 4 comparisons (Bonferroni): each lower bound is Buehler’s');
    await expect(page.getByTestId('winners-curse')).toContainText('the best-looking detector’s estimate is optimistic');
    const table = page.getByTestId('ranking-table');
    await expect(table.locator('tbody tr')).toHaveCount(4);
    for (const detector of chosen) {
      const lower = balancedBuehlerLowerBound(detector, 0.05 / 4);
      const row = table.locator('tbody tr').filter({ hasText: detector.name });
      await expect(row).toContainText(`≥ ${formatHonestPercent(lower, 'down')}`);
      await expect(row).toContainText(lower > 0.9 ? 'proven above' : 'not shown');
    }
    // Never below the union bound's simultaneous bounds.
    const union = simultaneousAboveTarget(chosen, 0.9, 0.05);
    chosen.forEach((detector, index) => expect(balancedBuehlerLowerBound(detector, 0.05 / 4)).toBeGreaterThanOrEqual(union[index]!.lower - 1e-12));
    await page.getByRole('radio', { name: 'A reference detector' }).check();
    await page.getByRole('combobox', { name: /^Reference detector/ }).selectOption(chosen[3]!.id);
    await expect(page.getByTestId('family-wise')).toContainText('across all 3 comparisons (Holm)');
    await expect(table.locator('tbody tr')).toHaveCount(3);
    const first = balancedDifferenceInterval(chosen[0]!, chosen[3]!, 0.05 / 3);
    const shown = formatDifferenceParts(first);
    await expect(table.locator('tbody tr').filter({ hasText: chosen[0]!.name })).toContainText(`[${shown.lower}, ${shown.upper}]`);

    // Exports: the ranking as CSV (method, m, δ and counts on every row) and the chart as SVG.
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export ranking (CSV)' }).click();
    const path = await (await csvDownload).path();
    const lines = readFileSync(path, 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe(
      'rank,detector_id,detector_name,against,estimate,lower,upper,p_value,holm_adjusted_p_value,verdict,m,delta,method,yes_correct,yes_total,no_correct,no_total,reference_yes_correct,reference_yes_total,reference_no_correct,reference_no_total',
    );
    expect(lines).toHaveLength(4);
    const row = lines.find((line) => line.includes(`,${chosen[0]!.id},`))!.split(',');
    expect(row.slice(3, 4).concat(row.slice(10))).toEqual([
      `reference ${chosen[3]!.id}`,
      '3',
      '0.05',
      'exact-unpaired-balanced-difference-bonferroni-holm',
      String(chosen[0]!.yes.correct),
      String(chosen[0]!.yes.total),
      String(chosen[0]!.no.correct),
      String(chosen[0]!.no.total),
      String(chosen[3]!.yes.correct),
      String(chosen[3]!.yes.total),
      String(chosen[3]!.no.correct),
      String(chosen[3]!.no.total),
    ]);
    expect(Math.abs(Number(row[5]) - first.lower)).toBeLessThan(1e-12);
    const svgDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download SVG' }).click();
    expect((await svgDownload).suggestedFilename()).toMatch(/\.svg$/);
  });
});

test.describe('links naming workspace detectors, opened in a fresh browser', () => {
  test('#/compare?a=<id>&b=<id> finds the sample detectors; a new δ is written back to the address', async ({ page }) => {
    const [a, b] = [SAMPLES[1]!, SAMPLES[9]!];
    await page.goto(`#/compare?a=${a.id}&b=${b.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Compare ${a.name} and ${b.name}`);
    await expectDifference(page, unpairedBalanced(a, b, 0.05));
    await page.getByRole('button', { name: '99%', exact: true }).click();
    await expectDifference(page, unpairedBalanced(a, b, 0.01));
    await expect(page).toHaveURL(new RegExp(`a=${a.id}&b=${b.id}.*delta=0\\.01`));
  });

  test('#/rank?ref=<id> ranks the whole sample workspace against it', async ({ page }) => {
    await page.goto(`#/rank?ref=${SAMPLES[1]!.id}`);
    const usable = SAMPLES.filter((detector) => detector.yes.total > 0 && detector.no.total > 0);
    await expect(page.getByTestId('family-wise')).toContainText(`across all ${usable.length - 1} comparisons (Holm)`);
    await expect(page.getByRole('alert')).toContainText('No examples in a class (balanced accuracy undefined), left out');
  });

  test('a detector with an empty class is named, in words, when it cannot be compared', async ({ page }) => {
    const empty = SAMPLES.find((detector) => detector.yes.total === 0 || detector.no.total === 0)!;
    const other = SAMPLES.find((detector) => detector.yes.total > 0 && detector.no.total > 0)!;
    const cls = empty.yes.total === 0 ? 'YES' : 'NO';
    await page.goto(`#/compare?a=${empty.id}&b=${other.id}`);
    await expect(page.getByRole('alert')).toContainText(`“${empty.name}” has no should-be-${cls} examples, so its balanced accuracy is undefined`);
    await expect(page.getByRole('alert')).not.toContainText('.total = 0');
  });

  test('the target field follows a ranking link opened in the same tab', async ({ page }) => {
    await page.goto('#/rank?target=0.95');
    const target = page.getByRole('textbox', { name: 'Target balanced accuracy (%)' });
    await expect(target).toHaveValue('95');
    await page.evaluate(() => {
      window.location.hash = '#/rank?target=0.8';
    });
    await expect(target).toHaveValue('80');
  });

  test('an id given twice is ranked once, and a reference alone is said to have nothing to compare with', async ({ page }) => {
    const [first, second] = SAMPLES.filter((detector) => detector.yes.total > 0 && detector.no.total > 0);
    await page.goto(`#/rank?target=0.9&ids=${first!.id},${first!.id},${second!.id}`);
    await expect(page.getByText(/^2 detectors, each/)).toBeVisible();
    await expect(page.getByTestId('ranking-table').locator('tbody tr')).toHaveCount(2);
    await page.goto(`#/rank?ref=${first!.id}&ids=${first!.id}`);
    await expect(page.getByRole('alert')).toContainText('Only the reference is here: there is nothing to compare it with.');
    await expect(page.getByTestId('family-wise')).toHaveCount(0);
  });
});

test.describe('accessibility and phone width', () => {
  const ROUTES = [
    '#/compare',
    '#/compare?b=12&c=4&n=200',
    '#/compare?yesb=12&yesc=3&yesn=200&nob=20&noc=8&non=300&ayes=190/200&ano=280/300&byes=181/200&bno=268/300&aname=A%20long%20detector%20name%20that%20wraps&bname=B',
    '#/compare?ayes=38/40&ano=55/60&byes=30/40&bno=50/60',
    '#/compare?ak=19&an=20&bk=13&bn=20',
  ];

  for (const route of ROUTES) {
    test(`axe clean in light and dark: ${route}`, async ({ page }) => {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test(`no sideways scrolling at 390 px: ${route}`, async ({ page }) => {
      await page.setViewportSize(PHONE);
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSidewaysScroll(page);
    });
  }

  test('at 390 px the difference chart’s text stays inside it and its two “better” labels apart', async ({ page }) => {
    await page.setViewportSize(PHONE);
    const [first, second] = SAMPLES.filter((detector) => detector.yes.total > 0 && detector.no.total > 0);
    await page.goto(`#/compare?a=${first!.id}&b=${second!.id}`);
    const chart = page.locator('svg.difference-chart').first();
    await expect(chart).toBeVisible();
    const { frame, texts } = await chart.evaluate((svg) => ({
      frame: (({ left, right }) => ({ left, right }))(svg.getBoundingClientRect()),
      texts: [...svg.querySelectorAll('text')].map((text) => (({ left, right, top }) => ({ left, right, top, content: text.textContent ?? '' }))(text.getBoundingClientRect())),
    }));
    for (const text of texts) expect(text.right, `“${text.content}” ends inside the chart`).toBeLessThanOrEqual(frame.right + 1);
    const left = texts.find((text) => text.content.startsWith('←'))!;
    const right = texts.find((text) => text.content.endsWith('→'))!;
    expect(left.top === right.top ? left.right <= right.left : true).toBe(true);
  });

  test('the ranking view: axe clean and no sideways scrolling at 390 px', async ({ page }) => {
    await page.goto('#/');
    await expectSamplesListed(page);
    // 0.57 × 100 is 56.99999999999999 in floating point: the page says 57%.
    await page.goto('#/rank?target=0.57');
    await expect(page.getByTestId('ranking-table')).toBeVisible();
    await expect(page.getByTestId('family-wise')).toContainText('is not above 57% is at most δ');
    await expect(page.getByText('a target balanced accuracy of 57%')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
  });
});

// Ranking 1,000 detectors computes 1,000 simultaneous bounds (Buehler's by default, shared out to a
// worker per core; by the union bound also Holm p-value searches): workers do it, so the page is never held (issue 12: ≤ 1 s, off the main thread).
test('ranking 1,000 detectors runs in a worker: the page is never held over 200 ms, and the ranking is there within seconds', { tag: '@timing' }, async ({ page }) => {
  test.setTimeout(120_000);
  await observeLongTasks(page);
  await page.goto('./');
  await expectSamplesListed(page);
  const rows = Array.from({ length: 1_000 }, (_, index) => {
    const yes = 100 + ((index * 997) % 9_900);
    const no = 100 + ((index * 7_919) % 9_900);
    return `Camera ${index},${Math.round(yes * (0.8 + ((index * 13) % 20) / 100))},${yes},${Math.round(no * (0.85 + ((index * 7) % 15) / 100))},${no}`;
  });
  await replaceDetectorsWithCsv(page, 'many.csv', rows);
  await page.waitForTimeout(1000);
  await expectObserverWorks(page);
  await takeLongTasks(page);
  const started = Date.now();
  await goToHash(page, '#/rank?target=0.9');
  await expect(page.getByTestId('family-wise')).toContainText('across all 1,000 comparisons (Bonferroni)', { timeout: 30_000 });
  const elapsed = Date.now() - started;
  await expect(page.getByTestId('ranking-table').locator('tbody tr')).toHaveCount(1_000);
  const longest = Math.max(0, ...(await takeLongTasks(page)));
  console.log(`ranking 1,000 detectors against a target: shown after ${elapsed} ms, longest task ${Math.round(longest)} ms`);
  expect(longest).toBeLessThanOrEqual(200);

  const switched = Date.now();
  await page.getByRole('radio', { name: 'A reference detector' }).check();
  await expect(page.getByTestId('family-wise')).toContainText('across all 999 comparisons (Holm)', { timeout: 30_000 });
  const againstReference = Date.now() - switched;
  const longestAgainstReference = Math.max(0, ...(await takeLongTasks(page)));
  console.log(`ranking 1,000 detectors against a reference: shown after ${againstReference} ms, longest task ${Math.round(longestAgainstReference)} ms`);
  expect(longestAgainstReference).toBeLessThanOrEqual(200);
});

test('hostile compare and rank links: no page error, no blank page, the bad parameter named', async ({ page }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const whole = ['-1', '4.5', 'abc', '1e3', '', '99999999999999999999', 'NaN', '0x10'];
  const counts = ['38-40', '41/40', 'a/b', '1e3/2000', '', '-1/2', '38/40/2', '9007199254740993/9007199254740993', '%2F', '0.5/1', '0/0'];
  const deltas = ['5e-324', '0', '1', '-0.05', 'abc', '', 'Infinity', '<script>alert(1)</script>'];
  const ids = ['has space', '', '../x', '<b>x</b>', 'x'.repeat(101)];
  const bases: { route: string; base: Record<string, string>; bad: Record<string, string[]> }[] = [
    { route: 'compare', base: { b: '12', c: '4', n: '200', delta: '0.05' }, bad: { b: whole, c: whole, n: [...whole, '0'], delta: deltas } },
    {
      route: 'compare',
      base: { yesb: '12', yesc: '3', yesn: '200', nob: '20', noc: '8', non: '300' },
      bad: { yesb: whole, yesc: ['x', '-3'], non: ['0', 'x'] },
    },
    { route: 'compare', base: { ayes: '38/40', ano: '55/60', byes: '30/40', bno: '50/60' }, bad: { ayes: counts, bno: counts } },
    { route: 'compare', base: { ak: '38', an: '40', bk: '30', bn: '40' }, bad: { ak: [...whole, '41'], bn: whole } },
    { route: 'compare', base: { a: SAMPLES[0]!.id, b: SAMPLES[1]!.id }, bad: { a: ids, b: ids, aname: ['x'.repeat(201)] } },
    { route: 'rank', base: { target: '0.9', delta: '0.05' }, bad: { target: ['-0.1', '1.5', 'abc', '', 'NaN'], delta: deltas, ids: [',', 'a b'] } },
    { route: 'rank', base: { ref: SAMPLES[0]!.id }, bad: { ref: ids.filter((id) => id !== 'x'.repeat(101)) } },
  ];
  await page.goto('#/compare');
  for (const { route, base, bad } of bases) {
    for (const [param, values] of Object.entries(bad)) {
      for (const value of values) {
        const href = `#/${route}?${new URLSearchParams({ ...base, [param]: value }).toString()}`;
        await goToHash(page, href);
        await expect(page.getByRole('heading', { level: 1 }), href).toBeVisible();
        await expect(page.getByRole('alert').locator('code', { hasText: new RegExp(`^${param}$`) }).first(), href).toBeVisible();
      }
    }
  }
  expect(errors).toEqual([]);
});
