// The detectors list at 10,000 detectors, measured in Chromium on the production build.
//
// Usage: npm run bench:list   (builds the site itself into dist-bench-list/)
// Env: TAILBOUND_BENCH_DIST (default dist-bench-list; set it to an existing build to skip building),
//      TAILBOUND_BENCH_PORT (default 4403), CHROMIUM_PATH (default /usr/bin/chromium).
//
// Imports 10,000 detectors (seeded: class sizes log-uniform from 20 to 5,000 labels each, accuracies
// 55–100%), sorts the list by lower bound and changes δ twice, for each balanced interval in turn
// (the union bound, Buehler's, the estimate-ordered inversion) in a fresh page: the time from the
// click on a new δ until every lower bound is in (the progress line gone), and the longest
// main-thread task meanwhile (PerformanceObserver 'longtask'). Medians of the two δ changes; the
// ratio to the union bound's time in the same run.
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { openSite } from './bench/open-site.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = process.env.TAILBOUND_BENCH_DIST ?? 'dist-bench-list';
const port = Number(process.env.TAILBOUND_BENCH_PORT ?? 4403);
const DETECTORS = 10_000;
const METHODS = [
  ['union', 'the union bound'],
  ['buehler', 'Buehler (the default)'],
  ['inversion', 'estimate-ordered inversion'],
];

function seededDetectors() {
  let state = 20261126;
  const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const size = () => Math.round(20 * 250 ** random());
  const rows = ['detector,yes_correct,yes_total,no_correct,no_total'];
  for (let index = 0; index < DETECTORS; index++) {
    const yes = size();
    const no = size();
    const correct = (total) => Math.round(total * (0.55 + 0.45 * random() ** 0.5));
    rows.push(`Detector ${index},${correct(yes)},${yes},${correct(no)},${no}`);
  }
  return rows.join('\n');
}

async function measure(browser, method) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.addInitScript(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => window.longTasks.push(entry.duration))).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(`http://127.0.0.1:${port}/#/?delta=0.05`);
  await page.getByRole('status').filter({ hasText: /detectors$/ }).first().waitFor();
  await page.getByLabel('Detectors file to import').setInputFiles({ name: 'bench.csv', mimeType: 'text/csv', buffer: Buffer.from(seededDetectors()) });
  await page.getByRole('region', { name: 'Preview of bench.csv' }).getByRole('button', { name: 'Replace all detectors with these…' }).click();
  await page.getByRole('button', { name: 'Yes, replace them' }).click();
  await page.getByRole('status').filter({ hasText: `${DETECTORS.toLocaleString('en')} detectors` }).waitFor({ timeout: 120_000 });
  await page.getByLabel('Balanced interval', { exact: true }).selectOption(method);
  await page.getByLabel('Sort by').selectOption('lower');
  const progress = page.getByText(/to sort by\s+them, in a background worker/);
  await progress.waitFor({ state: 'hidden', timeout: 600_000 });
  const runs = [];
  for (const level of ['99%', '90%']) {
    await page.evaluate(() => window.longTasks.splice(0));
    const started = Date.now();
    await page.getByRole('button', { name: level, exact: true }).click();
    await progress.waitFor({ state: 'visible', timeout: 5_000 }).catch(() => {});
    await progress.waitFor({ state: 'hidden', timeout: 600_000 });
    const seconds = (Date.now() - started) / 1000;
    const longest = Math.max(0, ...(await page.evaluate(() => window.longTasks)));
    runs.push({ seconds, longest });
  }
  await page.close();
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return { seconds: median(runs.map((run) => run.seconds)), longest: Math.max(...runs.map((run) => run.longest)), runs };
}

if (!process.env.TAILBOUND_BENCH_DIST) {
  const built = spawnSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const site = await openSite(root, dist, port);
try {
  console.log(`tailbound bench:list — ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, load ${loadavg().map((value) => value.toFixed(1)).join(' ')}`);
  console.log(`${DETECTORS.toLocaleString('en')} detectors, classes 20–5,000 labels (log-uniform), sorted by lower bound; a new δ (99%, then 90%):\n`);
  const results = [];
  for (const [method, name] of METHODS) {
    const result = await measure(site.browser, method);
    results.push({ method, name, ...result });
    console.log(`  ${name.padEnd(28)} ${result.seconds.toFixed(1).padStart(6)} s (runs ${result.runs.map((run) => run.seconds.toFixed(1)).join(', ')} s), longest task ${Math.round(result.longest)} ms`);
  }
  const union = results[0].seconds;
  for (const result of results.slice(1)) {
    const budget = 2 * union + 5;
    console.log(`  ${result.name}: ${(result.seconds / union).toFixed(1)}× the union bound's time; target ≤ 2× + 5 s = ${budget.toFixed(1)} s: ${result.seconds <= budget ? 'met' : 'missed'}; longest task ≤ 200 ms: ${result.longest <= 200 ? 'met' : 'missed'}`);
  }
} finally {
  await site.close();
}
