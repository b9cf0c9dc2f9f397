import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { SAMPLES, expectSamplesListed, replaceDetectorsWithCsv } from './dashboard-helpers';
import { formatIntervalParts } from '../src/data/format/format';
import { balancedBuehlerInterval } from '../src/stats';

/** The PNG file signature: the first eight bytes of every PNG. */
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * Clicks a picture's download button and returns the file's bytes; if the picture reports a problem
 * instead, fails at once with its message (rather than waiting out the test for a file).
 */
async function downloaded(page: Page, group: Locator, button: Locator): Promise<Buffer> {
  const download = page.waitForEvent('download');
  await button.click();
  const problem = group.getByRole('alert');
  // Whichever comes second is left waiting until the page closes; its rejection then is expected.
  const reported = problem.waitFor().then(() => problem.textContent());
  download.catch(() => undefined);
  reported.catch(() => undefined);
  const settled = await Promise.race([download, reported]);
  if (typeof settled === 'string' || settled === null) throw new Error(`no download: ${settled}`);
  return readFileSync((await settled.path())!);
}

/**
 * Both downloads of one picture: the SVG parses (in the page's own XML parser) and says the caption
 * and title; the PNG has a PNG signature and twice the SVG's size.
 */
async function expectPictureDownloads(page: Page, title: RegExp, captionWords: readonly string[]) {
  const group = page.getByRole('group', { name: title });
  await expect(group).toBeVisible();
  const svg = (await downloaded(page, group, group.getByRole('button', { name: 'Download SVG' }))).toString('utf8');
  const parsed = await page.evaluate((text) => {
    const document = new DOMParser().parseFromString(text, 'image/svg+xml');
    const root = document.documentElement;
    return {
      error: document.getElementsByTagName('parsererror').length > 0,
      root: root.localName,
      width: Number(root.getAttribute('width')),
      height: Number(root.getAttribute('height')),
      text: root.textContent ?? '',
      variables: /var\(--/.test(text),
    };
  }, svg);
  expect(parsed.error, 'the SVG parses').toBe(false);
  expect(parsed.root).toBe('svg');
  expect(parsed.variables, 'no CSS variables left in the file').toBe(false);
  expect(parsed.text).toMatch(title);
  for (const words of captionWords) expect(parsed.text).toContain(words);

  const png = await downloaded(page, group, group.getByRole('button', { name: 'Download PNG' }));
  expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  // IHDR: width and height as big-endian 32-bit integers at bytes 16 and 20.
  expect(png.readUInt32BE(16)).toBe(parsed.width * 2);
  expect(png.readUInt32BE(20)).toBe(parsed.height * 2);
}

test.describe('chart pictures', () => {
  test('the details view downloads its intervals as PNG and SVG with a caption', async ({ page }) => {
    await page.goto('./#/counts?yes=38/40&no=55/60&delta=0.05');
    await expectPictureDownloads(page, /Accuracy from counts/, ['38/40', '55/60', 'δ = 0.05', 'Clopper–Pearson', 'never wider than the union bound (Buehler']);
  });

  test('the tail explorer downloads its PMF and CDF plots', async ({ page }) => {
    await page.goto('./#/explore?n=100&k=80&p=0.83&delta=0.05&mode=upper');
    await expectPictureDownloads(page, /Binomial tail: 80 of 100 correct/, ['N = 100', '0.05', 'Clopper–Pearson']);
  });

  test('the coverage curve and the heat map download', async ({ page }) => {
    await page.goto('./#/coverage?n=30&delta=0.05&methods=clopper_pearson,wilson,wald&yes=10&no=10');
    await expectPictureDownloads(page, /Exact coverage of one proportion’s interval, n = 30/, ['n = 30', 'δ = 0.05', 'Wilson score', 'Wald']);
    await expectPictureDownloads(page, /Exact coverage of the balanced interval, 10 should-be-YES × 10 should-be-NO/, [
      'union bound',
      'δ = 0.05',
    ]);
  });

  test('the posterior and planner charts download', async ({ page }) => {
    await page.goto('./#/posterior?tp=41&fn=4&tn=3&fp=7&delta=0.05');
    await expectPictureDownloads(page, /Posterior of the balanced and the plain accuracy, TP 41, FN 4, TN 3, FP 7/, ['Brodersen', 'δ = 0.05']);
    await page.goto('./#/plan?yes=38/40&no=55/60&delta=0.05&target=0.9');
    await expectPictureDownloads(page, /Labels to prove the balanced accuracy: target 90/, ['38/40', '55/60', 'δ = 0.05', 'never wider than the union bound (Buehler)']);
  });
});

/** What a printed page shows: the PDF's text (pages split by form feeds) and its pages as RGB images. */
interface Printed {
  pages: string[];
  images: { width: number; height: number; rgb: Buffer }[];
}

/** A4 in CSS pixels (96 per inch); the PDF is printed without margins, so print layout at this width is the paper's. */
const A4 = { width: 794, height: 1123 };
/** Resolution of the page images: pixels per CSS pixel = DPI / 96. */
const DPI = 96;

/** Prints the page to PDF (backgrounds off, as browsers print by default) and reads it with poppler's pdftotext and pdftoppm. */
async function printed(page: Page): Promise<Printed> {
  const folder = mkdtempSync(join(tmpdir(), 'tailbound-print-'));
  const pdf = join(folder, 'page.pdf');
  await page.pdf({ path: pdf, format: 'A4', printBackground: false });
  const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
  execFileSync('pdftoppm', ['-r', String(DPI), pdf, join(folder, 'page')]);
  const pageCount = text.split('\f').length - 1;
  const images = Array.from({ length: pageCount }, (_, index) => {
    const name = join(folder, `page-${String(index + 1).padStart(String(pageCount).length, '0')}.ppm`);
    return readPpm(readFileSync(name));
  });
  return { pages: text.split('\f').slice(0, pageCount), images };
}

/** A binary PPM (P6): "P6 width height 255" and then the RGB bytes. */
function readPpm(file: Buffer) {
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(file.subarray(0, 40).toString('latin1'))!;
  return { width: Number(header[1]), height: Number(header[2]), rgb: file.subarray(header[0].length) };
}

/** How many pixels of the printed pages are close to a colour: the bars are the only things drawn in the series colours. */
function pixelsNear(printedPages: Printed, [red, green, blue]: readonly [number, number, number]): number {
  let count = 0;
  for (const { rgb } of printedPages.images) {
    for (let at = 0; at + 2 < rgb.length; at += 3) {
      if (Math.abs(rgb[at]! - red) + Math.abs(rgb[at + 1]! - green) + Math.abs(rgb[at + 2]! - blue) < 60) count += 1;
    }
  }
  return count;
}

/**
 * The interval bands on the first printed page, where print layout puts them, and that each is
 * filled with its series colour in the PDF's image: the bars print though backgrounds do not.
 */
async function expectBandsPrinted(page: Page, paper: Printed, bands: { selector: string; color: readonly [number, number, number] }[]) {
  await page.setViewportSize(A4);
  await page.emulateMedia({ media: 'print' });
  const image = paper.images[0]!;
  for (const { selector, color } of bands) {
    const boxes = await page.locator(selector).evaluateAll((elements) =>
      elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect).filter((box) => box.bottom < 1100 && box.width >= 4),
    );
    expect(boxes.length, `${selector} on the first page`).toBeGreaterThan(0);
    for (const box of boxes) {
      // The band's inner half, away from its edges and the estimate mark.
      let inColor = 0;
      let all = 0;
      for (let y = box.top + box.height * 0.3; y <= box.top + box.height * 0.7; y += 1) {
        for (let x = box.left + box.width * 0.1; x <= box.left + box.width * 0.3; x += 1) {
          const at = (Math.round(y * (DPI / 96)) * image.width + Math.round(x * (DPI / 96))) * 3;
          const [red, green, blue] = [image.rgb[at]!, image.rgb[at + 1]!, image.rgb[at + 2]!];
          if (Math.abs(red - color[0]) + Math.abs(green - color[1]) + Math.abs(blue - color[2]) < 60) inColor += 1;
          all += 1;
        }
      }
      expect(inColor / all, `${selector} at (${Math.round(box.left)}, ${Math.round(box.top)}) is drawn on paper`).toBeGreaterThan(0.8);
    }
  }
  await page.emulateMedia({ media: 'screen' });
}

/** The light theme's series colours (paper is always light). */
const BALANCED = [0x5b, 0x3f, 0xa8] as const;
const YES = [0x0f, 0x7a, 0x5c] as const;
const NO = [0xb3, 0x47, 0x00] as const;

/** A workspace of `count` detectors, planted as an earlier version's localStorage save (it moves to IndexedDB on load). */
async function plantWorkspace(page: Page, count: number) {
  const detectors = Array.from({ length: count }, (_, index) => ({
    id: `camera-${index}`,
    name: `Camera ${String(index).padStart(3, '0')} forklift`,
    query: `Is there a forklift in front of camera ${index}?`,
    yes: { correct: 30 + (index % 11), total: 41 },
    no: { correct: 50 + (index % 9), total: 59 },
  }));
  await page.addInitScript((planted) => {
    if (sessionStorage.getItem('planted')) return;
    sessionStorage.setItem('planted', 'yes');
    const state = { detectors: planted, delta: 0.05, sort: 'name', showUnionBounds: false, seeded: true };
    localStorage.setItem('tailbound.workspace', JSON.stringify({ version: 1, state }));
  }, detectors);
  return detectors;
}

const INTERVAL = /\[\d+(?:\.\d+)?%, \d+(?:\.\d+)?%\]/g;

test.describe('printing', () => {
  test('the windowed detector list prints every row, whole intervals and its bars, without controls', async ({ page }) => {
    await page.setViewportSize(A4);
    const detectors = await plantWorkspace(page, 150);
    await page.goto('./#/');
    await expect(page.getByRole('status').filter({ hasText: /^\d+ detectors$/ })).toHaveText('150 detectors');
    // On screen the list is windowed: far fewer rows than detectors.
    expect(await page.locator('.detector-table tbody tr:not(.detector-table__spacer)').count()).toBeLessThan(100);
    const paper = await printed(page);
    const text = paper.pages.join('\n');
    for (const detector of detectors) expect(text, detector.name).toContain(detector.name);
    expect(text.match(INTERVAL)?.length ?? 0).toBeGreaterThanOrEqual(detectors.length);
    expect(text).not.toMatch(/\[\d+(?:\.\d+)?%, \d+(?:\.\d*)?\s*$/m);
    for (const control of ['Import', 'Share workspace', 'Theme']) expect(text).not.toContain(control);
    // The mini bars print, drawn with borders where a background would be left out.
    await expectBandsPrinted(page, paper, [{ selector: '.interval-bar__band', color: BALANCED }]);
  });

  test('a detector prints its figures and all three bars, without controls', async ({ page }) => {
    await page.setViewportSize(A4);
    const sample = SAMPLES.find((detector) => detector.yes.total > 0 && detector.no.total > 0 && detector.yes.correct < detector.yes.total)!;
    await page.goto('./#/');
    await expectSamplesListed(page);
    await page.goto(`./#/detectors/${sample.id}`);
    await expect(page.getByRole('heading', { level: 1, name: sample.name })).toBeVisible();
    const paper = await printed(page);
    const text = paper.pages.join('\n');
    expect(text).toContain('Balanced accuracy');
    expect(text).toContain(`${sample.yes.correct}/${sample.yes.total}`);
    expect(text).toMatch(INTERVAL);
    for (const control of ['Copy link', 'Delete detector', 'Download PNG', 'Export']) expect(text).not.toContain(control);
    await expectBandsPrinted(page, paper, [
      { selector: '.accuracy-card--balanced .interval-bar__band', color: BALANCED },
      { selector: '.accuracy-card--yes .interval-bar__band', color: YES },
      { selector: '.accuracy-card--no .interval-bar__band', color: NO },
    ]);
  });

  test('the report prints every detector on its own page with its checklist, bars and reading', async ({ page }) => {
    await page.goto('./#/');
    await expectSamplesListed(page);
    await page.goto('./#/report?delta=0.05');
    await expect(page.getByRole('heading', { level: 1, name: 'Report: all detectors' })).toBeVisible();
    // A sample detector has 9,800 labels in a class: its inverted intervals come from a worker first.
    await expect(page.getByRole('heading', { level: 2, name: SAMPLES[0]!.name })).toBeVisible();
    const paper = await printed(page);
    for (const detector of SAMPLES) {
      const own = paper.pages.find((text) => text.trimStart().startsWith(detector.name));
      expect(own, `a page starting with ${detector.name}`).toBeDefined();
      for (const item of ['Test set', 'Should-be-YES', 'Should-be-NO', 'Method', 'Confidence', 'Date', 'Data source', 'Interpretation']) {
        expect(own, `${detector.name}: ${item}`).toContain(item);
      }
    }
    const text = paper.pages.join('\n');
    expect(text).toContain(`δ/${SAMPLES.length} ≈`);
    for (const control of ['Print or save as PDF', 'Copy as Markdown', 'Download SVG']) expect(text).not.toContain(control);
    for (const color of [BALANCED, YES, NO]) expect(pixelsNear(paper, color)).toBeGreaterThan(SAMPLES.length * 10);
  });
});

test.describe('report view', () => {
  test('one detector from counts: its checklist, and the table copied as Markdown', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('./#/report?yes=38/40&no=55/60&name=Pallet%20overhang&delta=0.05');
    await expect(page.getByRole('heading', { level: 1, name: 'Report: Pallet overhang' })).toBeVisible();
    await expect(page.getByText('No correction: this report has one detector.')).toBeVisible();
    await page.getByRole('button', { name: 'Copy as Markdown' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Markdown table copied' })).toBeVisible();
    const markdown = await page.evaluate(() => navigator.clipboard.readText());
    // The default balanced interval, Buehler's, rounded outward.
    const buehler = formatIntervalParts(balancedBuehlerInterval({ yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } }, 0.05));
    expect(markdown).toContain(
      `| Pallet overhang | Balanced accuracy | YES 38/40, NO 55/60 | ${buehler.estimate} | [${buehler.lower}, ${buehler.upper}] | exact, never wider than the union bound (Buehler; δ/2 per side) |`,
    );
    await expectPictureDownloads(page, /Accuracy of “Pallet overhang”/, ['38/40', '55/60', 'δ = 0.05']);
  });

  test('at δ = 1e-300 with several detectors: no empty simultaneous column, and the table says why', async ({ page }) => {
    await page.goto('./#/');
    await expectSamplesListed(page);
    await page.goto('./#/report?delta=1e-300');
    await expect(page.getByRole('heading', { level: 2, name: SAMPLES[0]!.name })).toBeVisible();
    const table = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Metric' }) });
    await expect(table.getByRole('columnheader')).toHaveText(['Detector', 'Metric', 'Correct / total', 'Estimate', /interval$/, 'Method']);
    await expect(table.locator('caption')).toContainText(`no simultaneous intervals: δ/${SAMPLES.length} ≈`);
  });

  test('a report link opened first in a fresh browser shows the sample detectors, as the other views do', async ({ page }) => {
    await page.goto(`./#/report?id=${SAMPLES[0]!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Report: ${SAMPLES[0]!.name}` })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: SAMPLES[0]!.name })).toBeVisible();
  });

  test('one detector of the workspace by id', async ({ page }) => {
    await page.goto('./#/');
    await expectSamplesListed(page);
    await page.goto(`./#/report?id=${SAMPLES[0]!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Report: ${SAMPLES[0]!.name}` })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: SAMPLES[0]!.name })).toBeVisible();
  });

  test('the whole workspace passes axe in light and dark', async ({ page }) => {
    await page.goto('./#/');
    await expectSamplesListed(page);
    await page.goto('./#/report');
    await expect(page.getByRole('heading', { level: 2, name: SAMPLES[0]!.name })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test.describe('at phone width', () => {
    test.use({ viewport: { width: 375, height: 812 } });
    test('large detectors: the report says it is computing their intervals, with progress and δ, axe clean, no sideways scroll', async ({ page }) => {
      // The workers never start (their script never arrives): the waiting page stays up to be checked.
      await page.route('**/expensive-balanced.worker-*.js', () => {});
      await page.goto('./#/');
      await expectSamplesListed(page);
      await replaceDetectorsWithCsv(page, 'large.csv', ['Large A,4500,5000,2900,3000', 'Large B,4100,5000,2990,3000', 'Large C,4800,5000,2700,3000']);
      await page.goto('./#/report');
      await expect(page.getByRole('status').filter({ hasText: 'Computing the exact 95% intervals (Buehler’s, never wider than the union bound) of 3 detectors in the background: 0% done.' })).toBeVisible();
      await expect(page.getByRole('progressbar', { name: 'Intervals computed' })).toBeVisible();
      await expect(page.getByRole('group', { name: 'Confidence presets' })).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
      await expectNoAxeViolations(page);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      }
    });

    test('the report does not scroll sideways', async ({ page }) => {
      await page.goto('./#/');
      await expectSamplesListed(page);
      await page.goto('./#/report');
      await expect(page.getByRole('heading', { level: 2, name: SAMPLES[0]!.name })).toBeVisible();
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      }
    });
  });
});
