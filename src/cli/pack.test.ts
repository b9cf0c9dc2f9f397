/**
 * The "done means": the package as a user gets it. In a fresh temporary directory: `npm
 * pack` the project (prepack builds lib/), `npm install` the tarball, then `npx tailbound --version`,
 * `npx tailbound check counts.csv --min-lower 0.9` with the right exit code, and the library
 * imported by its name from Node.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exactLowerBound } from '../stats';

const root = resolve(__dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'tailbound-pack-'));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

function run(command: string, args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(command, args, { cwd, env: { ...process.env, npm_config_update_notifier: 'false' }, maxBuffer: 16 << 20 }, (error, stdout, stderr) => {
      done({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('npm pack → npm install → npx tailbound', () => {
  it('installs from the tarball and runs: --version, check (exit 0 and 1), import from Node', async () => {
    const packed = await run(npm, ['pack', '--pack-destination', work, '--silent'], root);
    expect(packed.code, packed.stderr).toBe(0);
    const tarball = readdirSync(work).find((file) => file.endsWith('.tgz'))!;
    const contents = execFileSync('tar', ['-tzf', join(work, tarball)], { encoding: 'utf8' }).split('\n');
    expect(contents).toContain('package/lib/cli.js');
    expect(contents).toContain('package/lib/types/index.d.ts');
    expect(contents.filter((file) => file.startsWith('package/src/'))).toEqual([]);
    const app = join(work, 'app');
    execFileSync('mkdir', ['-p', app]);
    writeFileSync(join(app, 'package.json'), '{ "name": "app", "private": true, "type": "module" }\n');
    const installed = await run(npm, ['install', join(work, tarball), '--no-audit', '--no-fund', '--prefer-offline', '--silent'], app);
    expect(installed.code, installed.stderr).toBe(0);
    const { version } = JSON.parse(execFileSync('cat', [join(root, 'package.json')], { encoding: 'utf8' })) as { version: string };
    expect((await run(npx, ['tailbound', '--version'], app)).stdout.trim()).toBe(version);
    writeFileSync(join(app, 'check.ts'), "import { exactLowerBound, type Interval } from 'tailbound';\nconst bound: number = exactLowerBound(40, 38, 0.05);\nexport const interval: Interval = { estimate: 0.95, lower: bound, upper: 1 };\n");
    writeFileSync(join(app, 'counts.csv'), 'detector,yes_correct,yes_total,no_correct,no_total\ncam-a,38,40,55,60\ncam-b,300,310,590,600\n');
    const below = await run(npx, ['tailbound', 'check', 'counts.csv', '--min-lower', '0.9'], app);
    expect(below.code, below.stderr).toBe(1);
    expect((await run(npx, ['tailbound', 'check', 'counts.csv', '--min-lower', '0.8'], app)).code).toBe(0);
    // The library's argument order is (n, k, δ), as everywhere in src/stats: 38 of 40 is (40, 38, δ).
    const imported = await run(process.execPath, ['-e', "import('tailbound').then(m => console.log(m.exactLowerBound(40, 38, 0.05)))"], app);
    expect(imported.stderr).toBe('');
    expect(Number(imported.stdout.trim())).toBe(exactLowerBound(40, 38, 0.05));
    // The line as written, (38, 40, δ), asks for 40 correct of 38: the library names the problem.
    const asWritten = await run(process.execPath, ['-e', "import('tailbound').then(m => console.log(m.exactLowerBound(38, 40, 0.05)))"], app);
    expect(asWritten.stderr).toContain('k must be ≤ n (38), got 40');
    const types = await run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', 'check.ts'], app);
    expect(types.stdout + types.stderr).toBe('');
  }, 300_000);
});
