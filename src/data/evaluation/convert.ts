/**
 * JSON Lines (and Parquet with nested columns; flat Parquet goes as Arrow, parquet-arrow.ts) to CSV,
 * for the evaluation engine: DuckDB-WASM reads JSON and Parquet only
 * through extensions it would download at run time, which a page that works offline and loads
 * nothing from elsewhere cannot allow. The converter runs in a Web Worker (convert.worker.ts),
 * reads the file in slices and writes the CSV as Blob parts, which the browser keeps outside the
 * page's JavaScript memory; DuckDB then reads that Blob like any CSV.
 */

/** Lines (or rows) that could not be read, with the first few line numbers. */
export interface SkippedLines {
  count: number;
  examples: number[];
}

const EXAMPLES_KEPT = 3;

/** One value as a CSV cell: text quoted when it holds a delimiter, quote, line break or edge space. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
  else if (typeof value === 'bigint') text = value.toString();
  else if (value instanceof Date) text = Number.isNaN(value.getTime()) ? '' : value.toISOString();
  else text = JSON.stringify(value, (_, inner: unknown) => (typeof inner === 'bigint' ? inner.toString() : inner));
  return /[",\r\n]|^\s|\s$/.test(text) || text === '' ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Collects rows as CSV text in parts of about a megabyte. Columns are added as they are first seen;
 * a row written before a column existed simply ends early (DuckDB reads it with `null_padding`).
 */
export class CsvParts {
  readonly columns: string[] = [];
  private readonly index = new Map<string, number>();
  readonly parts: string[] = [];
  private current = '';
  rows = 0;

  /** The column's position, adding it when new. */
  column(name: string): number {
    let position = this.index.get(name);
    if (position === undefined) {
      position = this.columns.length;
      this.columns.push(name);
      this.index.set(name, position);
    }
    return position;
  }

  addValues(values: readonly unknown[]): void {
    this.current += `${values.map(csvCell).join(',')}\n`;
    this.rows += 1;
    if (this.current.length > 1 << 20) this.flush();
  }

  addObject(row: Record<string, unknown>): void {
    const values: unknown[] = [];
    for (const [key, value] of Object.entries(row)) values[this.column(key)] = value;
    for (let i = 0; i < values.length; i++) if (!(i in values)) values[i] = null;
    this.addValues(values);
  }

  flush(): void {
    if (this.current !== '') this.parts.push(this.current);
    this.current = '';
  }

  /** The header line followed by every row. */
  blobParts(): string[] {
    this.flush();
    return [`${this.columns.map(csvCell).join(',')}\n`, ...this.parts];
  }
}

/**
 * Reads JSON Lines text fed in pieces: each non-blank line must be one JSON object; a line that is
 * not is skipped and counted (line numbers count every line from 1).
 */
export class JsonLinesReader {
  readonly skipped: SkippedLines = { count: 0, examples: [] };
  private rest = '';
  private line = 0;

  constructor(private readonly csv: CsvParts) {}

  push(text: string): void {
    const lines = (this.rest + text).split('\n');
    this.rest = lines.pop() ?? '';
    for (const line of lines) this.readLine(line);
  }

  end(): void {
    if (this.rest !== '') this.readLine(this.rest);
    this.rest = '';
  }

  private readLine(raw: string): void {
    this.line += 1;
    const line = (this.line === 1 ? raw.replace(/^\uFEFF/, '') : raw).trim();
    if (line === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      value = undefined;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      this.skipped.count += 1;
      if (this.skipped.examples.length < EXAMPLES_KEPT) this.skipped.examples.push(this.line);
      return;
    }
    this.csv.addObject(value as Record<string, unknown>);
  }
}
