/**
 * Parquet to an Arrow IPC stream, for the evaluation engine: DuckDB-WASM reads Parquet only through
 * an extension it would download at run time, which a page that works offline cannot allow, but it
 * takes Arrow natively. Columns keep Parquet's types (as the CLI's native `read_parquet` sees them),
 * and no CSV text is written, parsed or sniffed: for 1,000,000 rows of nine columns the conversion
 * to CSV took 3.7–4.3 s in Node and this 2.2–2.8 s (scratch measurement, hyparquet 1.31, apache-arrow
 * 17). Text columns travel as the file's UTF-8 bytes, never decoded to strings: in Chromium's
 * worker hyparquet's decoding of the 1,000,000 rows took ~6 s with a TextDecoder call per value
 * and ~1 s with the bytes kept, the whole conversion 7.7–8.2 s and 1.5–2.6 s (~1.5 s and 2.3 s in
 * Node, where TextDecoder is cheap; the same Arrow bytes, compared as one stream).
 * Runs in the conversion worker (convert.worker.ts), a row group at a time.
 */
import { parquetMetadataAsync, parquetRead, parquetSchema, type AsyncBuffer, type ColumnData, type FileMetaData, type ParquetParsers, type SchemaElement } from 'hyparquet';
import { Bool, Float64, Int32, Int64, makeData, makeVector, Table, tableToIPC, TimestampMillisecond, Utf8, vectorFromArray, type Vector } from 'apache-arrow';

const encoder = new TextEncoder();
const strictDecoder = new TextDecoder('utf-8', { fatal: true });
const lenientDecoder = new TextDecoder();

/** How a column travels: fixed for the whole file, so every row group's batch has the same schema. */
export type ArrowKind = 'bool' | 'int32' | 'int64' | 'float' | 'time' | 'text';

/**
 * A column's kind from its Parquet type, or (for logical types hyparquet turns into dates, numbers
 * or text) from its first value; a column with no value yet is text.
 */
export function arrowKind(element: SchemaElement, first: unknown): ArrowKind {
  const plain = element.converted_type === undefined && element.logical_type === undefined;
  if (element.type === 'BOOLEAN') return 'bool';
  if (element.type === 'FLOAT' || element.type === 'DOUBLE') return 'float';
  if (element.type === 'INT32' && plain) return 'int32';
  if (element.type === 'INT64' && plain) return 'int64';
  const logical = element.logical_type?.type;
  if (logical === 'TIMESTAMP' || logical === 'DATE' || element.converted_type === 'DATE' || element.converted_type?.startsWith('TIMESTAMP')) return 'time';
  if (first instanceof Date) return 'time';
  if (typeof first === 'number') return 'float';
  if (typeof first === 'bigint') return 'int64';
  return 'text';
}

const numberOrNull = (value: unknown) => (typeof value === 'number' ? value : typeof value === 'bigint' ? Number(value) : null);

/** One column of a row group as Arrow, in its kind; a value that does not fit it is null. */
export function arrowColumn(values: ArrayLike<unknown>, kind: ArrowKind): Vector {
  switch (kind) {
    case 'bool':
      return vectorFromArray(Array.from(values, (value) => (typeof value === 'boolean' ? value : null)), new Bool());
    case 'int32':
      return values instanceof Int32Array ? makeVector(values) : vectorFromArray(Array.from(values, numberOrNull), new Int32());
    case 'int64':
      return values instanceof BigInt64Array
        ? makeVector(values)
        : vectorFromArray(Array.from(values, (value) => (typeof value === 'bigint' ? value : typeof value === 'number' && Number.isInteger(value) ? BigInt(value) : null)), new Int64());
    case 'float':
      return values instanceof Float64Array ? makeVector(values) : vectorFromArray(Array.from(values, numberOrNull), new Float64());
    case 'time':
      return vectorFromArray(Array.from(values, (value) => (value instanceof Date && !Number.isNaN(value.getTime()) ? value.getTime() : null)), new TimestampMillisecond());
    case 'text':
      return utf8BytesColumn(values) ?? utf8Column(values);
  }
}

/** Any value as text (strings as they are; lists, structs and bytes as JSON); null stays null. */
function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  return JSON.stringify(value, (_, inner: unknown) => (typeof inner === 'bigint' ? inner.toString() : inner));
}

/**
 * A text column built directly (apache-arrow's `vectorFromArray` took ~9 s for a million rows of six
 * text columns): the texts joined and encoded once; when all are ASCII their offsets are their lengths.
 */
function utf8Column(values: ArrayLike<unknown>): Vector {
  const length = values.length;
  const texts: string[] = new Array<string>(length);
  const valid = new Uint8Array((length + 7) >> 3);
  let nullCount = 0;
  for (let i = 0; i < length; i++) {
    const text = asText(values[i]);
    if (text === null) {
      texts[i] = '';
      nullCount++;
    } else {
      texts[i] = text;
      valid[i >> 3]! |= 1 << (i & 7);
    }
  }
  const offsets = new Int32Array(length + 1);
  const joined = texts.join('');
  let data: Uint8Array;
  if (!/[\u0080-\uffff]/.test(joined)) {
    for (let i = 0, at = 0; i < length; i++) offsets[i + 1] = at += texts[i]!.length;
    data = encoder.encode(joined);
  } else {
    // Each UTF-16 unit takes at most 3 bytes of UTF-8.
    const room = new Uint8Array(joined.length * 3);
    let at = 0;
    for (let i = 0; i < length; i++) offsets[i + 1] = at += encoder.encodeInto(texts[i]!, room.subarray(at)).written;
    data = room.slice(0, at);
  }
  return makeVector(makeData({ type: new Utf8(), length, nullCount, nullBitmap: nullCount > 0 ? valid : undefined, valueOffsets: offsets, data }));
}

/**
 * A text column from values that are UTF-8 bytes (hyparquet's strings left undecoded: see
 * `KEEP_BYTES`) or null, copied end to end; null when another kind of value is among them.
 * Bytes that are not valid UTF-8 are decoded as before (each bad sequence U+FFFD, as TextDecoder
 * gives), so the engine always gets valid text. Valid as a whole and no value starting inside a
 * character (a continuation byte 0x80–0xBF) means each value is valid on its own.
 */
function utf8BytesColumn(values: ArrayLike<unknown>): Vector | null {
  const length = values.length;
  const valid = new Uint8Array((length + 7) >> 3);
  const offsets = new Int32Array(length + 1);
  let nullCount = 0;
  let size = 0;
  for (let i = 0; i < length; i++) {
    const value = values[i];
    if (value === null || value === undefined) nullCount++;
    else if (value instanceof Uint8Array) size += value.length;
    else return null;
    offsets[i + 1] = size;
  }
  if (nullCount === length) return null;
  const data = new Uint8Array(size);
  let wide = false;
  let startsInside = false;
  for (let i = 0; i < length; i++) {
    const value = values[i];
    if (!(value instanceof Uint8Array)) continue;
    valid[i >> 3]! |= 1 << (i & 7);
    data.set(value, offsets[i]!);
    if (value.length > 0 && (value[0]! & 0xc0) === 0x80) startsInside = true;
  }
  for (let j = 0; j < size && !wide; j++) wide = data[j]! >= 0x80;
  if (wide && (startsInside || !isUtf8(data))) return utf8Column(Array.from(values, (value) => (value instanceof Uint8Array ? lenientDecoder.decode(value) : null)));
  return makeVector(makeData({ type: new Utf8(), length, nullCount, nullBitmap: nullCount > 0 ? valid : undefined, valueOffsets: offsets, data }));
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    strictDecoder.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The rows [rowStart, rowEnd) of one column from the chunks hyparquet decoded (which may reach outside them). */
function columnRows(chunks: readonly ColumnData[], rowStart: number, rowEnd: number): ArrayLike<unknown> {
  const only = chunks.length === 1 ? chunks[0]! : undefined;
  if (only && only.rowStart === rowStart && only.rowEnd === rowEnd) return only.columnData;
  const rows = new Array<unknown>(rowEnd - rowStart).fill(null);
  for (const chunk of chunks) {
    for (let row = Math.max(rowStart, chunk.rowStart); row < Math.min(rowEnd, chunk.rowEnd); row++) rows[row - rowStart] = chunk.columnData[row - chunk.rowStart];
  }
  return rows;
}

/**
 * hyparquet's text values left as their UTF-8 bytes (its other parsers kept): a text column is
 * copied to Arrow whole (`utf8BytesColumn`) instead of decoded value by value and encoded again.
 */
const KEEP_BYTES: Partial<ParquetParsers> = { stringFromBytes: (bytes: Uint8Array) => bytes };

/**
 * Every row group of a Parquet file as an Arrow IPC stream of its own (column names, order and
 * types the same in each: the first row group's), handed to `onStream` as soon as it is decoded,
 * so that the engine loads one row group while the next is decoded; resolves to the row count.
 * `onProgress` gets the share of rows decoded after each row group. Null (and no stream) when a
 * column is nested (lists, structs, maps): those travel as CSV text of JSON (convert.ts) instead.
 * `metadata`, when the caller has read it already, saves reading the file's footer again.
 */
export async function parquetToArrowIpc(
  file: AsyncBuffer,
  onStream: (ipc: Uint8Array) => void,
  onProgress: (fraction: number) => void = () => {},
  metadata?: FileMetaData,
): Promise<{ rows: number } | null> {
  metadata ??= await parquetMetadataAsync(file);
  const fields = parquetSchema(metadata).children;
  if (fields.some((field) => field.children.length > 0)) return null;
  const names = fields.map((field) => field.element.name);
  const kinds = new Map<string, ArrowKind>();
  const total = Number(metadata.num_rows);
  let rowStart = 0;
  for (const group of metadata.row_groups) {
    const rowEnd = rowStart + Number(group.num_rows);
    const chunks = new Map<string, ColumnData[]>(names.map((name) => [name, []]));
    await parquetRead({ file, metadata, rowStart, rowEnd, parsers: KEEP_BYTES, onChunk: (chunk) => chunks.get(chunk.columnName)?.push(chunk) });
    const columns: Record<string, Vector> = {};
    fields.forEach(({ element }) => {
      const values = columnRows(chunks.get(element.name)!, rowStart, rowEnd);
      if (!kinds.has(element.name)) kinds.set(element.name, arrowKind(element, firstValue(values)));
      columns[element.name] = arrowColumn(values, kinds.get(element.name)!);
    });
    if (rowEnd > rowStart) onStream(tableToIPC(new Table(columns), 'stream'));
    rowStart = rowEnd;
    onProgress(total > 0 ? rowEnd / total : 1);
  }
  return { rows: rowStart };
}

function firstValue(values: ArrayLike<unknown>): unknown {
  for (let i = 0; i < values.length; i++) if (values[i] !== null && values[i] !== undefined) return values[i];
  return null;
}
