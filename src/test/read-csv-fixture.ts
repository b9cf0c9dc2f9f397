import { readFileSync } from 'node:fs';

/**
 * Rows of a CSV fixture in src/stats/fixtures as objects of strings keyed by the header
 * (the fixtures are plain numeric CSV: no quoting, no embedded commas). Node-only, for tests.
 */
export function readCsvFixture(name: string): Array<Record<string, string>> {
  const text = readFileSync(new URL(`../stats/fixtures/${name}`, import.meta.url), 'utf8');
  const [header, ...lines] = text.trim().split(/\r?\n/);
  const columns = header!.split(',');
  return lines.map((line) => {
    const cells = line.split(',');
    return Object.fromEntries(columns.map((column, index) => [column, cells[index] ?? '']));
  });
}
