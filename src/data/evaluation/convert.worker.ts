/// <reference lib="webworker" />
import { parquetMetadataAsync, parquetRead, parquetSchema } from 'hyparquet';
import { CsvParts, JsonLinesReader, type SkippedLines } from './convert';
import { parquetToArrowIpc } from './parquet-arrow';

/** What the page asks: convert this file (JSON Lines to CSV; Parquet to Arrow, or CSV when nested). */
export interface ConvertJob {
  file: File;
  format: 'jsonl' | 'parquet';
}

export type ConvertMessage =
  | { kind: 'progress'; fraction: number }
  | { kind: 'done'; csv: Blob; skipped: SkippedLines }
  /** One row group as an Arrow IPC stream of its own (Parquet), sent as soon as it is decoded. */
  | { kind: 'arrow-part'; ipc: Uint8Array }
  /** Every row group has been sent (Parquet). */
  | { kind: 'arrow' }
  | { kind: 'error'; message: string };

const post = (message: ConvertMessage, transfer: Transferable[] = []) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(message, transfer);

async function convertJsonLines(file: File): Promise<ConvertMessage> {
  const csv = new CsvParts();
  const reader = new JsonLinesReader(csv);
  const decoder = new TextDecoder();
  const chunk = 4 << 20;
  for (let start = 0; start < file.size; start += chunk) {
    reader.push(decoder.decode(new Uint8Array(await file.slice(start, start + chunk).arrayBuffer()), { stream: true }));
    post({ kind: 'progress', fraction: Math.min(1, (start + chunk) / file.size) });
  }
  reader.push(decoder.decode());
  reader.end();
  if (csv.rows === 0) {
    const message = reader.skipped.count > 0 ? `no line is a JSON object (line ${reader.skipped.examples[0]} is not)` : 'it has no rows';
    return { kind: 'error', message };
  }
  return { kind: 'done', csv: new Blob(csv.blobParts(), { type: 'text/csv' }), skipped: reader.skipped };
}

async function convertParquet(file: File): Promise<ConvertMessage> {
  const buffer = { byteLength: file.size, slice: (start: number, end?: number) => file.slice(start, end).arrayBuffer() };
  const metadata = await parquetMetadataAsync(buffer);
  // Each row group's stream moves to the page rather than being copied.
  const arrow = await parquetToArrowIpc(buffer, (ipc) => post({ kind: 'arrow-part', ipc }, [ipc.buffer]), (fraction) => post({ kind: 'progress', fraction }), metadata);
  if (arrow !== null) return arrow.rows === 0 ? { kind: 'error', message: 'it has no rows' } : { kind: 'arrow' };
  const names = parquetSchema(metadata).children.map((child) => child.element.name);
  const csv = new CsvParts();
  for (const name of names) csv.column(name);
  const total = Number(metadata.num_rows);
  let rowStart = 0;
  for (const group of metadata.row_groups) {
    const rowEnd = rowStart + Number(group.num_rows);
    await parquetRead({
      file: buffer,
      metadata,
      rowStart,
      rowEnd,
      rowFormat: 'array',
      onComplete: (rows: unknown[][]) => {
        for (const row of rows) csv.addValues(row);
      },
    });
    rowStart = rowEnd;
    post({ kind: 'progress', fraction: total > 0 ? rowEnd / total : 1 });
  }
  if (csv.rows === 0) return { kind: 'error', message: 'it has no rows' };
  return { kind: 'done', csv: new Blob(csv.blobParts(), { type: 'text/csv' }), skipped: { count: 0, examples: [] } };
}

self.onmessage = (event: MessageEvent<ConvertJob>) => {
  const { file, format } = event.data;
  (format === 'jsonl' ? convertJsonLines(file) : convertParquet(file))
    .then((message) => post(message))
    .catch((error: unknown) => post({ kind: 'error', message: error instanceof Error ? error.message : String(error) }));
};
