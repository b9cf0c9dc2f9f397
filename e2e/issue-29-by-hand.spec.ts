/**
 * Issue 29, "Found by hand": what a new user hit, each asserted on the production build.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { SAMPLES, expectSamplesListed } from './dashboard-helpers';
import { sharedWorkspaceHref } from '../src/data/links/workspace-link';

const DIR = mkdtempSync(join(tmpdir(), 'tailbound-issue29-'));

/** A per-example file with a prediction column (score ≥ 0.5), a probability score and a held-out split. */
function writeScoredFile(name: string): string {
  const lines = ['label,prediction,score,split'];
  for (let i = 0; i < 80; i += 1) {
    const truth = i % 2 === 0;
    const score = Number(((truth ? 0.35 : 0.05) + ((i * 37) % 60) / 100).toFixed(3));
    lines.push(`${truth ? 'yes' : 'no'},${score >= 0.5 ? 'yes' : 'no'},${score},${i % 4 === 0 ? 'tune' : 'test'}`);
  }
  const path = join(DIR, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

async function openDataFile(page: Page, path: string) {
  await page.goto('./#/data');
  await page.getByLabel('Open a per-example results file').setInputFiles(path);
  await expect(page.getByRole('table', { name: /^Per detector/ })).toBeVisible({ timeout: 30_000 });
}

test('By threshold opens on no threshold and reports no held-out rows until one is picked', async ({ page }) => {
  await openDataFile(page, writeScoredFile('scored.csv'));
  const picker = page.getByLabel('Threshold', { exact: true });
  await expect(picker).toBeVisible({ timeout: 30_000 });
  await expect(picker).toHaveValue('');
  await expect(page.getByText(/^No threshold chosen yet: pick one to see its counts and its accuracy on the held-out rows\.$/)).toBeVisible();
  await expect(page.getByText(/^Held out \(/)).toHaveCount(0);
  await expect(page.getByText(/^At score ≥ /)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Count with score ≥ this threshold' })).toBeDisabled();
  // Picking one shows its counts, and its accuracy on the held-out rows.
  await picker.selectOption('100');
  await expect(page.getByText(/^At score ≥ /)).toBeVisible();
  await expect(page.getByText(/Held out \(split ≠ “tune”/).first()).toBeVisible({ timeout: 30_000 });
});

test('an import keeps the detector’s question and shows where the counts came from, in the details and the report', async ({ page }) => {
  await page.goto('./#/');
  await expectSamplesListed(page);
  const file = { schema: 'tailbound.detectors', version: 1, detectors: [{ id: 'multi', name: 'multi', query: 'Is a pallet overhanging the rack?', yes: { correct: 1, total: 2 }, no: { correct: 1, total: 2 } }] };
  await page.getByLabel('Detectors file to import').setInputFiles({ name: 'mine.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
  await page.getByRole('region', { name: 'Preview of mine.json' }).getByRole('button', { name: 'Replace all detectors with these…' }).click();
  await page.getByRole('button', { name: 'Yes, replace them' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^1 detector$/ })).toBeVisible();

  await openDataFile(page, writeScoredFile('multi.csv'));
  await page.getByRole('button', { name: /^Import 1 detector$/ }).click();
  await expect(page.getByText(/^Imported into the workspace: 1 updated\./)).toBeVisible();

  await page.goto('./#/detectors/multi');
  await expect(page.getByText('Query: “Is a pallet overhanging the rack?”')).toBeVisible();
  const today = new Date().toLocaleDateString('en-CA').slice(0, 4);
  await expect(page.getByText(new RegExp(`^Data source: multi\\.csv, 80 usable of 80 rows, imported ${today}-`))).toBeVisible();

  await page.goto('./#/report?id=multi');
  const checklist = page.locator('.report-checklist');
  await expect(checklist.locator('dt', { hasText: 'Data source' })).toBeVisible();
  await expect(checklist).toContainText(new RegExp(`multi\\.csv, 80 usable of 80 rows, imported ${today}-`));
  await expect(page.getByText('Query: “Is a pallet overhanging the rack?”')).toBeVisible();
});

test.describe('the printed report stands alone', () => {
  test('Method cells are one line, names break between words, and nothing points to the README', async ({ page }) => {
    await page.setViewportSize({ width: 794, height: 1123 });
    await page.goto('./#/');
    await expectSamplesListed(page);
    await page.goto('./#/report?balanced=buehler');
    await expect(page.locator('.report-table tbody th')).toHaveCount(SAMPLES.length, { timeout: 60_000 });
    await page.emulateMedia({ media: 'print' });
    const layout = await page.evaluate(() => {
      const lines = (element: Element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        return tops.size;
      };
      const methods = [...document.querySelectorAll('.report-table tbody td:last-child')].map((cell) => ({ text: cell.textContent, lines: lines(cell) }));
      // A word broken inside: its letters' boxes lie on more than one line.
      const brokenWords: string[] = [];
      for (const cell of document.querySelectorAll('.report-table tbody th, .report-detector h2')) {
        const node = cell.firstChild;
        if (!node || node.nodeType !== Node.TEXT_NODE) continue;
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/[^\s-]+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (tops.size > 1) brokenWords.push(match[0]);
        }
      }
      return { methods, brokenWords };
    });
    expect(layout.methods.length).toBeGreaterThan(0);
    for (const method of layout.methods) expect(method.lines, `“${method.text}” on one line`).toBe(1);
    expect(layout.brokenWords).toEqual([]);

    const pdf = join(DIR, 'report.pdf');
    await page.pdf({ path: pdf, format: 'A4', printBackground: false });
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    expect(text).not.toMatch(/README/i);
    // Each short method name is spelled out on the page.
    expect(text).toMatch(/Buehler:\s+exact, never wider than the union bound/);
    expect(text).toMatch(/Clopper–Pearson:\s+exact central/);
  });
});

test('a shared workspace with the same detectors as mine says they are already in it', async ({ page }) => {
  await page.goto('./#/');
  await expectSamplesListed(page);
  const shared = await sharedWorkspaceHref({ detectors: SAMPLES, delta: 0.05, sort: 'estimate', filter: '', balancedMethod: 'buehler', showUnionBounds: false });
  if (!shared.ok) throw new Error(shared.message);
  await page.goto(`./${shared.href}`);
  await expect(page.getByRole('button', { name: `Add to my workspace: ${SAMPLES.length} already in your workspace` })).toBeVisible();
  await expect(page.getByRole('button', { name: /updated/ })).toHaveCount(0);
});

for (const link of ['n=40&k=40&mode=lower', 'n=1000000&k=999600&mode=upper']) {
  test(`the explorer’s right-hand axis labels stay inside the picture (${link})`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`./#/explore?${link}`);
    const plots = page.locator('.tail-plots');
    // The last count tick's accuracy: "100%" at N, "99.984%" at N = 10⁶'s window end.
    await expect(plots.locator('svg text', { hasText: /%$/ }).last()).toBeVisible({ timeout: 20_000 });
    const overflow = await plots.evaluate((root) =>
      [...root.querySelectorAll('svg')].flatMap((svg) => {
        const edge = svg.getBoundingClientRect().right;
        return [...svg.querySelectorAll('text')].filter((text) => text.getBoundingClientRect().right > edge + 0.5).map((text) => text.textContent);
      }),
    );
    expect(overflow).toEqual([]);
  });
}

test('Rank is in the navigation, which stays on one line on a 1280 px laptop', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('./#/');
  const menu = page.getByRole('navigation', { name: 'Main' });
  const rank = menu.getByRole('link', { name: 'Rank', exact: true });
  await expect(rank).toBeInViewport({ ratio: 1 });
  const [first, last] = [(await menu.getByRole('link').first().boundingBox())!, (await rank.boundingBox())!];
  expect(Math.abs(last.y - first.y)).toBeLessThan(2);
  await rank.click();
  await expect(page).toHaveURL(/#\/rank/);
});

test('the posterior view calls its interval credible, and δ the posterior probability outside it', async ({ page }) => {
  await page.goto('./#/posterior?tp=41&fn=4&tn=3&fp=7');
  await expect(page.getByLabel('δ (posterior probability outside the interval)')).toHaveValue('0.05');
  await expect(page.getByLabel('δ (chance the interval misses)')).toHaveCount(0);
  await expect(page.getByText(/^Credible level:/)).toBeVisible();
  await expect(page.getByText(/^Confidence level:/)).toHaveCount(0);
});

test('a zoomed bar’s picture draws the break on its axis', async ({ page }) => {
  await page.goto('./#/counts?yes=998970/1000000&no=999500/1000000');
  const group = page.getByRole('group', { name: /Accuracy from counts/ });
  const download = page.waitForEvent('download');
  await group.getByRole('button', { name: 'Download SVG' }).click();
  const svg = readFileSync((await (await download).path())!, 'utf8');
  expect(svg).toContain('zoomed: scale');
  const breaks = await page.evaluate((text) => {
    const root = new DOMParser().parseFromString(text, 'image/svg+xml');
    return [...root.querySelectorAll('[data-axis-break]')].map((mark) => mark.querySelectorAll('line').length);
  }, svg);
  expect(breaks.length).toBeGreaterThan(0);
  for (const strokes of breaks) expect(strokes).toBe(2);
});

test.describe('phones (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the list shows each interval whole, under the name', async ({ page }) => {
    await page.goto('./#/');
    await expectSamplesListed(page);
    const first = page.locator('.detector-table tbody tr:not(.detector-table__spacer)').first();
    const interval = first.locator('.detector-table__phone-interval');
    await expect(interval).toBeVisible();
    await expect(interval).toHaveText(/^\d+(\.\d+)?% \[\d+(\.\d+)?%, \d+(\.\d+)?%\]$/);
    const box = (await interval.boundingBox())!;
    const scroller = (await page.locator('.detector-table-scroll').boundingBox())!;
    const textWidth = await interval.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return range.getBoundingClientRect().right;
    });
    expect(box.x).toBeGreaterThanOrEqual(scroller.x);
    expect(textWidth).toBeLessThanOrEqual(scroller.x + scroller.width);
  });
});
