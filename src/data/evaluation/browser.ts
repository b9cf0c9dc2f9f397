/**
 * The browser's evaluation engine: DuckDB-WASM in a Web Worker (loaded on first use), reading the
 * user's File in slices, plus the JSON Lines / Parquet converter worker. Browser-only; the pure part
 * (SQL, mapping, results, exports) is ./index.
 */
export * from './engine';
