/**
 * Per-example evaluation files, the pure part: the SQL every count is computed by, file-format
 * sniffing, column roles and label values, filters, thresholds, slices, time windows, turning query
 * rows into results, and the CSV exports. Nothing here imports DuckDB-WASM, a Worker or the DOM, so
 * a Node runner of the same SQL can share it; the browser's DuckDB-WASM engine is ./browser.
 */
export * from './confusion-sql';
export * from './convert';
export * from './cumulative-time';
export * from './export';
export * from './file-format';
export * from './mapping';
export * from './paired-sql';
export * from './results';
export * from './slices';
export * from './sql';
export * from './threshold';
export * from './time';
