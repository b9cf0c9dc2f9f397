/**
 * File formats of the workspace: the detectors import (JSON, counts CSV), the exports (JSON, CSV,
 * Markdown), the import plan (which ids are added, updated, skipped) and the paired per-example CSV
 * of Compare. Pure text in, text out: no DOM.
 */
export * from './export-files';
export * from './import-files';
export * from './import-plan';
export * from './paired-csv';
export * from './groundlight-evaluation';
