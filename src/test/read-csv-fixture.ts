import { readFileSync } from 'node:fs';
import type { ProportionMethod } from '../stats';

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

/**
 * Rows of a proportion-method fixture (statsmodels' columns): `method`, `alpha` read as our δ, and
 * the named numeric columns as numbers.
 */
export function readMethodFixture<Column extends string>(name: string, numeric: Column[]): Array<Record<Column, number> & { method: ProportionMethod; delta: number }> {
  return readCsvFixture(name).map((row) => ({
    ...(Object.fromEntries(numeric.map((column) => [column, Number(row[column])])) as Record<Column, number>),
    method: row.method as ProportionMethod,
    delta: Number(row.alpha),
  }));
}
