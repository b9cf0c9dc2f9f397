/**
 * The built `tailbound` command line, spawned as users run it: every exit code, each input kind,
 * every output format, malformed inputs, and the same numbers as the dashboard's own export and
 * `#/data` counting for one shared fixture. The CLI is built (esbuild, no declarations) into
 * node_modules/.cache so that @duckdb/node-api resolves from the project.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openNodeDuckDb } from '../test/node-duckdb';
import { countsHref } from '../data/links';
import { classIntervalsToCsv, detectorsToJson, intervalsToCsv, parseCountsCsv } from '../data/files';
import { classCombinationsSql, classReadingFromRows, createExamplesSql, detectorCountsSql, distinctCountsSql, guessMapping, readFileSql, SOURCE_TABLE } from '../data/evaluation';
import { balancedBuehlerInterval, balancedConfidenceSequence, exactInterval, labelsForMacroRecall, macroRecallInterval, proportionConfidenceSequence } from '../stats';
import { compare, dealOutByClassSize, planHref, planOutcome } from './dashboard';
import { DEFAULT_PLAN_LINK } from '../data/links';
import { balancedInParallel, runBalancedJob } from './parallel';

const root = resolve(__dirname, '../..');
const built = join(root, 'node_modules/.cache/tailbound-cli-test', String(process.pid));
const cli = join(built, 'cli.js');
let dir: string;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function tailbound(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((done) => {
    execFile(process.execPath, [cli, ...args], { cwd: dir, env: { ...process.env, ...env }, maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
      done({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

// The shared fixture: the counts CSV the dashboard's #/data exports (extra columns after no_total).
const COUNTS_CSV = [
  'detector,yes_correct,yes_total,no_correct,no_total,balanced_estimate,balanced_lower,balanced_upper,delta,method',
  'cam-a,38,40,55,60,,,,0.05,exact-union-bound',
  'cam-b,300,310,590,600,,,,0.05,exact-union-bound',
  '"night, wet",9,12,40,41,,,,0.05,exact-union-bound',
].join('\n');

beforeAll(() => {
  execFileSync(process.execPath, [join(root, 'scripts/build-lib.mjs'), '--outdir', built, '--no-types'], { cwd: root, stdio: 'pipe' });
  dir = mkdtempSync(join(tmpdir(), 'tailbound-cli-'));
  writeFileSync(join(dir, 'counts.csv'), COUNTS_CSV);
  execFileSync(process.execPath, [join(root, 'scripts/generate-evaluation-data.mjs'), '--rows', '3000', '--detectors', '3', '--out', dir, '--formats', 'csv,tsv,jsonl,csv.gz,parquet'], { stdio: 'pipe' });
}, 120_000);

afterAll(() => {
  rmSync(built, { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
});

describe('tailbound check: exit codes', () => {
  it('0 when every detector clears --min-lower, 1 when one does not, 2 for bad usage', async () => {
    expect((await tailbound(['check', 'counts.csv', '--min-lower', '0.5'])).code).toBe(0);
    const below = await tailbound(['check', 'counts.csv', '--min-lower', '0.9']);
    expect(below.code).toBe(1);
    expect(below.stdout).toMatch(/FAIL: 2 of 3 detectors below/);
    expect((await tailbound(['check', 'counts.csv', '--min-lower', '0.9', '--detector', 'cam-b'])).code).toBe(0);
    for (const args of [
      ['check', 'counts.csv'],
      ['check', 'counts.csv', '--min-lower', '90'],
      ['check', 'counts.csv', '--min-lower', '0.9', '--delta', '0'],
      ['check', 'counts.csv', '--min-lower', '0.9', '--method', 'wald'],
      ['check', 'counts.csv', '--min-lower', '0.9', '--detector', 'nope'],
      ['check', 'counts.csv', '--min-lower', '0.9', '--bogus'],
      ['check', '--min-lower', '0.9'],
      ['check', 'missing.csv', '--min-lower', '0.9'],
      ['nonsense'],
    ]) {
      const run = await tailbound(args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr, args.join(' ')).not.toMatch(/\n\s+at /);
      expect(run.stdout).toBe('');
    }
    const missing = await tailbound(['check', 'counts.csv', '--min-lower', '90']);
    expect(missing.stderr).toMatch(/--min-lower is “90”; expected a proportion/);
  });

  it('--max-upper gates an error rate; --metric picks a class', async () => {
    expect((await tailbound(['check', '--counts', 'yes=998/1000,no=999/1000', '--metric', 'balanced-error', '--max-upper', '0.01'])).code).toBe(0);
    const over = await tailbound(['check', '--counts', 'yes=98/100,no=999/1000', '--metric', 'yes-error', '--max-upper', '0.01']);
    expect(over.code).toBe(1);
    // The verdict says which way the detector missed: over a --max-upper, not "below".
    expect(over.stdout).toContain('FAIL: 1 of 1 detector above — should-be-YES accuracy error rate upper bound ≤ 1.0%');
    const both = await tailbound(['check', '--counts', 'yes=98/100,no=999/1000', '--metric', 'yes', '--min-lower', '0.99', '--max-upper', '0.999']);
    expect(both.stdout).toContain('FAIL: 1 of 1 detector outside the bounds — should-be-YES accuracy lower bound ≥ 99.0% and upper bound ≤ 99.9%');
    expect((await tailbound(['check', '--counts', 'yes=98/100,no=999/1000', '--metric', 'no', '--min-lower', '0.99'])).code).toBe(0);
    // A class without examples proves nothing.
    const empty = await tailbound(['check', '--counts', 'yes=0/0,no=10/10', '--min-lower', '0.1', '--json']);
    expect(empty.code).toBe(1);
    expect(JSON.parse(empty.stdout).detectors[0].check.reason).toMatch(/no should-be-YES examples/);
  });
});

describe('inputs', () => {
  it('inline --counts, the counts CSV and the workspace JSON give the same intervals', async () => {
    const detectors = parseCountsCsv(COUNTS_CSV).detectors;
    writeFileSync(join(dir, 'workspace.json'), detectorsToJson(detectors));
    const fromCsv = JSON.parse((await tailbound(['intervals', 'counts.csv', '--json'])).stdout);
    const fromJson = JSON.parse((await tailbound(['intervals', 'workspace.json', '--json'])).stdout);
    const inline = JSON.parse((await tailbound(['intervals', '--counts', 'name=cam-a,yes=38/40,no=55/60', '--json'])).stdout);
    expect(fromJson.detectors.map((d: { intervals: unknown }) => d.intervals)).toEqual(fromCsv.detectors.map((d: { intervals: unknown }) => d.intervals));
    expect(inline.detectors[0].intervals).toEqual(fromCsv.detectors[0].intervals);
    expect(fromCsv.inputs).toEqual([{ source: 'counts.csv', kind: 'counts-csv', detectors: 3, rows: 3 }]);
    expect(fromJson.inputs[0].kind).toBe('workspace-json');
    // A workspace with a K-class detector: its macro recall as a file of per-example classes gives it, under an id of its own.
    const pets = { id: 'cam-a', name: 'Pets', query: '', classes: ['cat', 'dog', 'bird'], matrix: [[50, 2, 1], [3, 40, 2], [0, 1, 30]] };
    writeFileSync(join(dir, 'workspace-classes.json'), detectorsToJson(detectors.slice(1), [pets]));
    const both = JSON.parse((await tailbound(['intervals', 'workspace-classes.json', 'counts.csv', '--json'])).stdout);
    const macro = macroRecallInterval(pets.matrix, 0.05);
    expect(both.classDetectors).toEqual([expect.objectContaining({ id: 'cam-a-2', name: 'Pets', classes: pets.classes, matrix: pets.matrix, balanced: { estimate: macro.estimate, lower: macro.lower, upper: macro.upper, method: 'exact-union-bound' } })]);
    expect(both.inputs[0]).toEqual({ source: 'workspace-classes.json', kind: 'workspace-json', detectors: 3 });
    expect((await tailbound(['intervals', '--counts', 'yes=38/40'])).stderr).toMatch(/has no no=correct\/total/);
  });

  it('per-example CSV, TSV, JSON Lines, Parquet and .csv.gz are counted alike, and as the dashboard’s #/data counts them', async () => {
    const results = await Promise.all(['csv', 'tsv', 'jsonl', 'parquet', 'csv.gz'].map(async (ext) => JSON.parse((await tailbound(['intervals', `evaluation.${ext}`, '--json', '--no-progress'])).stdout)));
    const counts = (report: { detectors: { name: string; yes: unknown; no: unknown }[] }) => report.detectors.map(({ name, yes, no }) => ({ name, yes, no }));
    for (const result of results.slice(1)) expect(counts(result)).toEqual(counts(results[0]));
    expect(results[0].inputs[0]).toMatchObject({ kind: 'per-example', format: 'csv', rows: 3000, usableRows: 3000, mapping: { label: 'y_true', prediction: 'y_pred', detector: 'detector' } });
    // The page's engine (DuckDB-WASM) running the page's SQL over the same file.
    const db = await openNodeDuckDb();
    db.registerFileText('evaluation.csv', readFileSync(join(dir, 'evaluation.csv'), 'utf8'));
    const connection = db.connect();
    const query = (sql: string) => connection.query(sql).toArray().map((row) => row.toJSON() as Record<string, unknown>);
    connection.query(`CREATE TABLE ${SOURCE_TABLE} AS SELECT * FROM ${readFileSql('evaluation.csv', 'csv', 'whole')}`);
    const described = query(`DESCRIBE ${SOURCE_TABLE}`);
    const [distinct] = query(distinctCountsSql(described.map((row) => String(row.column_name))));
    const mapping = guessMapping(described.map((row, index) => ({ name: String(row.column_name), type: String(row.column_type), distinct: Number(distinct![`c${index}`]) })));
    connection.query(createExamplesSql(mapping));
    const page = query(detectorCountsSql(mapping, [], null)).map((row) => ({
      name: row.grp,
      yes: { correct: Number(row.yes_correct), total: Number(row.yes_total) },
      no: { correct: Number(row.no_correct), total: Number(row.no_total) },
    }));
    expect(counts(results[0])).toEqual(page);
    // Counted row by row (as with --slice) the same.
    const rowByRow = JSON.parse((await tailbound(['intervals', 'evaluation.csv', '--slice', 'site', '--json'])).stdout);
    expect(counts(rowByRow)).toEqual(page);
  });

  it('--threshold, --where and --slice (Bonferroni over the slices) as the page', async () => {
    const thresholded = JSON.parse((await tailbound(['intervals', 'evaluation.csv', '--threshold', '0.7', '--where', 'site=north', '--json'])).stdout);
    expect(thresholded.inputs[0]).toMatchObject({ threshold: 0.7, where: ['site=north'], mapping: { prediction: null, score: 'score' } });
    const plain = JSON.parse((await tailbound(['intervals', 'evaluation.csv', '--json'])).stdout);
    expect(thresholded.detectors[0].yes.total).toBeLessThan(plain.detectors[0].yes.total);
    const sliced = JSON.parse((await tailbound(['check', 'evaluation.csv', '--slice', 'lighting', '--detector', 'detector-01', '--min-lower', '0.5', '--json'])).stdout);
    const { slices } = sliced.detectors[0];
    expect(slices.column).toBe('lighting');
    expect(slices.sliceDelta).toBeCloseTo(0.05 / slices.family, 15);
    expect(slices.rows.reduce((sum: number, row: { yes: { total: number } }) => sum + row.yes.total, 0)).toBe(sliced.detectors[0].yes.total);
    expect((await tailbound(['intervals', 'evaluation.csv', '--label', 'nope'])).stderr).toMatch(/--label “nope”: evaluation.csv has no such column; its columns are “example_id”/);
  });
});

describe('outputs', () => {
  it('--format csv is the dashboard’s intervals export, byte for byte', async () => {
    const run = await tailbound(['intervals', 'counts.csv', '--format', 'csv']);
    expect(run.stdout).toBe(intervalsToCsv(parseCountsCsv(COUNTS_CSV).detectors, 0.05, 'buehler'));
    expect(run.stdout).toContain('exact-buehler-union-ordering');
    const union = await tailbound(['intervals', 'counts.csv', '--format', 'csv', '--method', 'union', '--delta', '0.01']);
    expect(union.stdout).toBe(intervalsToCsv(parseCountsCsv(COUNTS_CSV).detectors, 0.01, 'union'));
  });

  it('intervals shared out to worker threads are the dashboard’s, bit for bit (120 detectors, Buehler’s)', async () => {
    const lines = ['detector,yes_correct,yes_total,no_correct,no_total'];
    for (let i = 0; i < 120; i++) lines.push(`d${i},${30 + ((i * 7) % 50)},${90 + i},${40 + ((i * 11) % 60)},${110 + 2 * i}`);
    writeFileSync(join(dir, 'many.csv'), lines.join('\n'));
    const run = await tailbound(['intervals', 'many.csv', '--format', 'csv']);
    expect(run.stdout).toBe(intervalsToCsv(parseCountsCsv(lines.join('\n')).detectors, 0.05, 'buehler'));
  });

  it('--json has the documented shape, the table no colour off a terminal, --markdown the links that reopen the numbers', async () => {
    const run = await tailbound(['check', 'counts.csv', '--min-lower', '0.9', '--json', '--markdown', 'summary.md', '--site', 'https://example.org/tailbound/']);
    const report = JSON.parse(run.stdout);
    expect(Object.keys(report)).toEqual(['tailbound', 'command', 'inputs', 'delta', 'confidence', 'method', 'bonferroni', 'gate', 'detectors', 'verdict', 'exitCode']);
    expect(report).toMatchObject({ command: 'check', delta: 0.05, confidence: '0.95', method: { option: 'buehler', id: 'exact-buehler-union-ordering' }, gate: { metric: 'balanced', minLower: 0.9, maxUpper: null }, verdict: 'fail', exitCode: 1 });
    const camA = report.detectors[0];
    expect(Object.keys(camA)).toEqual(['id', 'name', 'source', 'yes', 'no', 'delta', 'intervals', 'link', 'check', 'slices']);
    const buehler = balancedBuehlerInterval({ yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } }, 0.05);
    expect(camA.intervals.balanced).toEqual({ estimate: expect.any(Number), lower: buehler.lower, upper: buehler.upper, method: 'exact-buehler-union-ordering' });
    expect(buehler.lower).toBeCloseTo(0.86512, 5);
    expect(camA.intervals.yes.method).toBe('exact-central');
    expect(camA.link).toBe(`https://example.org/tailbound/${countsHref({ correct: 38, total: 40 }, { correct: 55, total: 60 }, 0.05)}`);
    const markdown = readFileSync(join(dir, 'summary.md'), 'utf8');
    expect(markdown).toContain('### tailbound check: ❌ FAIL');
    expect(markdown).toContain(`[cam-a](${camA.link})`);
    const table = await tailbound(['check', 'counts.csv', '--min-lower', '0.9']);
    expect(table.stdout).not.toContain('\x1b[');
    expect(table.stdout).toMatch(/cam-a\s+38\/40\s+55\/60\s+93\.3% \[86\.5%, 98\.2%\]/);
    const md = await tailbound(['intervals', 'counts.csv', '--format', 'markdown']);
    expect(md.stdout).toContain('| night, wet | 9/12 | 40/41 |');
  });
});

describe('malformed inputs: summarised reasons with line numbers, exit 2, nothing written', () => {
  it('a counts CSV with bad rows', async () => {
    writeFileSync(join(dir, 'bad-counts.csv'), 'detector,yes_correct,yes_total,no_correct,no_total\ncam-a,38,40,55,60\ncam-b,300,30,590,600\n,1,2,3,4\ncam-c,x,2,3,4\ncam-d,x,2,3,4\n');
    const run = await tailbound(['check', 'bad-counts.csv', '--min-lower', '0.9', '--markdown', 'never.md', '--json']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('bad-counts.csv: 4 of 5 rows cannot be read');
    expect(run.stderr).toContain("2 rows: yes_correct must be a whole number, got 'x' (lines 5, 6)");
    expect(run.stderr).toContain('yes_correct must be ≤ yes_total (30), got 300 (line 3)');
    expect(existsSync(join(dir, 'never.md'))).toBe(false);
  });

  it('a per-example file with unusable rows (unless --skip-bad-rows), a truncated one, an empty one, a workspace JSON that is not one', async () => {
    const csv = readFileSync(join(dir, 'evaluation.csv'), 'utf8').split('\n');
    csv[4] = csv[4]!.replace(/,yes,|,no,/, ',maybe,');
    csv[7] = csv[7]!.replace(/,yes,|,no,/, ',maybe,');
    writeFileSync(join(dir, 'unusable.csv'), csv.join('\n'));
    const run = await tailbound(['check', 'unusable.csv', '--min-lower', '0.5', '--markdown', 'never.md']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('unusable.csv: 2 of 3,000 rows cannot be used:\n  2 rows: label is neither a YES nor a NO value (e.g. lines 5, 8)');
    const skipped = await tailbound(['check', 'unusable.csv', '--min-lower', '0.5', '--skip-bad-rows', '--json']);
    expect(skipped.code).toBe(0);
    expect(JSON.parse(skipped.stdout).inputs[0].unusableRows).toEqual([{ reason: 'label is neither a YES nor a NO value', rows: 2, lines: [5, 8] }]);
    writeFileSync(join(dir, 'empty.csv'), '');
    expect((await tailbound(['check', 'empty.csv', '--min-lower', '0.5'])).stderr).toMatch(/empty\.csv: “empty\.csv” is empty \(0 bytes\)/);
    writeFileSync(join(dir, 'broken.parquet'), 'not parquet');
    expect((await tailbound(['check', 'broken.parquet', '--min-lower', '0.5'])).stderr).toMatch(/is named \.parquet but does not start with Parquet/);
    const good = Array.from({ length: 30_000 }, () => '1,2,yes,yes').join('\n');
    writeFileSync(join(dir, 'ragged.csv'), `a,b,label,prediction\n${good}\n1,2,3,yes,no\n${good}\n`);
    const ragged = await tailbound(['check', 'ragged.csv', '--min-lower', '0.5']);
    expect(ragged.code).toBe(2);
    expect(ragged.stderr).toContain('ragged.csv: could not be read as CSV: line 30,002 does not fit the lines before it');
    writeFileSync(join(dir, 'not-workspace.json'), '{\n  "hello": 1\n}\n');
    const json = await tailbound(['check', 'not-workspace.json', '--min-lower', '0.5']);
    expect(json.code).toBe(2);
    expect(json.stderr).toMatch(/not-workspace\.json: not a tailbound detectors \(workspace\) JSON file/);
    expect(existsSync(join(dir, 'never.md'))).toBe(false);
  });
});

describe('plan and compare', () => {
  it('plan: labels needed (exit 0), none reach (exit 1), bad counts (exit 2)', async () => {
    const plan = await tailbound(['plan', '--counts', 'yes=38/40,no=55/60', '--target', '0.9', '--json']);
    expect(plan.code).toBe(0);
    expect(JSON.parse(plan.stdout)).toMatchObject({ status: 'reached', method: 'buehler', additional: expect.any(Number) });
    expect((await tailbound(['plan', '--counts', 'yes=30/40,no=30/60', '--target', '0.95'])).code).toBe(1);
    // Why none reach, in one sentence each: the planner's numbers to six digits, one full stop.
    const none = await Promise.all([[], ['--metric', 'specificity'], ['--classes', 'cat,dog,bird', '--matrix', '50,2,1;3,40,2;0,1,30']].map((extra) => tailbound(['plan', ...(extra.length === 4 ? extra : ['--counts', 'yes=38/40,no=55/60', ...extra]), '--target', '0.99'])));
    expect(none.map((run) => [run.code, run.stdout])).toEqual([
      [1, 'No plan reaches the target. Unreachable: at the assumed accuracies (YES 0.95, NO 0.916667) the projected balanced accuracy tends to 0.933333, and an exact lower bound always stays below the estimate, so no number of additional labels makes it reach 0.99.\n'],
      [1, 'No plan reaches the target. Unreachable: at the assumed accuracy 0.916667 the projected proportion tends to 0.916667, and an exact lower bound stays below the estimate, so no number of additional trials makes it reach 0.99.\n'],
      [1, 'No plan reaches the target. Unreachable: with each class\'s recall at its estimate the macro recall tends to 0.933342, and an exact lower bound always stays below the estimate, so no number of labels makes it reach 0.99.\n'],
    ]);
    expect((await tailbound(['plan', '--counts', 'yes=41/40,no=55/60'])).code).toBe(2);
    // The planner's assumed accuracies: a class with no labels yet needs one, named as the option that gives it.
    const unlabelled = await tailbound(['plan', '--counts', 'yes=0/0,no=55/60']);
    expect([unlabelled.code, unlabelled.stderr]).toEqual([2, 'tailbound: plan: give --accuracy-yes: there are no should-be-YES labels yet to take it from.\n']);
    const assumed = await tailbound(['plan', '--counts', 'yes=0/0,no=55/60', '--accuracy-yes', '0.95', '--ratio', '1:1', '--json', '--site', 'https://example.org/tb/']);
    const link = { ...DEFAULT_PLAN_LINK, yes: { correct: 0, total: 0 }, accuracyYes: 0.95, ratio: { yes: 1, no: 1 }, balanced: 'buehler' as const };
    const expectedPlan = planOutcome(link);
    if (!expectedPlan.ok) throw new Error(expectedPlan.message);
    expect(JSON.parse(assumed.stdout)).toMatchObject({ status: 'reached', additional: expectedPlan.plan.additional, link: `https://example.org/tb/${planHref(link)}` });
    const said = await tailbound(['plan', '--counts', 'yes=38/40,no=55/60', '--accuracy-no', '0.98', '--target', '0.95']);
    expect(said.stdout).toContain('if future labels come at 95.0% on should-be-YES (as observed), 98.0% on should-be-NO (assumed).');
    // A target on recall: 87 more should-be-YES labels (labels-for-proportion.test.ts' scipy scan); F1 says why not (exit 2).
    const recall = await tailbound(['plan', '--counts', 'yes=38/40,no=55/60', '--target', '0.9', '--metric', 'recall', '--json']);
    expect(JSON.parse(recall.stdout)).toMatchObject({ status: 'reached', metric: 'recall', unit: 'should-be-YES labels', additional: 87 });
    const f1 = await tailbound(['plan', '--counts', 'yes=38/40,no=55/60', '--metric', 'f1']);
    expect([f1.code, f1.stderr]).toEqual([2, expect.stringContaining('does not plan for F1')]);
    // K classes: the view's planner (labelsForMacroRecall) and link, the link reader's messages.
    const issue = ['--classes', 'cat,dog,bird', '--matrix', '50,2,1;3,40,2;0,1,30'];
    const classes = await tailbound(['plan', ...issue, '--target', '0.9', '--json', '--site', 'https://example.org/tb/']);
    expect(classes.code).toBe(0);
    const expected = labelsForMacroRecall([[50, 2, 1], [3, 40, 2], [0, 1, 30]], 0.05, 0.9);
    expect(JSON.parse(classes.stdout)).toMatchObject({
      status: 'reached',
      additional: expected.additional,
      perClass: { cat: expected.perClass![0], dog: expected.perClass![1], bird: expected.perClass![2] },
      projected: expected.interval,
      method: 'exact-union-bound',
      link: 'https://example.org/tb/#/counts?classes=cat,dog,bird&matrix=50,2,1;3,40,2;0,1,30&delta=0.05&target=0.9',
    });
    expect((await tailbound(['plan', ...issue, '--target', '0.95'])).code).toBe(1);
    const bad = await tailbound(['plan', '--classes', 'cat,dog', '--matrix', '1,2,3;4,5']);
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringContaining('row 1 (cat) has 3 counts')]);
    expect((await tailbound(['plan', ...issue, '--ratio', '1:1'])).stderr).toContain('--ratio is for two-class plans');
    expect((await tailbound(['plan', ...issue, '--accuracy-no', '0.9'])).stderr).toContain('--accuracy-no is for two-class plans');
  });

  it('compare: unpaired counts, a #/compare link’s parameters, a paired CSV', async () => {
    const unpaired = JSON.parse((await tailbound(['compare', '--a', 'yes=38/40,no=55/60', '--b', 'yes=30/40,no=50/60', '--json'])).stdout);
    expect(unpaired).toMatchObject({ paired: false, method: 'exact-unpaired-balanced-buehler' });
    const buehler = compare({ kind: 'unpaired-balanced', a: { yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } }, b: { yes: { correct: 30, total: 40 }, no: { correct: 50, total: 60 } } }, 0.05);
    expect(unpaired.difference).toEqual({ estimate: buehler.interval.estimate, lower: buehler.interval.lower, upper: buehler.interval.upper });
    // A link's choice of construction is kept, and carried by the link written back.
    const union = JSON.parse((await tailbound(['compare', '--query', 'ayes=38/40&ano=55/60&byes=30/40&bno=50/60&unpaired=union', '--json', '--site', 'https://example.org/tb/'])).stdout);
    expect(union).toMatchObject({ method: 'exact-unpaired-balanced-union-bound', link: expect.stringMatching(/#\/compare\?.*unpaired=union/) });
    expect(union.difference.upper - union.difference.lower).toBeGreaterThan(unpaired.difference.upper - unpaired.difference.lower);
    const paired = await tailbound(['compare', '--query', 'b=12&c=4&n=200']);
    // Tango's interval with the p-value of the test it inverts (McNemar's conditional one says 7.7%).
    expect(paired.stdout).toMatch(/Tango’s exact unconditional score test/);
    writeFileSync(join(dir, 'paired.csv'), 'example_id,label,prediction_a,prediction_b\n1,yes,yes,no\n2,no,no,no\n3,yes,yes,yes\n3,yes,no,no\n');
    const bad = await tailbound(['compare', '--paired', 'paired.csv']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/example_id repeats an earlier row .* \(line 5\)/);
  });
});


describe('K-class files (a label column of 3 or more classes, answered in them)', () => {
  it('are read as #/data reads them: each detector’s confusion matrix, its macro recall and per-class intervals, gated on the macro recall', async () => {
    // Two models on the same 300 examples of cat/dog/bird (seeded), two rows with an answer that is no class.
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const classes = ['Cat', 'dog ', 'bird'];
    const lines = ['id,label,prediction,model'];
    for (const model of ['A', 'B']) {
      for (let id = 0; id < 300; id++) {
        const truth = classes[Math.floor(random() * 3)]!;
        const answer = random() < (model === 'A' ? 0.8 : 0.92) ? truth : classes[Math.floor(random() * 3)]!;
        lines.push(`${id},${truth},${id === 5 ? 'fish' : answer},${model}`);
      }
    }
    // A third with no bird examples: it has no macro recall.
    for (let id = 0; id < 20; id++) lines.push(`${id},${classes[id % 2]},${classes[(id * 7) % 3]},C`);
    writeFileSync(join(dir, 'classes.csv'), `${lines.join('\n')}\n`);
    const db = await openNodeDuckDb();
    db.registerFileText('classes.csv', readFileSync(join(dir, 'classes.csv'), 'utf8'));
    const connection = db.connect();
    connection.query(`CREATE TABLE ${SOURCE_TABLE} AS SELECT * FROM ${readFileSql('classes.csv', 'csv', 'whole')}`);
    const page = classReadingFromRows(connection.query(classCombinationsSql({ truth: 'label', prediction: 'prediction', detector: 'model' }, [])).toArray().map((row) => row.toJSON() as Record<string, unknown>));
    if (page.kind !== 'classes') throw new Error('the page reads no classes');
    expect(page.labels).toEqual(['bird', 'cat', 'dog']);

    const run = await tailbound(['check', 'classes.csv', '--min-lower', '0.7', '--json', '--skip-bad-rows', '--site', 'https://example.org/tb/']);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(report.inputs[0]).toMatchObject({ kind: 'per-example', classes: ['bird', 'cat', 'dog'], rows: 620, usableRows: 618, unusableRows: [{ reason: 'prediction is not one of the label values', rows: 2, lines: [] }] });
    expect(report.detectors).toEqual([]);
    expect(report.classDetectors.map((d: { name: string; matrix: number[][] }) => [d.name, d.matrix])).toEqual(page.detectors.map((d) => [d.detector, d.matrix]));
    const [a, b, c] = report.classDetectors;
    expect(page.detectors[2]!.missing).toEqual(['bird']);
    expect(c).toMatchObject({ balanced: null, link: null, check: { pass: false, reason: 'no “bird” examples: the macro recall has no interval, so nothing is proven' } });
    expect(c.perClass.map((item: { class: string; recall: unknown }) => [item.class, item.recall === null])).toEqual([['bird', true], ['cat', false], ['dog', false]]);
    const macro = macroRecallInterval(page.detectors[0]!.matrix, 0.05);
    expect(a.balanced).toEqual({ estimate: macro.estimate, lower: macro.lower, upper: macro.upper, method: 'exact-union-bound' });
    expect(a.perClass[1]).toMatchObject({ class: 'cat', recall: { ...exactInterval(a.perClass[1].total, a.perClass[1].correct, 0.05), method: 'exact-central' } });
    expect(a.limitingClass).toBe(page.labels[macro.limitingClass]);
    expect(a.link).toBe(`https://example.org/tb/#/counts?classes=bird,cat,dog&matrix=${a.matrix.map((row: number[]) => row.join(',')).join(';')}&delta=0.05`);
    expect(a.check.pass).toBe(true);

    // One below the target fails (exit 1), named in the table; the other metrics, CSV and --anytime are usage errors (exit 2).
    const target = (a.balanced.lower + b.balanced.lower) / 2;
    const table = await tailbound(['check', 'classes.csv', '--min-lower', String(target), '--skip-bad-rows', '--detector', 'A', '--detector', 'B']);
    expect(table.code).toBe(1);
    expect(table.stdout).toMatch(/^A \(3 classes\) +\d+\/\d+ +\d/m);
    expect(table.stdout).toContain('FAIL: 1 of 2 detectors below');
    expect(table.stdout).toContain('exact union bound (one-sided bounds at δ/6 each)');
    // CSV: the page's K-class rows (classIntervalsToCsv), after any two-class detectors' rows.
    const csv = await tailbound(['intervals', 'counts.csv', 'classes.csv', '--skip-bad-rows', '--format', 'csv']);
    expect(csv.code).toBe(0);
    const classRows = classIntervalsToCsv(page.detectors.map((d) => ({ id: d.detector, name: d.detector, classes: page.labels, matrix: d.matrix })), 0.05, 'two-class rows');
    expect(csv.stdout).toBe(intervalsToCsv(parseCountsCsv(COUNTS_CSV).detectors, 0.05, 'buehler') + classRows);
    for (const args of [['--metric', 'yes'], ['--anytime']]) {
      const refused = await tailbound(['check', 'classes.csv', '--min-lower', '0.5', '--skip-bad-rows', ...args]);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('is read as 3 classes (“bird”, “cat”, “dog”)');
    }
    // Without --skip-bad-rows the two stray answers stop the run, named.
    const strict = await tailbound(['intervals', 'classes.csv']);
    expect(strict.code).toBe(2);
    expect(strict.stderr).toContain('2 rows: prediction is not one of the label values\n');
  });
});

describe('check --anytime: the confidence sequences, for a gate run again and again on a growing label set', () => {
  const camB = { yes: { correct: 300, total: 310 }, no: { correct: 590, total: 600 } };

  it('gates on balancedConfidenceSequence’s lower bound (wider than the fixed-n one), names it in JSON, table, CSV and Markdown', async () => {
    const sequence = balancedConfidenceSequence(camB, 0.05);
    // cam-b's fixed-n (Buehler) lower bound is 0.9588, its confidence sequence's 0.9336: a 0.95 target passes once, not at any time.
    expect((await tailbound(['check', 'counts.csv', '--detector', 'cam-b', '--min-lower', '0.95'])).code).toBe(0);
    const failed = await tailbound(['check', 'counts.csv', '--detector', 'cam-b', '--min-lower', '0.95', '--anytime', '--json']);
    expect(failed.code).toBe(1);
    const report = JSON.parse(failed.stdout);
    expect(report).toMatchObject({ method: { option: 'anytime', id: 'anytime-mixture-union-bound' }, verdict: 'fail', exitCode: 1 });
    expect(report.detectors[0].intervals).toEqual({
      balanced: { estimate: sequence.estimate, lower: sequence.lower, upper: sequence.upper, method: 'anytime-mixture-union-bound' },
      yes: { ...proportionConfidenceSequence(300, 310, 0.05), method: 'anytime-mixture' },
      no: { ...proportionConfidenceSequence(590, 600, 0.05), method: 'anytime-mixture' },
    });
    expect(sequence.lower).toBeCloseTo(0.93355, 4);
    expect(report.detectors[0].check.reason).toBe(`balanced accuracy: lower bound ${sequence.lower} < 0.95`);
    const passed = await tailbound(['check', 'counts.csv', '--detector', 'cam-b', '--min-lower', '0.93', '--anytime']);
    expect(passed.code).toBe(0);
    expect(passed.stdout).toContain('PASS: 1 detector — balanced accuracy lower bound ≥ 93.0% at 95% confidence, anytime-valid');
    expect(passed.stdout).toContain('Balanced: anytime-mixture-union-bound; per class: anytime-mixture (anytime-valid confidence sequence');
    const csv = (await tailbound(['check', 'counts.csv', '--min-lower', '0.5', '--anytime', '--format', 'csv', '--bonferroni'])).stdout.split('\r\n');
    expect(csv[0]).toBe('\uFEFFdetector_id,detector_name,metric,correct,total,estimate,lower,upper,confidence,method,prevalence,volume');
    const atThird = balancedConfidenceSequence(camB, 0.05 / 3);
    expect(csv).toContain(`cam-b,cam-b,balanced,890,910,${atThird.estimate},${atThird.lower},${atThird.upper},${1 - 0.05 / 3},anytime-mixture-union-bound,,`);
    expect(csv.filter((line) => line.includes(',anytime-mixture,'))).toHaveLength(6);
    const markdown = await tailbound(['intervals', 'counts.csv', '--anytime', '--format', 'markdown']);
    expect(markdown.stdout).toContain('Anytime-valid intervals at 95% (δ = 0.05): balanced by `anytime-mixture-union-bound`');
  });

  it('--anytime with --method is a usage error naming both (exit 2, nothing written)', async () => {
    const run = await tailbound(['check', 'counts.csv', '--min-lower', '0.9', '--anytime', '--method', 'union', '--markdown', 'never.md']);
    expect([run.code, run.stdout]).toEqual([2, '']);
    expect(run.stderr).toMatch(/--anytime and --method “union” disagree/);
    expect(existsSync(join(dir, 'never.md'))).toBe(false);
  });
});

describe('the expensive intervals in worker threads', () => {
  // 120 detectors of 300–1,500 labels a class: two threads' worth (one per 48 searches).
  const needs = Array.from({ length: 120 }, (_, index) => {
    const yesTotal = 300 + ((index * 37) % 1200);
    const noTotal = 300 + ((index * 53) % 1200);
    return { yes: { correct: Math.round(yesTotal * 0.9), total: yesTotal }, no: { correct: Math.round(noTotal * (0.85 + (index % 10) / 100)), total: noTotal }, delta: 0.05 };
  });

  it('each worker reports its progress every 25 intervals', () => {
    const reports: number[] = [];
    const result = runBalancedJob({ tailboundBalancedJob: true, method: 'buehler', needs: needs.slice(0, 60) }, (done) => reports.push(done));
    expect(reports).toEqual([25, 50]);
    const interval = balancedBuehlerInterval({ yes: needs[59]!.yes, no: needs[59]!.no }, 0.05);
    expect([...result.slice(59 * 3)]).toEqual([interval.estimate, interval.lower, interval.upper]);
  });

  // One thread computes them as they are needed, with no line (a one-core machine).
  it.skipIf(availableParallelism() < 2)('the progress line’s share rises to all of them, and the line is ended', async () => {
    const seen: number[] = [];
    const task = { label: '', fraction: () => 0, ended: 0 };
    const progress = {
      task: (label: string, fraction: () => number) => {
        Object.assign(task, { label, fraction });
        return { rename: () => {}, done: () => void (task.ended += 1) };
      },
    };
    const watch = setInterval(() => seen.push(task.fraction()), 20);
    await balancedInParallel(needs, 'buehler', pathToFileURL(cli), progress);
    clearInterval(watch);
    seen.push(task.fraction());
    expect(task.label).toBe('Computing Buehler’s balanced intervals');
    expect(task.ended).toBe(1);
    expect(seen.at(-1)).toBe(1);
    expect(seen.every((share, index) => share >= 0 && share <= 1 && (index === 0 || share >= seen[index - 1]!))).toBe(true);
    // The workers' reports are read as they come (~0.4 s of searches, read every 20 ms): a share seen
    // that no set of finished workers makes.
    const threads = Math.min(availableParallelism(), Math.ceil(needs.length / 48));
    const shares = dealOutByClassSize(needs, threads, ({ yes, no }) => [yes.total, no.total]).map((share) => share.length);
    const finished = shares.reduce((sums, size) => [...sums, ...sums.map((sum) => sum + size)], [0]).map((sum) => sum / needs.length);
    expect(seen.some((share) => !finished.includes(share))).toBe(true);
  });
});
