import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { expectSamplesListed } from './dashboard-helpers';
import { readWorkspaceDb, WORKSPACE_KEY } from './workspace-db';

/** Issue 31's acceptance link: a 3-class detector from its confusion matrix. */
const LINK = '#/counts?classes=cat,dog,bird&matrix=50,2,1;3,40,2;0,1,30';
const PHONE = { width: 390, height: 844 };

/** The issue's numbers, as the app formats them (bird's interval needs two decimals: its upper bound 99.918% would read 100.0%). */
async function expectIssueNumbers(page: Page) {
  const macro = page.getByRole('region', { name: 'Balanced accuracy (macro recall)' });
  // Buehler's interval (the default, from a worker) beside the union bound's at δ/(2K).
  await expect(macro.getByTestId('estimate')).toHaveText('93.3%');
  await expect(macro.getByTestId('lower')).toHaveText('86.3%');
  await expect(macro.getByTestId('upper')).toHaveText('98.4%');
  await expect(macro.getByText(/95% interval, exact, never wider than the union bound \(Buehler ordered by the union bound; δ\/2 per side\), δ = 0\.05/)).toBeVisible();
  await expect(macro.getByRole('img', { name: /^Balanced accuracy \(macro recall\): 93\.3%, 95% interval 86\.3% to 98\.4% \(exact, never wider than the union bound \(Buehler/ })).toBeVisible();
  await expect(macro.getByTestId('union-lower')).toHaveText('78.2%');
  await expect(macro.getByTestId('union-upper')).toHaveText('98.8%');
  await expect(macro.getByText(/95% interval, exact union bound \(one-sided bounds at δ\/6 each\), δ = 0\.05/)).toBeVisible();
  await expect(macro.getByRole('img', { name: /^Balanced accuracy \(macro recall\), union bound: 93\.3%, 95% interval 78\.2% to 98\.8% \(exact union bound/ })).toBeVisible();
  await expect(macro.getByTestId('limiting-class')).toContainText('bird limits the union bound’s lower bound most');
  const recalls = { cat: 'Recall 94.3% [84.3%, 98.9%]', dog: 'Recall 88.9% [75.9%, 96.3%]', bird: 'Recall 96.77% [83.29%, 99.92%]' };
  for (const [name, text] of Object.entries(recalls)) {
    const card = page.getByRole('region', { name, exact: true });
    await expect(card.locator('.figure')).toHaveText(text);
    await expect(card.getByRole('img', { name: new RegExp(`^${name} recall: .*exact central \\(Clopper–Pearson\\), δ = 0\\.05`) })).toBeVisible();
  }
  // Each class's band has a colour of its own (a self-referencing --yes once left the first one blank).
  const bands = await page.locator('.multiclass-card .interval-bar__band').evaluateAll((spans) => spans.map((span) => getComputedStyle(span).backgroundColor));
  expect(new Set(bands).size, bands.join(' / ')).toBe(3);
  expect(bands).not.toContain('rgba(0, 0, 0, 0)');
}

test('the issue’s link: macro recall, per-class recall and precision, the δ/(2K) bounds, an edit of the matrix rewrites the link; axe clean', async ({ page }) => {
  await page.goto(`./${LINK}`);
  await expectIssueNumbers(page);
  await page.getByLabel(/Show each class’s precision/).check();
  await expect(page.getByRole('region', { name: 'dog', exact: true }).getByText(/40\/43 dog answers right/)).toBeVisible();
  await page.getByLabel(/Show the per-class bounds/).check();
  await expect(page.getByText(/^cat \(50\/53\): lower 81\.8%, upper 99\.3%/)).toBeVisible();
  await expectNoAxeViolations(page);
  // The intervals as CSV, in the export's columns: the macro recall, then each class's recall and precision.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export intervals (CSV)' }).click();
  expect((await download).suggestedFilename()).toBe('classes-intervals-delta-0.05.csv');
  const csv = readFileSync(await (await download).path(), 'utf8').split('\r\n');
  expect(csv[0]).toBe('\uFEFFdetector_id,detector_name,metric,correct,total,estimate,lower,upper,confidence,method,prevalence,volume');
  expect(csv[1]).toMatch(/^counts,"Confusion matrix of cat, dog, bird",balanced,120,129,0\.933\d*,0\.782\d*,0\.987\d*,0\.95,exact-union-bound,,$/);
  expect(csv[4]).toMatch(/^counts,"Confusion matrix of cat, dog, bird",recall:dog,40,45,0\.888\d*,0\.759\d*,0\.962\d*,0\.95,exact-central,,$/);
  expect(csv[7]).toMatch(/^counts,"Confusion matrix of cat, dog, bird",precision:bird,30,33,[\d.]+,[\d.]+,[\d.]+,0\.95,exact-central-given-answers,,$/);
  expect(csv).toHaveLength(9);
  // The same as a Markdown table, for pull requests and model cards.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy as Markdown' }).click();
  await expect(page.getByText('Markdown table copied to the clipboard.')).toBeVisible();
  const markdown = await page.evaluate(() => navigator.clipboard.readText());
  expect(markdown).toContain('| Confusion matrix of cat, dog, bird | macro recall (balanced accuracy) | 120 / 129 | 93.3% [78.2%, 98.8%] | exact-union-bound |');
  expect(markdown).toContain('| bird | recall | 30 / 31 | 96.77% [83.29%, 99.92%] | exact-central |');
  // The label plan (a worker): 90% by default, then 95% (beyond the mean recall), which the link keeps.
  const plan = page.getByRole('region', { name: 'Labels to prove a macro recall' });
  await expect(plan.getByRole('status')).toContainText('To prove a macro recall ≥ 90.0% at 95% confidence: 1,169 more labels (cat +480, dog +408, bird +281)');
  await plan.getByLabel('Lower bound must reach').fill('95%');
  await expect(page).toHaveURL(/&target=0\.95$/);
  await expect(plan.getByRole('status')).toContainText('No number of labels proves a macro recall ≥ 95.0% at 95% confidence');
  await plan.getByLabel('Lower bound must reach').fill('90%');

  const field = page.getByLabel('dog examples answered cat');
  await field.fill('13');
  await expect(page).toHaveURL(/#\/counts\?classes=cat,dog,bird&matrix=50,2,1;13,40,2;0,1,30&delta=0\.05&target=0\.9$/);
  await expect(page.getByRole('region', { name: 'dog', exact: true }).locator('.figure').first()).toHaveText('Recall 72.7% [59.0%, 83.9%]');
  await page.reload();
  await expect(page.getByLabel('dog examples answered cat')).toHaveValue('13');
  // The two-class link reads as before.
  await page.goto('./#/counts?yes=38/40&no=55/60');
  await expect(page.getByRole('heading', { name: 'Accuracy from counts', level: 1 })).toBeVisible();
});

test('a detector of other classes is entered as text from the list: problems named, the view and link follow; axe clean', async ({ page }) => {
  await page.goto('./#/');
  await page.getByRole('link', { name: 'Add a detector of more than two classes' }).click();
  await expectIssueNumbers(page);
  const entry = page.getByRole('form', { name: 'Other classes' });
  await entry.getByLabel('Class names, separated by commas').fill('car, bus, bike, truck');
  await entry.getByLabel('Confusion matrix').fill('40,1,0,2; 2,30,0,1; 0,0,25,0');
  await entry.getByRole('button', { name: 'Show these classes' }).click();
  await expect(entry.getByRole('alert')).toContainText('“matrix” is “40,1,0,2;2,30,0,1;0,0,25,0”: 3 rows; expected 4 rows');
  await expect(page).toHaveURL(/classes=cat,dog,bird/);
  await expectNoAxeViolations(page);
  await entry.getByLabel('Confusion matrix').fill('40,1,0,2; 2,30,0,1; 0,0,25,0; 3,1,0,20');
  await entry.getByRole('button', { name: 'Show these classes' }).click();
  await expect(page).toHaveURL(/#\/counts\?classes=car,bus,bike,truck&matrix=40,1,0,2;2,30,0,1;0,0,25,0;3,1,0,20&delta=0\.05/);
  await expect(page.getByText('A detector with 4 classes (car, bus, bike, truck)')).toBeVisible();
  await expect(page.getByRole('region', { name: 'truck', exact: true }).locator('.figure').first()).toHaveText(/^Recall 83\.3% \[/);
  // The two-class view points here too.
  await page.goto('./#/counts');
  await expect(page.getByRole('link', { name: 'Enter a confusion matrix of K classes' })).toHaveAttribute('href', '#/counts?classes=cat,dog,bird&matrix=50,2,1;3,40,2;0,1,30');
});

test('a malformed link names every bad parameter, never a blank page', async ({ page }) => {
  await page.goto('./#/counts?classes=cat,cat&matrix=1,x;2&delta=7');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('“cat” is named twice');
  await expect(alert).toContainText('“delta” is “7”');
  await page.goto('./#/counts?classes=cat,dog&matrix=1,x;2,0');
  await expect(page.getByRole('alert')).toContainText('row 1 (cat), column 2: “x”');
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'open this view with its default settings' }).click();
  await expect(page.getByRole('region', { name: 'Balanced accuracy (macro recall)' }).getByTestId('estimate')).toHaveText('93.3%');
});

/** Groundlight's detector evaluation of the issue's 3-class detector, as `get_detector_evaluation` returns it. */
const GROUNDLIGHT = {
  evaluation_results: {
    total_ground_truth_examples: 129,
    confusion_dict: { cat: { cat: 50, dog: 2, bird: 1 }, dog: { cat: 3, dog: 40, bird: 2 }, bird: { dog: 1, bird: 30 } },
    num_examples_per_class: { cat: 53, dog: 45, bird: 31 },
  },
};

async function importGroundlight(page: Page) {
  await page.goto('./#/');
  await page.getByLabel('Detectors file to import').setInputFiles({ name: 'pets-eval.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(GROUNDLIGHT)) });
  const notice = page.getByRole('alert').filter({ hasText: 'is a Groundlight evaluation' });
  await expect(notice).toContainText('pets-eval.json is a Groundlight evaluation of a 3-class detector (cat, dog, bird; 129 examples). Open its confusion matrix in the K-class view');
  return notice;
}

test('a Groundlight evaluation JSON of a 3-class detector opens in the K-class view, or is saved to the workspace; axe clean', async ({ page }) => {
  const notice = await importGroundlight(page);
  await expectNoAxeViolations(page);
  await notice.getByRole('link', { name: 'Open its confusion matrix in the K-class view' }).click();
  await expectIssueNumbers(page);
  await (await importGroundlight(page)).getByRole('button', { name: 'Save it to my workspace' }).click();
  await expect(page.getByRole('heading', { name: 'pets-eval', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Data source: pets-eval\.json, Groundlight evaluation \(confusion_dict\), imported \d{4}-\d\d-\d\d$/)).toBeVisible();
  await expectIssueNumbers(page);
});

/** The list's row of a detector by its name. */
const listRow = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });

test('a K-class detector in the workspace: saved from its link, listed and sorted with the others, edited, exported, shared, deleted and imported again; axe clean', async ({ page, browser }) => {
  // The sample detectors first: the K-class detector joins them.
  await page.goto('./#/');
  await expectSamplesListed(page);
  await page.goto(`./${LINK}`);
  await page.getByRole('button', { name: 'Save to my workspace' }).click();
  await expect(page).toHaveURL(/#\/detectors\/[\w-]+\?delta=0\.05$/);
  const detectorUrl = page.url();
  await expect(page.getByRole('heading', { name: 'Confusion matrix of cat, dog, bird', level: 1 })).toBeVisible();
  await expectIssueNumbers(page);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Edit name' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Pets');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByRole('heading', { name: 'Pets', level: 1 })).toBeVisible();

  // Listed beside the sample detectors, with its macro recall, method and counts, and sorted by its lower bound.
  await page.getByRole('link', { name: '← All detectors' }).click();
  await expect(page.getByRole('status').filter({ hasText: /with more than two classes/ })).toContainText(/^\d+ detectors \(1 with more than two classes\)$/);
  const row = listRow(page, 'Pets');
  await expect(row.locator('.detector-table__numbers')).toHaveText('93.3% [78.2%, 98.8%]');
  await expect(row.locator('.detector-table__counts')).toHaveText('3 classes129 examples');
  // The column names both methods: Buehler's for two classes, the union bound for K (its rows' numbers).
  await expect(page.getByRole('columnheader', { name: /^Balanced accuracy \(95% interval, exact, never wider than the union bound \(Buehler; δ\/2 per side\); K classes: exact union bound at δ\/\(2K\)\)$/ })).toBeVisible();
  await expect(row.getByRole('img', { name: /^Pets, balanced accuracy \(macro recall\): 93\.3%, 95% interval 78\.2% to 98\.8% \(exact union bound \(one-sided bounds at δ\/6 each\), δ = 0\.05, cat 50\/53, dog 40\/45, bird 30\/31\)$/ })).toBeVisible();
  await page.getByLabel('Sort by').selectOption('lower');
  // The list keeps the estimate order until a worker has every lower bound at δ: wait for the new order.
  const lowerBounds = async () => (await page.locator('.detector-table__interval').allTextContents()).map((text) => Number(text.match(/^\[([\d.]+)%/)![1]));
  await expect.poll(async () => { const shown = await lowerBounds(); return shown.every((bound, i) => i === 0 || shown[i - 1]! <= bound); }).toBe(true);
  await page.getByLabel('Filter').fill('pets');
  await expect(page.getByRole('status').filter({ hasText: 'match' })).toContainText(/^1 of \d+ detectors match “pets”$/);
  await expectNoAxeViolations(page);
  await page.getByLabel('Filter').fill('');

  // A cell edited on its page is saved: the list and a reload show the new numbers.
  await page.goto(detectorUrl);
  await page.getByLabel('dog examples answered cat').fill('13');
  await expect(page.getByRole('region', { name: 'dog', exact: true }).locator('.figure').first()).toHaveText('Recall 72.7% [59.0%, 83.9%]');
  // Saved in a task of its own: once it is in the browser's database, a reload reads it back.
  await expect.poll(async () => (await readWorkspaceDb(page))[WORKSPACE_KEY] ?? '').toContain('"matrix":[[50,2,1],[13,40,2],[0,1,30]]');
  await page.reload();
  await expect(page.getByLabel('dog examples answered cat')).toHaveValue('13');
  await page.getByLabel('dog examples answered cat').fill('3');
  await expectIssueNumbers(page);

  // The workspace's JSON and CSV carry it; a shared link too.
  await page.getByRole('link', { name: '← All detectors' }).click();
  const jsonDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export detectors (JSON)' }).click();
  const json = readFileSync(await (await jsonDownload).path(), 'utf8');
  expect(JSON.parse(json).classDetectors).toEqual([expect.objectContaining({ name: 'Pets', classes: ['cat', 'dog', 'bird'], matrix: [[50, 2, 1], [3, 40, 2], [0, 1, 30]] })]);
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export intervals (CSV)' }).click();
  const csv = readFileSync(await (await csvDownload).path(), 'utf8').split('\r\n');
  expect(csv.filter((line) => line.includes(',Pets,'))).toHaveLength(7);
  expect(csv.find((line) => line.includes(',Pets,balanced,'))).toMatch(/,Pets,balanced,120,129,0\.933\d*,0\.782\d*,0\.987\d*,0\.95,exact-union-bound,,$/);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Share workspace (copy link)' }).click();
  const link = await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/#\/shared\?w=/).then(() => page.evaluate(() => navigator.clipboard.readText()));
  const other = await browser.newContext();
  const opened = await other.newPage();
  await opened.goto(link);
  await expect(listRow(opened, 'Pets').locator('.detector-table__numbers')).toHaveText('93.3% [78.2%, 98.8%]');
  await expect(listRow(opened, 'Pets').getByRole('link', { name: 'Pets' })).toHaveAttribute('href', /^#\/counts\?classes=cat,dog,bird&matrix=50,2,1;3,40,2;0,1,30&delta=0\.05$/);
  await other.close();

  // Its printable report, alone and in the workspace's: the macro recall and each class's figures, rounded outward.
  await page.goto(detectorUrl);
  // Its link works in any browser: it carries the matrix.
  await page.getByRole('button', { name: 'Copy link (carries the matrix)' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/#\/counts\?classes=cat,dog,bird&matrix=50,2,1;3,40,2;0,1,30&delta=0\.05&target=0\.9$/);
  await page.getByRole('link', { name: 'Printable report' }).click();
  await expect(page.getByRole('heading', { name: 'Report: Pets', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: /^Pets, 3 classes: estimates and exact 95% intervals/ });
  await expect(table.getByRole('row', { name: /all classes/ })).toHaveText(/all classesmacro recall \(balanced accuracy\)120 \/ 12993\.3%\[78\.2%, 98\.8%\]exact union bound/);
  await expect(table.getByRole('row', { name: /bird recall/ })).toHaveText(/bird.*30 \/ 3196\.77%\[83\.29%, 99\.92%\]/);
  await page.getByRole('button', { name: 'Copy as Markdown' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('| Pets | macro recall (balanced accuracy) | 120 / 129 | 93.3% [78.2%, 98.8%] | exact-union-bound |');
  await expectNoAxeViolations(page);
  await page.goto('./#/report');
  await expect(page.getByRole('heading', { name: 'Detectors with more than two classes', level: 2 })).toBeVisible();
  await expect(page.getByText(/detectors \(1 with more than two classes\), 95% intervals/)).toBeVisible();

  // Ranked against a target with the two-class detectors, in one family (its macro recall's one-sided bound at δ/m); left out of other rankings, saying so.
  await page.goto('./#/rank?target=0.7');
  await expect(page.getByTestId('classes-family')).toContainText(/^Of the 11 comparisons, 1 is a detector with more than two classes: each macro recall’s exact one-sided union bound at δ\/11/);
  const ranked = page.getByTestId('ranking-table').getByRole('row').filter({ has: page.getByRole('link', { name: 'Pets', exact: true }) });
  await expect(ranked).toContainText(/Pets93\.3%≥ 74\.0%——proven above/);
  await expectNoAxeViolations(page);
  await page.goto('./#/rank?target=0.75&metric=precision');
  await expect(page.getByTestId('classes-left-out')).toHaveText('1 detector with more than two classes is left out: it is ranked by balanced accuracy (macro recall) against a target only.');

  // Deleted (undoable), then brought back by importing the exported file.
  await page.goto(detectorUrl);
  await page.getByRole('button', { name: 'Delete detector' }).click();
  await expect(listRow(page, 'Pets')).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo delete' }).click();
  await expect(listRow(page, 'Pets')).toHaveCount(1);
  await page.goto(detectorUrl);
  await page.getByRole('button', { name: 'Delete detector' }).click();
  await page.getByLabel('Detectors file to import').setInputFiles({ name: 'export.json', mimeType: 'application/json', buffer: Buffer.from(json) });
  const preview = page.getByRole('region', { name: 'Preview of export.json' });
  await expect(preview.getByRole('table', { name: /more than two classes/ }).getByRole('row', { name: /Pets/ })).toContainText('cat, dog, bird129added');
  await preview.getByRole('button', { name: /^Import: 1 added/ }).click();
  await expect(listRow(page, 'Pets').locator('.detector-table__numbers')).toHaveText('93.3% [78.2%, 98.8%]');
});

test.describe('phone width (390 px)', () => {
  test.use({ viewport: PHONE });

  test('a Groundlight evaluation’s notice fits the screen, dark, axe clean', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await importGroundlight(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoAxeViolations(page);
  });

  test('a saved K-class detector’s row and page fit the screen in light and dark, axe clean', async ({ page }) => {
    await page.goto(`./${LINK}`);
    await page.getByRole('button', { name: 'Save to my workspace' }).click();
    await expectIssueNumbers(page);
    const fitsInBothSchemes = async () => {
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        expect(await page.evaluate(() => document.documentElement.scrollWidth), colorScheme).toBeLessThanOrEqual(PHONE.width);
        await expectNoAxeViolations(page);
      }
    };
    await fitsInBothSchemes();
    await page.getByRole('link', { name: '← All detectors' }).click();
    const row = listRow(page, 'Confusion matrix of cat, dog, bird');
    // On a phone the interval shows under the name (the numbers column is off screen).
    await expect(row.locator('.detector-table__phone-interval')).toHaveText('93.3% [78.2%, 98.8%]');
    await fitsInBothSchemes();
  });

  test('the view fits the screen in light and dark (the matrix scrolls in its own region), axe clean', async ({ page }) => {
    await page.goto(`./${LINK}`);
    await expectIssueNumbers(page);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${colorScheme}: page ${width} px wide`).toBeLessThanOrEqual(PHONE.width);
      await expectNoAxeViolations(page);
    }
  });
});
