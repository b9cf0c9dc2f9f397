import { Table, tableFromIPC } from 'apache-arrow';
import fc from 'fast-check';
import { parquetMetadataAsync } from 'hyparquet';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { describe, expect, it } from 'vitest';
import { openNodeDuckDb } from '../../test/node-duckdb';
import { parquetToArrowIpc } from './parquet-arrow';

/** An in-memory Parquet file as hyparquet's AsyncBuffer. */
function asyncBuffer(buffer: ArrayBuffer) {
  return { byteLength: buffer.byteLength, slice: async (start: number, end?: number) => buffer.slice(start, end) };
}

/** A Parquet file converted: its Arrow streams (a row group each, in order) and the result. */
async function converted(file: ArrayBuffer) {
  const streams: Uint8Array[] = [];
  const result = await parquetToArrowIpc(asyncBuffer(file), (ipc) => streams.push(ipc));
  return { streams, result };
}

/** The streams loaded into DuckDB-WASM as the page's engine does (the first creates the table, the rest add to it): column types and rows as text. */
async function loaded(streams: Uint8Array[]) {
  const db = await openNodeDuckDb();
  const connection = db.connect();
  streams.forEach((ipc, index) => connection.insertArrowFromIPCStream(ipc, { name: 'source', create: index === 0 }));
  const types = connection.query('DESCRIBE source').toArray().map((row) => `${String(row.column_name)} ${String(row.column_type)}`);
  const rows = connection
    .query("SELECT * EXCLUDE (seen), CAST(seen AS VARCHAR) AS seen FROM source ORDER BY id")
    .toArray()
    .map((row) => JSON.stringify(row.toJSON(), (_, value: unknown) => (typeof value === 'bigint' ? String(value) : value)));
  connection.close();
  return { types, rows };
}

/**
 * A text column's values over every stream, as the bytes the streams hold (arrow-js would decode
 * bad UTF-8 leniently on reading, hiding it; the engine would not take it).
 */
function textBytes(streams: Uint8Array[], name: string): (Uint8Array | null)[] {
  return new Table(streams.flatMap((ipc) => tableFromIPC(ipc).batches))
    .getChild(name)!
    .data.flatMap((data) => Array.from({ length: data.length }, (_, row) => (data.getValid(row) ? data.values.subarray(data.valueOffsets[row], data.valueOffsets[row + 1]) : null)));
}

const utf8 = (value: string | null) => (value === null ? null : new TextEncoder().encode(value));

describe('parquetToArrowIpc', () => {
  it('keeps every column’s Parquet type, nulls, non-ASCII text and the order of rows over several row groups', async () => {
    const file = parquetWriteBuffer({
      columnData: [
        { name: 'id', data: new Int32Array([1, 2, 3, 4, 5]), type: 'INT32' },
        { name: 'label', data: ['yes', 'nö', null, 'yes, "quoted"', ''], type: 'STRING' },
        { name: 'score', data: new Float64Array([0.25, 0.5, 0.125, 1, 0]), type: 'DOUBLE' },
        { name: 'big', data: [10n, null, 9007199254740993n, -4n, 0n], type: 'INT64' },
        { name: 'ok', data: [true, false, null, true, false], type: 'BOOLEAN' },
        { name: 'seen', data: [new Date('2026-01-01T00:00:00.125Z'), null, new Date('2026-02-03T04:05:06Z'), new Date('2026-03-01T00:00:00Z'), new Date('2026-03-02T00:00:00Z')], type: 'TIMESTAMP' },
        // Empty in the first row group: its kind is text, and stays text when values come.
        { name: 'late', data: [null, null, 'x', 'y', null], type: 'STRING' },
      ],
      rowGroupSize: 2,
    });
    const { streams, result } = await converted(file);
    expect(result?.rows).toBe(5);
    expect(streams).toHaveLength(3);
    const { types, rows } = await loaded(streams);
    expect(types).toEqual(['id INTEGER', 'label VARCHAR', 'score DOUBLE', 'big BIGINT', 'ok BOOLEAN', 'seen TIMESTAMP_MS', 'late VARCHAR']);
    expect(rows).toEqual([
      '{"id":1,"label":"yes","score":0.25,"big":"10","ok":true,"late":null,"seen":"2026-01-01 00:00:00.125"}',
      '{"id":2,"label":"nö","score":0.5,"big":null,"ok":false,"late":null,"seen":null}',
      '{"id":3,"label":null,"score":0.125,"big":"9007199254740993","ok":null,"late":"x","seen":"2026-02-03 04:05:06"}',
      '{"id":4,"label":"yes, \\"quoted\\"","score":1,"big":"-4","ok":true,"late":"y","seen":"2026-03-01 00:00:00"}',
      '{"id":5,"label":"","score":0,"big":"0","ok":false,"late":null,"seen":"2026-03-02 00:00:00"}',
    ]);
  });

  it('copies text as its UTF-8 bytes, and decodes bytes that are not UTF-8 as TextDecoder does (U+FFFD for each bad sequence)', async () => {
    const bytes = (...values: number[]) => new Uint8Array(values);
    // Each of split's two values is invalid though together they spell "€": a value may not start inside a character.
    const columns = { bad: [utf8('nö 😀'), bytes(0xff, 0x61), null, utf8('')], split: [utf8('a'), bytes(0xe2, 0x82), bytes(0xac), utf8('€')], good: [utf8('yes'), utf8('nö 😀'), null, utf8('')] };
    const file = parquetWriteBuffer({ columnData: Object.entries(columns).map(([name, data]) => ({ name, data, type: 'BYTE_ARRAY' })) });
    const { streams } = await converted(file);
    expect(textBytes(streams, 'bad')).toEqual(['nö 😀', '\ufffda', null, ''].map(utf8));
    expect(textBytes(streams, 'split')).toEqual(['a', '\ufffd', '\ufffd', '€'].map(utf8));
    expect(textBytes(streams, 'good')).toEqual(columns.good);
  });

  it('gives every text value as decoding its bytes one by one would, whatever the bytes (fast-check)', async () => {
    const value = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 6 }).map(utf8), fc.uint8Array({ maxLength: 6 }), fc.constant(null));
    await fc.assert(
      fc.asyncProperty(fc.array(value, { minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 40 }), async (data, rowGroupSize) => {
        const file = parquetWriteBuffer({ columnData: [{ name: 'x', data, type: 'BYTE_ARRAY' }], rowGroupSize });
        const { streams } = await converted(file);
        expect(textBytes(streams, 'x')).toEqual(data.map((bytes) => (bytes === null ? null : utf8(new TextDecoder().decode(bytes)))));
      }),
      { numRuns: 300 },
    );
  });

  it('gives JSON columns as their JSON text, and a timestamp column empty at first still as times', async () => {
    const file = parquetWriteBuffer({ columnData: [{ name: 'id', data: new Int32Array([1, 2]), type: 'INT32' }, { name: 'seen', data: [null, new Date('2026-01-01T00:00:00Z')], type: 'TIMESTAMP' }, { name: 'tags', data: [['a'], { b: 'c' }], type: 'JSON' }] });
    expect((await loaded((await converted(file)).streams)).rows).toEqual(['{"id":1,"tags":"[\\"a\\"]","seen":null}', '{"id":2,"tags":"{\\"b\\":\\"c\\"}","seen":"2026-01-01 00:00:00"}']);
  });

  it('reports each row group’s share of the rows, and leaves nested columns to the CSV conversion (null)', async () => {
    const shares: number[] = [];
    const streams: Uint8Array[] = [];
    // Each row group's stream is handed over before its share is reported.
    await parquetToArrowIpc(
      asyncBuffer(parquetWriteBuffer({ columnData: [{ name: 'x', data: new Float64Array([1, 2, 3, 4]), type: 'DOUBLE' }], rowGroupSize: 3 })),
      (ipc) => streams.push(ipc),
      (share) => shares.push(share * 10 + streams.length),
    );
    expect(shares).toEqual([8.5, 12]);
    const nested = parquetWriteBuffer({ columnData: [{ name: 'event', data: [{ type: 'login' }, { type: 'click', x: 10 }], type: 'VARIANT' }] });
    const nestedStreams: Uint8Array[] = [];
    expect(await parquetToArrowIpc(asyncBuffer(nested), (ipc) => nestedStreams.push(ipc))).toBeNull();
    expect(nestedStreams).toEqual([]);
  });

  it('uses the metadata the caller has read (the footer is read once) and gives the same streams', async () => {
    const file = asyncBuffer(parquetWriteBuffer({ columnData: [{ name: 'x', data: new Float64Array([1, 2, 3]), type: 'DOUBLE' }], rowGroupSize: 2 }));
    let reads = 0;
    const counted = { byteLength: file.byteLength, slice: (start: number, end?: number) => ((reads += 1), file.slice(start, end)) };
    const metadata = await parquetMetadataAsync(file);
    const given: Uint8Array[] = [];
    await parquetToArrowIpc(counted, (ipc) => given.push(ipc), undefined, metadata);
    const readsWithMetadata = reads;
    reads = 0;
    const read: Uint8Array[] = [];
    await parquetToArrowIpc(counted, (ipc) => read.push(ipc));
    expect(reads).toBeGreaterThan(readsWithMetadata);
    expect(given).toEqual(read);
  });
});
