// `npm run bench`: bundles the TypeScript benchmark with esbuild and runs it in Node, then reports
// the minified + gzipped size of the stats module alone. Medians and ratios, one run, one machine.
import { build } from 'esbuild';
import { mkdirSync, rmSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The public names issue 2 asks for; the rest of src/stats serves the coverage and planner views. */
const CORE_API = [
  'EmptyClassError', 'assertCounts', 'assertDelta',
  'binomialPmf', 'binomialCdf', 'binomialSf', 'betaPdf', 'betaCdf', 'betaSf', 'betaQuantile',
  'exactUpperBound', 'exactLowerBound', 'upperComplement', 'exactInterval', 'balancedInterval', 'balancedIntervalMulti',
  'waldInterval', 'wilsonInterval', 'agrestiCoullInterval', 'jeffreysInterval', 'clopperPearsonInterval',
  'posteriorBalancedAccuracy', 'exactCoverage',
];

/** Minified, gzipped bytes of a module that re-exports part of src/stats (tree-shaken by esbuild). */
async function gzippedSize(contents) {
  const result = await build({
    stdin: { contents, resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    logLevel: 'warning',
  });
  const code = result.outputFiles[0].contents;
  return { minified: code.length, gzip: gzipSync(code, { level: 9 }).length };
}

function formatSize({ minified, gzip }) {
  const verdict = gzip <= 6144 ? 'meets' : 'misses';
  return `${(minified / 1024).toFixed(1)} KB minified, ${(gzip / 1024).toFixed(2)} KB gzip (${verdict} the target)`;
}

/** Issue 32: the price of looking as often as you like — confidence-sequence widths ÷ Clopper–Pearson's, from src/stats. */
async function printSequenceWidths() {
  const bundled = await build({ entryPoints: ['src/stats/index.ts'], bundle: true, format: 'esm', write: false, logLevel: 'warning' });
  const stats = await import(`data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].contents).toString('base64')}`);
  const width = ({ lower, upper }) => upper - lower;
  console.log('\nConfidence sequence vs Clopper–Pearson, two-sided, δ = 0.05, p̂ = 0.9 (width, and ÷ Clopper–Pearson):');
  console.log('  n         Clopper–Pearson  Robbins Beta(1,1)       tuned to n₀ = n');
  for (const trials of [100, 1_000, 10_000, 100_000]) {
    const successes = 0.9 * trials;
    const exact = width(stats.clopperPearsonInterval(trials, successes, 0.05));
    const robbins = width(stats.proportionConfidenceSequence(successes, trials, 0.05));
    const tuned = width(stats.proportionConfidenceSequence(successes, trials, 0.05, { expectedTrials: trials }));
    const cell = (value) => `${value.toFixed(5)} (${(value / exact).toFixed(2)}×)`.padEnd(24);
    console.log(`  ${String(trials).padEnd(10)}${exact.toFixed(5).padEnd(17)}${cell(robbins)}${cell(tuned)}`.trimEnd());
  }
}

// Inside the project so the bundle resolves @stdlib and jStat from node_modules.
const workDir = join('node_modules', '.cache', 'tailbound-bench');
mkdirSync(workDir, { recursive: true });
try {
  const wholeModule = await gzippedSize("export * from './src/stats/index.ts';");
  const coreApi = await gzippedSize(`export { ${CORE_API.join(', ')} } from './src/stats/index.ts';`);

  const entry = join(workDir, 'bench.mjs');
  await build({
    entryPoints: ['scripts/bench/run-bench.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: entry,
    logLevel: 'warning',
    // The comparison libraries are CommonJS packages: load them from node_modules at run time.
    external: ['@stdlib/*', 'jstat'],
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
  console.log(`tailbound bench — ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`);
  console.log('\nStats module bundle (minified with esbuild, gzip level 9; target ≤ 6 KB = 6,144 bytes):');
  console.log(`  whole src/stats (with coverage grids and the label planner)  ${formatSize(wholeModule)}`);
  console.log(`  issue 2's API (distributions, bounds, intervals, posterior, exactCoverage)  ${formatSize(coreApi)}`);
  const { runBench } = await import(pathToFileURL(join(process.cwd(), entry)).href);
  await runBench();
  await printSequenceWidths();
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
