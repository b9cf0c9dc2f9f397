/**
 * DuckDB-WASM in its own Web Worker: the only module that imports @duckdb/duckdb-wasm. It is loaded
 * by a dynamic import from engine.ts, so neither it nor the 34 MB wasm reach the first
 * page load. The wasm and the worker script are copied into the build by `?url` imports: same origin,
 * relative to the page (works under a subpath and offline), allowed by `worker-src 'self'` and
 * `script-src 'wasm-unsafe-eval'`. Only the exception-handling build ships (every current browser
 * has WebAssembly exceptions); it runs single-threaded, which needs no cross-origin isolation.
 */
import { AsyncDuckDB, DuckDBDataProtocol, VoidLogger, type AsyncDuckDBConnection, type ProgressEntry } from '@duckdb/duckdb-wasm';
import type { Table } from 'apache-arrow';
import wasmUrl from '@duckdb/duckdb-wasm/dist/duckdb-eh.wasm?url';
import workerUrl from '@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js?url';

export interface DuckDbRuntime {
  /** Hands the browser File to DuckDB as a handle: DuckDB reads slices of it on demand. */
  registerFile(name: string, file: File): Promise<void>;
  dropFile(name: string): Promise<void>;
  /** Replaces table `table` with the rows of an Arrow IPC stream, or (`replace` false) adds them to it; the buffer is handed to the worker. */
  loadArrow(table: string, ipc: Uint8Array, replace: boolean): Promise<void>;
  /** Runs one statement; rows as plain objects (BIGINT → number, lists → arrays). */
  query(sql: string): Promise<Record<string, unknown>[]>;
  /** Ends the worker at once (a running query with it). */
  terminate(): Promise<void>;
  /** Called with DuckDB's progress (0–1) while a long statement runs; null stops the calls. */
  setProgressListener(listener: ((fraction: number) => void) | null): void;
}

/**
 * DuckDB's own progress bar, delivered: while a statement runs, the worker posts PROGRESS_UPDATE
 * messages (for a CSV scan, the share of the file's bytes read), which AsyncDuckDB hands to its
 * execution-progress handlers — a list it keeps protected, so a subclass adds to it.
 */
class ReportingDuckDb extends AsyncDuckDB {
  listenToProgress(listener: (entry: ProgressEntry) => void): void {
    this._onExecutionProgress.push(listener);
  }
}

/** How long a statement runs before DuckDB starts reporting its progress (its default is 2 s). */
const PROGRESS_AFTER_MS = 100;

export async function startDuckDb(): Promise<DuckDbRuntime> {
  const worker = new Worker(workerUrl);
  const db = new ReportingDuckDb(new VoidLogger(), worker);
  let progressListener: ((fraction: number) => void) | null = null;
  db.listenToProgress((entry) => {
    const percentage = Number(entry.percentage);
    if (progressListener && Number.isFinite(percentage)) progressListener(Math.min(1, Math.max(0, percentage / 100)));
  });
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
  await connection.query('SET enable_progress_bar = true');
  await connection.query('SET enable_progress_bar_print = true');
  await connection.query(`SET progress_bar_time = ${PROGRESS_AFTER_MS}`);
  return {
    registerFile: (name, file) => db.registerFileHandle(name, file, DuckDBDataProtocol.BROWSER_FILEREADER, true),
    dropFile: async (name) => void (await db.dropFile(name)),
    loadArrow: async (table, ipc, replace) => {
      if (replace) await connection.query(`DROP TABLE IF EXISTS ${table}`);
      await connection.insertArrowFromIPCStream(ipc, { name: table, create: replace });
    },
    query: async (sql) => plainRows(await connection.query(sql)),
    terminate: () => db.terminate(),
    setProgressListener: (listener) => {
      progressListener = listener;
    },
  };
}

/** How long rows are decoded before the page gets a turn. */
const DECODE_SLICE_MS = 25;

/**
 * A result's rows as plain objects, a record batch at a time, giving the page a turn every
 * DECODE_SLICE_MS: decoding runs on the page's thread, and 80,000 rows (a file whose detector column
 * holds 20,000 questions) took 250 ms in one task.
 */
async function plainRows(table: Table): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  let sliceStarted = performance.now();
  for (const batch of table.batches) {
    const names = batch.schema.fields.map((field) => field.name);
    const columns = names.map((_, index) => batch.getChildAt(index)!);
    for (let rowIndex = 0; rowIndex < batch.numRows; rowIndex++) {
      const row: Record<string, unknown> = {};
      for (let column = 0; column < names.length; column++) row[names[column]!] = plainValue(columns[column]!.get(rowIndex));
      rows.push(row);
    }
    if (performance.now() - sliceStarted > DECODE_SLICE_MS) {
      await nextTask();
      sliceStarted = performance.now();
    }
  }
  return rows;
}

/** Resolves in a new task (a message to itself: no timer clamping). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

function plainValue(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (value !== null && typeof value === 'object' && 'toArray' in value && typeof value.toArray === 'function') {
    return Array.from(value.toArray() as ArrayLike<unknown>, plainValue);
  }
  return value;
}
