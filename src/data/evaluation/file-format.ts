import { formatWholeCount } from '../format/count-format';
import type { EvaluationFormat } from './sql';

/** How many leading bytes `detectEvaluationFormat` looks at. */
export const FORMAT_SNIFF_BYTES = 4096;

/** A per-example file's format, or why it cannot be read. */
export type FormatGuess = { ok: true; format: EvaluationFormat } | { ok: false; message: string };

const PARQUET_MAGIC = [0x50, 0x41, 0x52, 0x31]; // "PAR1"

/**
 * The format of a per-example file from its name and first bytes: Parquet by its "PAR1" magic,
 * gzip by 1f 8b (gzip-compressed CSV or TSV), JSON Lines by `.jsonl`/`.ndjson`, TSV by `.tsv`/`.tab`,
 * anything else that is text is CSV (DuckDB's sniffer then finds the delimiter). Text with NUL
 * bytes in its first kilobytes is refused as binary.
 */
export function detectEvaluationFormat(fileName: string, size: number, head: Uint8Array): FormatGuess {
  const name = fileName.toLowerCase();
  if (size === 0) return { ok: false, message: `“${fileName}” is empty (0 bytes).` };
  const startsWith = (magic: readonly number[]) => magic.every((byte, index) => head[index] === byte);
  if (startsWith(PARQUET_MAGIC)) return { ok: true, format: 'parquet' };
  if (name.endsWith('.parquet')) {
    return { ok: false, message: `“${fileName}” is named .parquet but does not start with Parquet's “PAR1” marker; it is not a Parquet file.` };
  }
  if (startsWith([0x1f, 0x8b])) return { ok: true, format: 'csv.gz' };
  if (name.endsWith('.gz')) return { ok: false, message: `“${fileName}” is named .gz but is not gzip-compressed.` };
  if (head.includes(0)) {
    return { ok: false, message: `“${fileName}” looks binary (it contains NUL bytes), not CSV, TSV, JSON Lines, Parquet or gzip-compressed CSV.` };
  }
  if (name.endsWith('.jsonl') || name.endsWith('.ndjson')) return { ok: true, format: 'jsonl' };
  if (name.endsWith('.json')) {
    // One object per line is JSON Lines; a single document ([…] or a pretty-printed {…}) is not.
    const text = new TextDecoder().decode(head).replace(/^\uFEFF/, '').trimStart();
    const firstLine = text.split('\n', 1)[0]?.trim() ?? '';
    if (firstLine.startsWith('{') && firstLine.endsWith('}')) return { ok: true, format: 'jsonl' };
    return { ok: false, message: `“${fileName}” is one JSON document, not JSON Lines (one JSON object per line).` };
  }
  if (name.endsWith('.tsv') || name.endsWith('.tab')) return { ok: true, format: 'tsv' };
  return { ok: true, format: 'csv' };
}

/** The name the file gets inside DuckDB: fixed and plain, whatever the user's file is called. */
export function engineFileName(format: EvaluationFormat): string {
  return `evaluation.${format === 'tsv' ? 'tsv' : format}`;
}

/**
 * DuckDB's message in the user's terms: the line it names, when it names one (a row with a field too
 * many or too few, or an unclosed quote), and the user's file name rather than the engine's.
 */
export function readerProblem(duckDbMessage: string, fileName: string, format: EvaluationFormat): string {
  const line = /Line:\s*(\d+)/i.exec(duckDbMessage)?.[1];
  if (line !== undefined && (format === 'csv' || format === 'tsv' || format === 'csv.gz')) {
    return `line ${formatWholeCount(Number(line))} does not fit the lines before it (a field too many or too few — e.g. an unquoted ${format === 'tsv' ? 'tab' : 'comma'} in a value — or an unclosed quote). Fix that line, or export the file again.`;
  }
  if (/when sniffing/i.test(duckDbMessage)) {
    return 'its lines do not share one layout (a field too many or too few in some line, or an unclosed quote), so its delimiter and quoting could not be worked out.';
  }
  return duckDbMessage.split('\n')[0]!.split(`"${engineFileName(format)}"`).join(`"${fileName}"`);
}
