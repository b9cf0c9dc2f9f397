import { tableFromIPC } from 'apache-arrow';
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

/** The Arrow stream loaded into DuckDB-WASM (as the page's engine does), with its column types and rows as text. */
async function loaded(ipc: Uint8Array) {
  const db = await openNodeDuckDb();
  const connection = db.connect();
  connection.insertArrowFromIPCStream(ipc, { name: 'source', create: true });
  const types = connection.query('DESCRIBE source').toArray().map((row) => `${String(row.column_name)} ${String(row.column_type)}`);
  const rows = connection
    .query("SELECT * EXCLUDE (seen), CAST(seen AS VARCHAR) AS seen FROM source ORDER BY id")
    .toArray()
    .map((row) => JSON.stringify(row.toJSON(), (_, value: unknown) => (typeof value === 'bigint' ? String(value) : value)));
  connection.close();
  return { types, rows };
}

/**
 * A text column's values as the bytes the Arrow stream holds (arrow-js would decode bad UTF-8
 * leniently on reading, hiding it; the engine would not take it).
 */
function textBytes(ipc: Uint8Array, name: string): (Uint8Array | null)[] {
  return tableFromIPC(ipc)
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
    const converted = await parquetToArrowIpc(asyncBuffer(file));
    expect(converted?.rows).toBe(5);
    const { types, rows } = await loaded(converted!.ipc);
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
    const { ipc } = (await parquetToArrowIpc(asyncBuffer(file)))!;
    expect(textBytes(ipc, 'bad')).toEqual(['nö 😀', '\ufffda', null, ''].map(utf8));
    expect(textBytes(ipc, 'split')).toEqual(['a', '\ufffd', '\ufffd', '€'].map(utf8));
    expect(textBytes(ipc, 'good')).toEqual(columns.good);
  });

  it('gives every text value as decoding its bytes one by one would, whatever the bytes (fast-check)', async () => {
    const value = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 6 }).map(utf8), fc.uint8Array({ maxLength: 6 }), fc.constant(null));
    await fc.assert(
      fc.asyncProperty(fc.array(value, { minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 40 }), async (data, rowGroupSize) => {
        const file = parquetWriteBuffer({ columnData: [{ name: 'x', data, type: 'BYTE_ARRAY' }], rowGroupSize });
        const { ipc } = (await parquetToArrowIpc(asyncBuffer(file)))!;
        expect(textBytes(ipc, 'x')).toEqual(data.map((bytes) => (bytes === null ? null : utf8(new TextDecoder().decode(bytes)))));
      }),
      { numRuns: 300 },
    );
  });

  it('gives JSON columns as their JSON text, and a timestamp column empty at first still as times', async () => {
    const file = parquetWriteBuffer({ columnData: [{ name: 'id', data: new Int32Array([1, 2]), type: 'INT32' }, { name: 'seen', data: [null, new Date('2026-01-01T00:00:00Z')], type: 'TIMESTAMP' }, { name: 'tags', data: [['a'], { b: 'c' }], type: 'JSON' }] });
    expect((await loaded((await parquetToArrowIpc(asyncBuffer(file)))!.ipc)).rows).toEqual(['{"id":1,"tags":"[\\"a\\"]","seen":null}', '{"id":2,"tags":"{\\"b\\":\\"c\\"}","seen":"2026-01-01 00:00:00"}']);
  });

  it('reports each row group’s share of the rows, and leaves nested columns to the CSV conversion (null)', async () => {
    const shares: number[] = [];
    await parquetToArrowIpc(asyncBuffer(parquetWriteBuffer({ columnData: [{ name: 'x', data: new Float64Array([1, 2, 3, 4]), type: 'DOUBLE' }], rowGroupSize: 3 })), (share) => shares.push(share));
    expect(shares).toEqual([0.75, 1]);
    const nested = parquetWriteBuffer({ columnData: [{ name: 'event', data: [{ type: 'login' }, { type: 'click', x: 10 }], type: 'VARIANT' }] });
    expect(await parquetToArrowIpc(asyncBuffer(nested))).toBeNull();
  });

  it('uses the metadata the caller has read (the footer is read once) and gives the same stream', async () => {
    const file = asyncBuffer(parquetWriteBuffer({ columnData: [{ name: 'x', data: new Float64Array([1, 2, 3]), type: 'DOUBLE' }], rowGroupSize: 2 }));
    let reads = 0;
    const counted = { byteLength: file.byteLength, slice: (start: number, end?: number) => ((reads += 1), file.slice(start, end)) };
    const metadata = await parquetMetadataAsync(file);
    const given = await parquetToArrowIpc(counted, undefined, metadata);
    const readsWithMetadata = reads;
    reads = 0;
    const read = await parquetToArrowIpc(counted);
    expect(reads).toBeGreaterThan(readsWithMetadata);
    expect(given!.ipc).toEqual(read!.ipc);
  });
});
