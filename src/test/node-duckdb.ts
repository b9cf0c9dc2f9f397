import { createRequire } from 'node:module';
import { ConsoleLogger, createDuckDB, LogLevel, NODE_RUNTIME, type DuckDBBindings, type DuckDBConnection } from '@duckdb/duckdb-wasm/blocking';

/**
 * A connection to DuckDB-WASM's blocking Node build (the engine the data view runs in its worker),
 * for tests that run the view's SQL itself.
 */
export async function connectNodeDuckDb(): Promise<DuckDBConnection> {
  return (await openNodeDuckDb()).connect();
}

/** The database itself, for tests that register files (`registerFileText`) as the page registers the user's. */
export async function openNodeDuckDb(): Promise<DuckDBBindings> {
  const wasm = createRequire(import.meta.url).resolve('@duckdb/duckdb-wasm/dist/duckdb-eh.wasm');
  const db = await createDuckDB({ mvp: { mainModule: wasm.replace('-eh', '-mvp'), mainWorker: '' }, eh: { mainModule: wasm, mainWorker: '' } }, new ConsoleLogger(LogLevel.WARNING), NODE_RUNTIME);
  await db.instantiate();
  return db;
}
