import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { SAMPLES } from './dashboard-helpers';
import { expectObserverWorks, goToHash, observeLongTasks, takeLongTasks } from './long-tasks';
import { readWorkspaceDb, WORKSPACE_KEY, writeWorkspaceDb } from './workspace-db';

/**
 * Hostile links on every route (issue 14): each link takes a working address and breaks one
 * parameter. Whatever it holds, the page must not throw, must not go blank, must name the parameter
 * in an alert, and no main-thread task may last over 200 ms (Long Tasks observer).
 */

const ROUTES: { route: string; base: Record<string, string> }[] = [
  { route: '', base: { delta: '0.05' } },
  { route: `detectors/${SAMPLES[0]!.id}`, base: { delta: '0.05' } },
  { route: 'counts', base: { yes: '38/40', no: '55/60', delta: '0.05' } },
  { route: 'methods', base: { yes: '38/40', no: '55/60', delta: '0.05' } },
  { route: 'methods', base: { n: '40', k: '38', delta: '0.05' } },
  { route: 'coverage', base: { n: '30', delta: '0.05', methods: 'clopper_pearson,wilson' } },
  { route: 'posterior', base: { tp: '41', fn: '4', tn: '3', fp: '7', delta: '0.05' } },
  { route: 'plan', base: { yes: '38/40', no: '55/60', delta: '0.05', target: '0.9' } },
  { route: 'explore', base: { n: '100', k: '80', p: '0.83', delta: '0.05', mode: 'upper' } },
];

/** Values no parameter of its kind accepts. */
const BAD_DELTAS = ['5e-324', '2e-323', '0', '1', '-0.05', '1.5', 'abc', 'null', 'NaN', 'Infinity', '1e309', '', '0x1', '5%', '<script>alert(1)</script>'];
const BAD_COUNTS = ['38-40', '41/40', 'a/b', '1e3/2000', '', '-1/2', '38/40/2', '9007199254740993/9007199254740993', '%2F', '0.5/1'];
const BAD_WHOLE = ['-1', '4.5', 'abc', '1e3', '', '99999999999999999999', 'NaN', '0x10'];
const BAD_FRACTION = ['-0.1', '1.5', 'abc', '', 'NaN', '1e309'];

function hostileLinks(): { href: string; param: string }[] {
  const links: { href: string; param: string }[] = [];
  for (const { route, base } of ROUTES) {
    const variants: [string, string[]][] = Object.keys(base).map((param) => {
      if (param === 'delta') return [param, BAD_DELTAS];
      if (param === 'yes' || param === 'no') return [param, BAD_COUNTS];
      if (['n', 'k', 'tp', 'fn', 'tn', 'fp'].includes(param)) return [param, BAD_WHOLE];
      if (param === 'p' || param === 'target') return [param, BAD_FRACTION];
      return [param, ['nonsense', '', '__proto__']];
    });
    // confidence is δ's alias on every route that reads δ.
    variants.push(['confidence', ['1', '0', '1.5', 'abc', '1e-400', '0.99999999999999999999']]);
    for (const [param, values] of variants) {
      for (const value of values) {
        const query = new URLSearchParams({ ...base, [param]: value }).toString();
        links.push({ href: `#/${route}?${query}`, param });
      }
    }
  }
  return links;
}

test('a few hundred hostile links on every route: no page error, no blank page, the bad parameter named, no task over 200 ms', { tag: '@timing' }, async ({ page }) => {
  test.setTimeout(300_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await observeLongTasks(page);
  await page.goto('./');
  await expect(page.getByRole('link', { name: SAMPLES[0]!.name, exact: true })).toBeVisible();
  await expectObserverWorks(page);
  await takeLongTasks(page); // the first load (parsing the bundle) is not a link's doing

  const links = hostileLinks();
  expect(links.length).toBeGreaterThan(300);
  const slow: string[] = [];
  for (const { href, param } of links) {
    await goToHash(page, href);
    const main = page.locator('main');
    await expect(main.getByRole('heading', { level: 1 }), href).toBeVisible();
    await expect(main.getByText('This view could not be shown'), `${href} renders`).toHaveCount(0);
    await expect(main.getByRole('alert').filter({ hasText: param }).first(), `${href} names ${param}`).toBeVisible();
    const tasks = await takeLongTasks(page);
    const longest = Math.max(0, ...tasks);
    if (longest > 200) slow.push(`${href}: ${Math.round(longest)} ms`);
  }
  expect(errors).toEqual([]);
  expect(slow).toEqual([]);
});

test('a subnormal δ never blanks the app, from a link or the δ field, and not after a reload either', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  for (const href of ['#/?delta=5e-324', '#/counts?yes=38/40&no=55/60&delta=5e-324', `#/detectors/${SAMPLES[0]!.id}?delta=5e-324`, '#/explore?n=100&k=80&delta=5e-324']) {
    await page.goto(`./${href}`);
    await expect(page.getByRole('alert').filter({ hasText: 'delta' }).first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await page.goto('./#/');
  await expect(page.getByRole('link', { name: SAMPLES[0]!.name, exact: true })).toBeVisible();
  const field = page.getByLabel('δ (chance the interval misses)');
  await field.fill('5e-324');
  await field.press('Enter');
  await expect(field).toHaveAccessibleDescription(/^5e-324 cannot be used: δ must be/);
  await page.reload();
  await expect(page.getByRole('link', { name: SAMPLES[0]!.name, exact: true })).toBeVisible();
  await expect(page.getByRole('group', { name: /Confidence level: 95%/ })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a saved δ the maths cannot use is reset with the detectors kept, and the page says so', async ({ page }) => {
  await page.goto('./#/');
  await expect(page.getByRole('link', { name: SAMPLES[0]!.name, exact: true })).toBeVisible();
  await expect.poll(async () => (await readWorkspaceDb(page))[WORKSPACE_KEY]).toBeDefined();
  const saved = JSON.parse((await readWorkspaceDb(page))[WORKSPACE_KEY]!);
  saved.state.delta = 5e-324;
  saved.state.detectors = saved.state.detectors.slice(0, 2);
  await writeWorkspaceDb(page, WORKSPACE_KEY, JSON.stringify(saved));
  await page.reload();
  await expect(page.getByText(/Your saved confidence level was reset to δ = 0.05/)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^\d+ detectors?$/ })).toHaveText('2 detectors');
});

test('both malformed delta and confidence are named, on the list and on a counts link', async ({ page }) => {
  await page.goto('./#/?delta=abc&confidence=1.5');
  const notice = page.getByRole('alert').filter({ hasText: 'Part of this link was not used' });
  await expect(notice).toContainText('delta');
  await expect(notice).toContainText('confidence');
  await expect(page.getByRole('link', { name: SAMPLES[0]!.name, exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto('./#/counts?yes=38/40&no=55/60&delta=null&confidence=abc');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('delta');
  await expect(alert).toContainText('confidence');
});

test('the heaviest valid links hold the page for no task over 200 ms', { tag: '@timing' }, async ({ page }) => {
  await observeLongTasks(page);
  await page.goto('./#/counts?yes=38/40&no=55/60');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectObserverWorks(page);
  await takeLongTasks(page);
  const report: string[] = [];
  // Each view's code loads on its first visit (parsing a chunk is no link's doing): warm them up.
  for (const route of ['counts', 'methods', 'posterior', 'explore', 'coverage', 'plan', 'compare']) {
    await goToHash(page, `#/${route}`);
    await expect(page.locator('main').getByRole('heading', { level: 1 })).toBeVisible();
  }
  await page.waitForTimeout(1000);
  await takeLongTasks(page);
  for (const href of [
    '#/counts?yes=999999999/1000000000&no=1/1000000000&delta=1e-12',
    '#/methods?n=1000000000&k=999999999&delta=1e-12',
    '#/methods?yes=999999999/1000000000&no=500000000/1000000000&delta=0.05',
    '#/posterior?tp=100000&fn=3&tn=100000&fp=100000&delta=1e-9',
    '#/explore?n=1000000&k=999999&p=0.999999&delta=1e-9&mode=central',
    '#/explore?mode=balanced&yes=999999/1000000&no=1/1000000&delta=0.05',
    '#/coverage?n=1000&delta=0.01&methods=clopper_pearson,wilson,agresti_coull,jeffreys,wald',
    '#/plan?yes=999999/1000000&no=1/1000000&delta=0.01&target=0.99',
    // Tango's exact paired inversion at its largest (500 pairs a class): about 1 s a class, in a worker.
    '#/compare?b=25&c=10&n=500&delta=0.01',
    '#/compare?aname=A&bname=B&ayes=450/500&ano=470/500&byes=440/500&bno=465/500&yesb=25&yesc=15&yesn=500&nob=12&noc=7&non=500',
  ]) {
    await goToHash(page, href);
    // A CSS locator: Playwright's role queries run in the page and would be timed with it.
    await expect(page.locator('main h1')).toBeVisible();
    await page.waitForTimeout(300);
    const tasks = await takeLongTasks(page);
    const longest = Math.max(0, ...tasks);
    console.log(`${href}: longest task ${Math.round(longest)} ms`);
    if (longest > 200) report.push(`${href}: ${Math.round(longest)} ms`);
  }
  expect(report).toEqual([]);
});

test('the planner never holds the page: tiny width targets search in a worker, with Cancel', { tag: '@timing' }, async ({ page }) => {
  await observeLongTasks(page);
  await page.goto('./#/plan?yes=38/40&no=55/60&delta=0.05');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectObserverWorks(page);
  // The opening plan's first draw (the chart code's first use too) goes in short tasks: words, then the
  // chart a part at a time, then the sequential plan. CSS locators: Playwright's role queries run in the page.
  await expect(page.locator('[data-testid=sequential-answer]')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('main [aria-busy=true]')).toHaveCount(0);
  await page.waitForTimeout(500);
  expect(Math.max(0, ...(await takeLongTasks(page))), 'the opening plan').toBeLessThanOrEqual(200);
  for (const href of [
    '#/plan?yes=38/40&no=55/60&delta=0.05&goal=width&target=0.0001',
    '#/plan?yes=66/71&no=68/73&delta=0.8349954327568412&goal=width&target=0.00015698459885605883&accYes=0.8503756516147405',
  ]) {
    await goToHash(page, href);
    await expect(page.locator('main h2, [role=alert]').first()).toBeVisible({ timeout: 30_000 });
    const tasks = await takeLongTasks(page);
    expect(Math.max(0, ...tasks), href).toBeLessThanOrEqual(200);
  }
});

test('a ?src= address that redirects to another site is not followed', async ({ page }) => {
  const foreign: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith('http://127.0.0.1')) foreign.push(request.url());
  });
  await page.route((url) => url.pathname.endsWith('/redirect.json'), (route) => route.fulfill({ status: 302, headers: { location: 'https://example.org/detectors.json' } }));
  await page.goto('./?src=./redirect.json#/');
  await expect(page.getByText(/redirects to another address, which tailbound does not follow/)).toBeVisible();
  expect(foreign).toEqual([]);
});
