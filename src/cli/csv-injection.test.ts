/**
 * Issue 29: the CLI's CSV (`--format csv` of intervals and compare) is the dashboard's shared export
 * (`intervalsToCsv`, `comparisonToCsv`), so detector names like formulas come out as text. Run in
 * process through `main`, as `tailbound` runs it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FORMULA_NAMES, expectFormulaSafe } from '../test/formula-cells';
import { textCell } from '../data/files';
import { main, type Io } from './main';

const dir = mkdtempSync(join(tmpdir(), 'tailbound-csv-injection-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const stream = (write: (text: string) => void) => ({ write: (text: string) => (write(text), true), isTTY: false }) as unknown as NodeJS.WriteStream;
  const io: Io = { stdout: stream((text) => (stdout += text)), stderr: stream((text) => (stderr += text)), env: {} };
  const code = await main(args, io);
  return { code, stdout, stderr };
}

describe('the CLI’s CSV neutralises formula-like names (issue 29)', () => {
  // The import trims names, so leading spaces and line breaks do not survive to the export.
  const names = FORMULA_NAMES.filter((name) => name.trim() === name);

  it('tailbound intervals --format csv', async () => {
    const csv = ['detector,yes_correct,yes_total,no_correct,no_total', ...names.map((name) => `${textCell(name)},38,40,55,60`)].join('\n');
    writeFileSync(join(dir, 'counts.csv'), csv);
    const result = await run(['intervals', join(dir, 'counts.csv'), '--format', 'csv']);
    expect(result.stderr).toBe('');
    expectFormulaSafe(result.stdout, names);
  });

  it('tailbound compare --format csv', async () => {
    const result = await run(['compare', '--a', 'yes=38/40,no=55/60', '--b', 'yes=30/40,no=50/60', '--name-a', '=HYPERLINK("http://x")', '--name-b', '@SUM(1+1)', '--format', 'csv']);
    expect(result.stderr).toBe('');
    expectFormulaSafe(result.stdout, ['=HYPERLINK("http://x")', '@SUM(1+1)']);
  });
});
