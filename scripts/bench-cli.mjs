// The tailbound command line, measured (issue 27): `npm run bench:cli`.
//
// 1. A per-example CSV of TAILBOUND_BENCH_ROWS rows (default 10,000,000: 782 MB, written by
//    scripts/generate-evaluation-data.mjs into $TMPDIR/tailbound-bench-data/ unless already there —
//    the same file bench:data uses) counted and gated by `tailbound check FILE --min-lower 0.5`,
//    beside DuckDB's own bare `SELECT count(*) FROM read_csv(FILE)` in a fresh Node process with the
//    same @duckdb/node-api, in the same run (alternating, TAILBOUND_BENCH_RUNS times, default 3;
//    medians). Targets: ≤ 2 × DuckDB's scan + 1 s; the CLI's peak resident memory ≤ 1 GB (maxRSS of
//    the whole process: Node and DuckDB's native memory).
// 2. 10,000 detectors (classes 20–5,000 labels, seeded, as bench:list) — `tailbound intervals
//    FILE --json`: by the union bound and by Buehler's interval (the default). Target ≤ 5 s.
// 3. TAILBOUND_BENCH_PAGE_ROWS (default 1,000,000) rows: the CLI's counts against the page's own
//    engine — DuckDB-WASM (the build #/data runs) with the page's SQL, column guessing and reading
//    rules (src/data/evaluation) — which must be equal.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const ROWS = Number(process.env.TAILBOUND_BENCH_ROWS ?? 10_000_000);
const PAGE_ROWS = Number(process.env.TAILBOUND_BENCH_PAGE_ROWS ?? 1_000_000);
const RUNS = Number(process.env.TAILBOUND_BENCH_RUNS ?? 3);
const dataDir = join(tmpdir(), 'tailbound-bench-data');
const out = join(root, 'node_modules/.cache/tailbound-bench-cli');
const cli = join(out, 'cli.js');
mkdirSync(dataDir, { recursive: true });

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
  return result;
}

function dataFile(rows) {
  const path = join(dataDir, `bench-${rows}.csv`);
  if (!existsSync(path)) run(process.execPath, ['scripts/generate-evaluation-data.mjs', '--rows', String(rows), '--out', dataDir, '--name', `bench-${rows}`, '--formats', 'csv']);
  return path;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const megabytes = (kb) => `${(kb / 1024).toFixed(0)} MB`;

/** Runs node with a preload that reports the process's peak resident memory; wall time from spawn to exit. */
const PRELOAD = `data:text/javascript,${encodeURIComponent("process.on('exit', () => process.stderr.write(`\\nmaxrss ${process.resourceUsage().maxRSS}\\n`));")}`;
function timed(args) {
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--import', PRELOAD, ...args], { cwd: root, encoding: 'utf8', maxBuffer: 256 << 20 });
  const ms = performance.now() - started;
  const rss = Number(/maxrss (\d+)/.exec(result.stderr)?.[1] ?? NaN);
  return { ms, rss, status: result.status, stdout: result.stdout, stderr: result.stderr };
}

run(process.execPath, ['scripts/build-lib.mjs', '--outdir', out, '--no-types']);
console.log(`bench:cli — ${cpus().length} cores (${cpus()[0]?.model.trim()}), load ${loadavg().map((l) => l.toFixed(1)).join(' ')}, Node ${process.version}, ${RUNS} runs`);

// 1. Counted and gated vs DuckDB's bare scan.
const big = dataFile(ROWS);
const bare = `import { DuckDBInstance } from '@duckdb/node-api';
const instance = await DuckDBInstance.create(':memory:');
const connection = await instance.connect();
const reader = await connection.runAndReadAll(${JSON.stringify(`SELECT count(*)::DOUBLE AS n FROM read_csv('${big.replaceAll("'", "''")}')`)});
console.log(reader.getRowObjectsJS()[0].n);`;
const bareFile = join(out, 'bare-count.mjs');
writeFileSync(bareFile, bare);
const scans = [];
const checks = [];
for (let i = 0; i < RUNS; i++) {
  const scan = timed([bareFile]);
  if (scan.status !== 0) throw new Error(scan.stderr);
  scans.push(scan);
  const check = timed([cli, 'check', big, '--min-lower', '0.5', '--no-progress', '--json']);
  if (check.status !== 0 && check.status !== 1) throw new Error(check.stderr);
  checks.push(check);
  console.log(`  run ${i + 1}: DuckDB count(*) ${seconds(scan.ms)} (${megabytes(scan.rss)}), tailbound check ${seconds(check.ms)} (exit ${check.status}, peak ${megabytes(check.rss)})`);
}
const report = JSON.parse(checks.at(-1).stdout);
const scanMs = median(scans.map((s) => s.ms));
const checkMs = median(checks.map((c) => c.ms));
const peak = Math.max(...checks.map((c) => c.rss));
console.log(`${ROWS.toLocaleString('en-US')} rows (${(statSync(big).size / 1e6).toFixed(0)} MB CSV, ${report.detectors.length} detectors, ${report.inputs[0].usableRows.toLocaleString('en-US')} usable rows):`);
console.log(`  DuckDB's bare count(*), median ${seconds(scanMs)}; tailbound check, median ${seconds(checkMs)} — ${(checkMs / scanMs).toFixed(2)}× (target ≤ 2× + 1 s = ${seconds(2 * scanMs + 1000)}: ${checkMs <= 2 * scanMs + 1000 ? 'met' : 'MISSED'})`);
console.log(`  peak resident memory ${megabytes(peak)} (target 1 GB: ${peak <= 1024 * 1024 ? 'met' : 'MISSED'})`);

// 2. 10,000 detectors' intervals.
let seed = 1;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const lines = ['detector,yes_correct,yes_total,no_correct,no_total'];
for (let i = 0; i < 10_000; i++) {
  const yes = 20 + Math.floor(random() * 4981);
  const no = 20 + Math.floor(random() * 4981);
  lines.push(`detector-${i},${Math.round(yes * (0.8 + 0.19 * random()))},${yes},${Math.round(no * (0.8 + 0.19 * random()))},${no}`);
}
const many = join(out, 'detectors-10000.csv');
writeFileSync(many, `${lines.join('\n')}\n`);
for (const method of ['union', 'buehler']) {
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const result = timed([cli, 'intervals', many, '--json', '--method', method]);
    if (result.status !== 0) throw new Error(result.stderr);
    times.push(result.ms);
  }
  const ms = median(times);
  console.log(`10,000 detectors' intervals by ${method}: median ${seconds(ms)} (runs ${times.map(seconds).join(', ')}; target 5 s: ${ms <= 5000 ? 'met' : 'MISSED'})`);
}

// 3. The CLI's counts against the page's engine and SQL.
const pageFile = dataFile(PAGE_ROWS);
const helper = join(out, 'page-counts.mjs');
await build({
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  format: 'esm',
  outfile: helper,
  logLevel: 'warning',
  external: ['@duckdb/duckdb-wasm'],
  stdin: {
    resolveDir: root,
    sourcefile: 'page-counts.ts',
    loader: 'ts',
    contents: `
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { ConsoleLogger, createDuckDB, LogLevel, NODE_RUNTIME } from '@duckdb/duckdb-wasm/blocking';
import { createExamplesSql, detectorCountsSql, distinctCountsSql, guessMapping, readFileSql, SOURCE_TABLE } from './src/data/evaluation';
const wasm = createRequire(import.meta.url).resolve('@duckdb/duckdb-wasm/dist/duckdb-eh.wasm');
const db = await createDuckDB({ mvp: { mainModule: wasm.replace('-eh', '-mvp'), mainWorker: '' }, eh: { mainModule: wasm, mainWorker: '' } }, new ConsoleLogger(LogLevel.WARNING), NODE_RUNTIME);
await db.instantiate();
db.registerFileBuffer('evaluation.csv', readFileSync(process.argv[2]));
const c = db.connect();
const q = (sql) => c.query(sql).toArray().map((row) => row.toJSON());
// As the page: a file over 64 MB has its types from a sample.
c.query('CREATE TABLE ' + SOURCE_TABLE + ' AS SELECT * FROM ' + readFileSql('evaluation.csv', 'csv', readFileSync(process.argv[2]).length <= 64 * 1024 * 1024 ? 'whole' : 'sampled'));
const described = q('DESCRIBE ' + SOURCE_TABLE);
const [distinct] = q(distinctCountsSql(described.map((row) => String(row.column_name))));
const mapping = guessMapping(described.map((row, i) => ({ name: String(row.column_name), type: String(row.column_type), distinct: Number(distinct['c' + i]) })));
c.query(createExamplesSql(mapping));
const counts = q(detectorCountsSql(mapping, [], null)).map((row) => ({ name: row.grp, yes: { correct: Number(row.yes_correct), total: Number(row.yes_total) }, no: { correct: Number(row.no_correct), total: Number(row.no_total) } }));
console.log(JSON.stringify(counts));
`,
  },
});
const page = timed([helper, pageFile]);
if (page.status !== 0) throw new Error(page.stderr);
const cliCounts = timed([cli, 'intervals', pageFile, '--json', '--no-progress']);
const fromCli = JSON.parse(cliCounts.stdout).detectors.map(({ name, yes, no }) => ({ name, yes, no }));
const same = JSON.stringify(fromCli) === page.stdout.trim();
console.log(`${PAGE_ROWS.toLocaleString('en-US')} rows: the CLI's counts ${same ? 'equal' : 'DIFFER FROM'} the page engine's (DuckDB-WASM, the page's SQL): ${fromCli.length} detectors, ${fromCli.reduce((s, d) => s + d.yes.total + d.no.total, 0).toLocaleString('en-US')} rows; CLI ${seconds(cliCounts.ms)}, page engine in Node ${seconds(page.ms)}`);
if (!same) process.exitCode = 1;
void readFileSync;
