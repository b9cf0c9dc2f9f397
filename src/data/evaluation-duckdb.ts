/**
 * DuckDB-WASM in its own Web Worker: the only module that imports @duckdb/duckdb-wasm. It is loaded
 * by a dynamic import from evaluation-engine.ts, so neither it nor the 34 MB wasm reach the first
 * page load. The wasm and the worker script are copied into the build by `?url` imports: same origin,
 * relative to the page (works under a subpath and offline), allowed by `worker-src 'self'` and
 * `script-src 'wasm-unsafe-eval'`. Only the exception-handling build ships (every current browser
 * has WebAssembly exceptions); it runs single-threaded, which needs no cross-origin isolation.
 */
import { AsyncDuckDB, DuckDBDataProtocol, VoidLogger, type AsyncDuckDBConnection } from '@duckdb/duckdb-wasm';
import wasmUrl from '@duckdb/duckdb-wasm/dist/duckdb-eh.wasm?url';
import workerUrl from '@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js?url';

export interface DuckDbRuntime {
  /** Hands the browser File to DuckDB as a handle: DuckDB reads slices of it on demand. */
  registerFile(name: string, file: File): Promise<void>;
  dropFile(name: string): Promise<void>;
  /** Runs one statement; rows as plain objects (BIGINT → number, lists → arrays). */
  query(sql: string): Promise<Record<string, unknown>[]>;
  /** Ends the worker at once (a running query with it). */
  terminate(): Promise<void>;
}

export async function startDuckDb(): Promise<DuckDbRuntime> {
  const worker = new Worker(workerUrl);
  const db = new AsyncDuckDB(new VoidLogger(), worker);
  try {
    await db.instantiate(wasmUrl);
    await db.open({ query: { castBigIntToDouble: true } });
  } catch (error) {
    worker.terminate();
    throw error;
  }
  const connection: AsyncDuckDBConnection = await db.connect();
  // Nothing is fetched: extensions are never installed or loaded from the network.
  await connection.query('SET autoinstall_known_extensions = false');
  await connection.query('SET autoload_known_extensions = false');
  return {
    registerFile: (name, file) => db.registerFileHandle(name, file, DuckDBDataProtocol.BROWSER_FILEREADER, true),
    dropFile: async (name) => void (await db.dropFile(name)),
    query: async (sql) => {
      const table = await connection.query(sql);
      return table.toArray().map((row: { toJSON(): Record<string, unknown> }) => plainRow(row.toJSON()));
    },
    terminate: () => db.terminate(),
  };
}

function plainRow(row: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) result[key] = plainValue(value);
  return result;
}

function plainValue(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (value !== null && typeof value === 'object' && 'toArray' in value && typeof value.toArray === 'function') {
    return Array.from(value.toArray() as ArrayLike<unknown>, plainValue);
  }
  return value;
}
