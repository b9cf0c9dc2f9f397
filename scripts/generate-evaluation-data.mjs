#!/usr/bin/env node
/**
 * Writes a synthetic per-example evaluation file — the kind `#/data` reads — in several formats with
 * identical content: one row per labelled example with an id, the detector, the true label, the
 * prediction (score ≥ 0.5), the score, a timestamp and three slice columns (site, camera, lighting).
 * Deterministic for a given seed, streamed (10,000,000 rows need no more memory than 1,000).
 *
 *   node scripts/generate-evaluation-data.mjs --rows 1000000 --out /tmp/eval --formats csv,tsv,jsonl,csv.gz,parquet
 *   options: --detectors 20  --labels yes-no|positive-negative|true-false|1-0  --seed 1  --name evaluation
 *            --split (adds a last column `split`: "tune" for about 30% of the rows, "test" for the rest)
 *            --paired (every detector answers every example: --rows examples × --detectors rows, the ids shared)
 *
 * Accuracy varies by detector, site and lighting (night is harder), and drifts down over the 90 days,
 * so slices and windows have something to find. Prints each file's path and size.
 */
import { createWriteStream, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import { createGzip } from 'node:zlib';
import { parseArgs } from 'node:util';

const { values: options } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000' },
    detectors: { type: 'string', default: '20' },
    out: { type: 'string', default: '.' },
    formats: { type: 'string', default: 'csv' },
    labels: { type: 'string', default: 'yes-no' },
    seed: { type: 'string', default: '1' },
    name: { type: 'string', default: 'evaluation' },
    split: { type: 'boolean', default: false },
    paired: { type: 'boolean', default: false },
  },
});

const ROWS = Number(options.rows);
const DETECTORS = Number(options.detectors);
const LABEL_WORDS = {
  'yes-no': ['yes', 'no'],
  'positive-negative': ['positive', 'negative'],
  'true-false': ['true', 'false'],
  '1-0': ['1', '0'],
}[options.labels];
if (!Number.isInteger(ROWS) || ROWS < 1) throw new Error(`--rows must be a whole number ≥ 1, got ${options.rows}`);
if (!Number.isInteger(DETECTORS) || DETECTORS < 1) throw new Error(`--detectors must be a whole number ≥ 1, got ${options.detectors}`);
if (!LABEL_WORDS) throw new Error(`--labels must be yes-no, positive-negative, true-false or 1-0, got ${options.labels}`);

export const COLUMNS = ['example_id', 'detector', 'y_true', 'y_pred', 'score', 'timestamp', 'site', 'camera', 'lighting', ...(options.split ? ['split'] : [])];
const SITES = ['north', 'south', 'east', 'west', 'harbour'];
const CAMERAS = ['cam-a', 'cam-b', 'cam-c', 'cam-d'];
const LIGHTING = ['day', 'night'];
const START = Date.UTC(2026, 0, 1);
const SPAN_MS = 90 * 24 * 3600 * 1000;

/** mulberry32: a small deterministic generator, enough for test data. */
function generator(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function* examples() {
  const random = generator(Number(options.seed));
  for (let i = 0; i < ROWS; i++) {
    if (options.paired) {
      // The example is drawn once (the detector draw kept, so the stream matches); each detector answers it.
      random();
      yield* answers(random, i, Array.from({ length: DETECTORS }, (_, detector) => detector));
    } else yield* answers(random, i, [Math.floor(random() * DETECTORS)]);
  }
}

/** Example i's rows, one per detector in `detectors` (the example's site, time and label drawn once). */
function* answers(random, i, detectors) {
  const site = Math.floor(random() * SITES.length);
  const camera = Math.floor(random() * CAMERAS.length);
  const lighting = random() < 0.3 ? 1 : 0;
  const time = START + Math.floor((i / ROWS) * SPAN_MS + random() * 60_000);
  const truth = random() < 0.4;
  for (const detector of detectors) {
    // Separation falls with night, a hard site, the detector's index and time (drift).
    const separation = 1.6 - 0.5 * lighting - (site === 4 ? 0.4 : 0) - detector * 0.03 - ((time - START) / SPAN_MS) * 0.3;
    const noise = (random() + random() + random() - 1.5) * 0.9;
    const score = 1 / (1 + Math.exp(-((truth ? separation : -separation) + noise * 2)));
    yield {
      example_id: `ex-${i + 1}`,
      detector: `detector-${String(detector + 1).padStart(2, '0')}`,
      y_true: LABEL_WORDS[truth ? 0 : 1],
      y_pred: LABEL_WORDS[score >= 0.5 ? 0 : 1],
      score: Number(score.toFixed(4)),
      timestamp: new Date(time).toISOString().replace('.000Z', 'Z'),
      site: SITES[site],
      camera: CAMERAS[camera],
      lighting: LIGHTING[lighting],
      // Drawn last and only when asked, so files without the column are unchanged.
      ...(options.split ? { split: random() < 0.3 ? 'tune' : 'test' } : {}),
    };
  }
}

const FORMATS = {
  csv: { extension: 'csv', header: COLUMNS.join(','), line: (row) => COLUMNS.map((c) => row[c]).join(',') },
  tsv: { extension: 'tsv', header: COLUMNS.join('\t'), line: (row) => COLUMNS.map((c) => row[c]).join('\t') },
  jsonl: { extension: 'jsonl', header: null, line: (row) => JSON.stringify(row) },
  'csv.gz': { extension: 'csv.gz', header: COLUMNS.join(','), line: (row) => COLUMNS.map((c) => row[c]).join(','), gzip: true },
};

/** Parquet (Snappy, row groups of 100,000) through hyparquet-writer, written a row group at a time. */
async function writeParquet() {
  const { ParquetWriter, fileWriter } = await import('hyparquet-writer');
  const path = join(options.out, `${options.name}.parquet`);
  const types = { score: 'DOUBLE' };
  const schema = [
    { name: 'root', num_children: COLUMNS.length },
    ...COLUMNS.map((name) =>
      types[name] === 'DOUBLE'
        ? { name, type: 'DOUBLE', repetition_type: 'REQUIRED' }
        : { name, type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'REQUIRED' },
    ),
  ];
  const writer = new ParquetWriter({ writer: fileWriter(path), schema });
  const GROUP = 100_000;
  let batch = COLUMNS.map(() => []);
  const flush = () => {
    if (batch[0].length === 0) return;
    writer.write({ columnData: COLUMNS.map((name, index) => ({ name, data: batch[index] })), rowGroupSize: GROUP });
    batch = COLUMNS.map(() => []);
  };
  for (const row of examples()) {
    COLUMNS.forEach((name, index) => batch[index].push(row[name]));
    if (batch[0].length === GROUP) flush();
  }
  flush();
  writer.finish();
  console.log(`${path}\t${statSync(path).size} bytes`);
}

async function write(formatName) {
  if (formatName === 'parquet') return writeParquet();
  const format = FORMATS[formatName];
  if (!format) throw new Error(`unknown format ${formatName}; use ${Object.keys(FORMATS).join(', ')} or parquet`);
  const path = join(options.out, `${options.name}.${format.extension}`);
  const file = createWriteStream(path);
  const sink = format.gzip ? createGzip() : file;
  if (format.gzip) sink.pipe(file);
  let chunk = format.header === null ? '' : `${format.header}\n`;
  for (const row of examples()) {
    chunk += `${format.line(row)}\n`;
    if (chunk.length > 1 << 20) {
      if (!sink.write(chunk)) await once(sink, 'drain');
      chunk = '';
    }
  }
  sink.end(chunk);
  await once(file, 'close');
  console.log(`${path}\t${statSync(path).size} bytes`);
}

mkdirSync(options.out, { recursive: true });
for (const format of options.formats.split(',')) await write(format.trim());
