/**
 * The command line's inputs as detectors: the dashboard's counts CSV and workspace (detectors) JSON
 * exports, read by the dashboard's own parsers; inline `--counts`; per-example files counted by DuckDB.
 */
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { ClassCounts } from '../stats';
import { formatWholeCount } from '../data/format';
import { CliError } from './cli-error';
import { countsAdHocDetector, detectorIdFromName, parseCountsCsv, parseDetectorsJsonText, uniqueId, type RowError } from './dashboard';
import type { InlineCounts } from './options';
import { countPerExampleFile, type GroupCounts, type MappingOptions, type UnusableRows } from './per-example';
import type { Progress } from './progress';

export interface InputDetector {
  id: string;
  name: string;
  yes: ClassCounts;
  no: ClassCounts;
  /** The file (or `--counts`) it came from. */
  source: string;
  /** With --slice: the detector's counts per slice value. */
  slices?: GroupCounts[];
}

/** A K-class detector from a per-example file whose labels are 3 or more classes (as #/data reads it). */
export interface InputClassDetector {
  id: string;
  name: string;
  /** The file's classes (its true-label values, trimmed, lower-case, sorted). */
  classes: string[];
  /** matrix[i][j]: examples of class i answered class j. */
  matrix: number[][];
  source: string;
}

export type InputKind = 'inline-counts' | 'counts-csv' | 'workspace-json' | 'per-example';

/** What was read from one input, for --json's `inputs`. */
export interface InputSummary {
  source: string;
  kind: InputKind;
  detectors: number;
  format?: string;
  rows?: number;
  usableRows?: number;
  unusableRows?: UnusableRows[];
  /** What the numbers in unusableRows count: file lines (CSV/TSV, header = line 1) or rows. */
  numbering?: 'line' | 'row';
  skippedLines?: { count: number; lines: number[] };
  mapping?: { label: string; prediction: string | null; score: string | null; detector: string | null; yesValues: string[]; noValues: string[]; slice: string | null };
  threshold?: number | null;
  where?: string[];
  /** A per-example file read as K-class detectors: its classes. */
  classes?: string[];
}

export interface ReadOptions {
  mapping: MappingOptions;
  /** Count rows that cannot be used and go on (the page's behaviour); otherwise they stop the run with exit 2. */
  skipBadRows: boolean;
}

/** Counts CSV / workspace JSON files are read whole; past this size they are refused (the dashboard's import takes 5 MB). */
const MAX_COUNTS_FILE_BYTES = 256 * 1024 * 1024;
/** Row problems listed per file before "… and N more". */
const PROBLEMS_SHOWN = 10;

export async function readInputs(files: readonly string[], inline: readonly InlineCounts[], options: ReadOptions, progress: Progress) {
  const detectors: InputDetector[] = [];
  const classDetectors: InputClassDetector[] = [];
  const inputs: InputSummary[] = [];
  inline.forEach((counts, index) => {
    const source = `--counts ${counts.name === null ? '' : `name=${counts.name},`}yes=${counts.yes.correct}/${counts.yes.total},no=${counts.no.correct}/${counts.no.total}`;
    const adHoc = countsAdHocDetector(counts.yes, counts.no);
    const name = counts.name ?? adHoc.name;
    const id = counts.name === null ? (index === 0 ? adHoc.id : `${adHoc.id}-${index + 1}`) : detectorIdFromName(counts.name);
    detectors.push({ id, name, yes: counts.yes, no: counts.no, source });
    inputs.push({ source, kind: 'inline-counts', detectors: 1 });
  });
  for (const file of files) {
    const kind = await inputKind(file);
    if (kind === 'per-example') {
      const counted = await countPerExampleFile(file, options.mapping, progress);
      const unusable = counted.unusable.reduce((sum, problem) => sum + problem.rows, 0);
      if ((unusable > 0 || counted.skippedLines.count > 0) && !options.skipBadRows) {
        const what = counted.numbering === 'line' ? 'line' : 'row';
        const reasons = counted.unusable.map(
          (problem) =>
            `  ${formatWholeCount(problem.rows)} ${problem.rows === 1 ? 'row' : 'rows'}: ${problem.reason}${problem.lines.length === 0 ? '' : ` (e.g. ${what}${problem.lines.length === 1 ? '' : 's'} ${problem.lines.join(', ')})`}`,
        );
        if (counted.skippedLines.count > 0) reasons.unshift(`  ${formatWholeCount(counted.skippedLines.count)} lines are not a JSON object (e.g. lines ${counted.skippedLines.lines.join(', ')})`);
        throw new CliError(
          `${file}: ${formatWholeCount(unusable + counted.skippedLines.count)} of ${formatWholeCount(counted.rows + counted.skippedLines.count)} rows cannot be used:\n${reasons.join('\n')}\nFix them, map the values (--yes-values, --no-values, --label, --prediction), or pass --skip-bad-rows to count the usable rows only (as the dashboard's #/data does).`,
        );
      }
      const stem = basename(file).replace(/(\.(csv|tsv|tab|txt|jsonl|ndjson|json|parquet|gz))+$/i, '') || basename(file);
      for (const group of counted.detectors) {
        const name = counted.mapping.detector === null ? stem : (group.group ?? '');
        const slices = counted.slices?.get(group.group);
        detectors.push({ id: detectorIdFromName(name), name, yes: group.yes, no: group.no, source: file, ...(slices ? { slices } : {}) });
      }
      for (const read of counted.classes?.detectors ?? []) {
        const name = counted.mapping.detector === null ? stem : read.detector;
        classDetectors.push({ id: detectorIdFromName(name), name, classes: counted.classes!.labels, matrix: read.matrix, source: file });
      }
      inputs.push({
        source: file,
        kind,
        detectors: counted.detectors.length + (counted.classes?.detectors.length ?? 0),
        ...(counted.classes ? { classes: counted.classes.labels } : {}),
        format: counted.format,
        rows: counted.rows,
        usableRows: counted.usableRows,
        unusableRows: counted.unusable,
        numbering: counted.numbering,
        skippedLines: counted.skippedLines,
        mapping: {
          label: counted.mapping.truth,
          prediction: counted.mapping.prediction,
          score: counted.mapping.score,
          detector: counted.mapping.detector,
          yesValues: counted.mapping.yesValues,
          noValues: counted.mapping.noValues,
          slice: options.mapping.slice ?? null,
        },
        threshold: counted.threshold,
        where: options.mapping.where.map((filter) => `${filter.column}${filter.operator}${filter.value}`),
      });
      continue;
    }
    const text = await readFile(file, 'utf8');
    if (kind === 'workspace-json') {
      const parsed = parseDetectorsJsonText(text);
      if (parsed.errors.length > 0) {
        const shown = parsed.errors.slice(0, PROBLEMS_SHOWN).map((error) => `  ${error.path}: ${error.message}`);
        const more = parsed.errors.length > PROBLEMS_SHOWN ? `\n  … and ${parsed.errors.length - PROBLEMS_SHOWN} more` : '';
        throw new CliError(`${file}: not a tailbound detectors (workspace) JSON file:\n${shown.join('\n')}${more}`);
      }
      for (const detector of parsed.detectors) detectors.push({ id: detector.id, name: detector.name, yes: detector.yes, no: detector.no, source: file });
      for (const detector of parsed.classDetectors) classDetectors.push({ id: detector.id, name: detector.name, classes: detector.classes, matrix: detector.matrix, source: file });
      inputs.push({ source: file, kind, detectors: parsed.detectors.length + parsed.classDetectors.length });
    } else {
      const parsed = parseCountsCsv(text);
      if (parsed.errors.length > 0) throw new CliError(`${file}: ${rowProblems(parsed.errors, parsed.rowCount)}`);
      for (const detector of parsed.detectors) detectors.push({ id: detector.id, name: detector.name, yes: detector.yes, no: detector.no, source: file });
      inputs.push({ source: file, kind, detectors: parsed.detectors.length, rows: parsed.rowCount });
    }
  }
  // Ids stay unique across inputs (two files may both have a "counts" detector) and kinds.
  const taken = new Set<string>();
  for (const detector of [...detectors, ...classDetectors]) {
    detector.id = taken.has(detector.id) ? uniqueId(detector.id, taken) : detector.id;
    taken.add(detector.id);
  }
  return { detectors, classDetectors, inputs };
}

/** Row errors grouped by reason with their first line numbers: "2 rows: yes_total must be … (lines 4, 9)". */
function rowProblems(errors: readonly RowError[], rowCount: number): string {
  if (errors.length === 1 && errors[0]!.line === 1 && rowCount === 0) return errors[0]!.message;
  const groups = new Map<string, number[]>();
  for (const { line, message } of errors) {
    for (const reason of message.replace(/^line \d+: /, '').split('; ')) {
      const lines = groups.get(reason) ?? [];
      lines.push(line);
      groups.set(reason, lines);
    }
  }
  const shown = [...groups].slice(0, PROBLEMS_SHOWN).map(([reason, lines]) => {
    const first = lines.slice(0, 5).join(', ');
    return `  ${lines.length} ${lines.length === 1 ? 'row' : 'rows'}: ${reason} (line${lines.length === 1 ? '' : 's'} ${first}${lines.length > 5 ? ', …' : ''})`;
  });
  const more = groups.size > PROBLEMS_SHOWN ? `\n  … and ${groups.size - PROBLEMS_SHOWN} more reasons` : '';
  return `${errors.length} of ${rowCount} rows cannot be read:\n${shown.join('\n')}${more}`;
}

/**
 * What a file is, by its content: a JSON document starting with { or [ is a workspace (detectors)
 * file unless its first line is a whole object (JSON Lines); a CSV whose header names yes_correct,
 * yes_total, no_correct and no_total is a counts CSV; anything else is per-example results.
 */
async function inputKind(file: string): Promise<'counts-csv' | 'workspace-json' | 'per-example'> {
  const info = await stat(file).catch(() => null);
  if (info === null) throw new CliError(`${file}: no such file.`);
  if (!info.isFile()) throw new CliError(`${file}: not a file.`);
  const handle = await import('node:fs/promises').then((fs) => fs.open(file, 'r'));
  const head = Buffer.alloc(4096);
  const { bytesRead } = await handle.read(head, 0, head.length, 0);
  await handle.close();
  if (head[0] === 0x1f && head[1] === 0x8b) return 'per-example';
  if (head.subarray(0, 4).toString('latin1') === 'PAR1') return 'per-example';
  const text = head.subarray(0, bytesRead).toString('utf8').replace(/^\uFEFF/, '');
  const start = text.trimStart();
  let kind: 'counts-csv' | 'workspace-json' | 'per-example' = 'per-example';
  if (start.startsWith('[') || (start.startsWith('{') && !/^\{.*\}\s*$/m.test(start.split('\n', 1)[0] ?? ''))) kind = 'workspace-json';
  else {
    const header = new Set((start.split(/\r\n|\r|\n/, 1)[0] ?? '').split(/[,;\t]/).map((column) => column.trim().replace(/^"|"$/g, '').trim().toLowerCase()));
    if (['yes_correct', 'yes_total', 'no_correct', 'no_total'].every((column) => header.has(column))) kind = 'counts-csv';
  }
  if (kind !== 'per-example' && info.size > MAX_COUNTS_FILE_BYTES) {
    throw new CliError(`${file}: a ${kind === 'counts-csv' ? 'counts CSV' : 'workspace JSON'} file of ${(info.size / 1024 / 1024).toFixed(0)} MB; at most ${MAX_COUNTS_FILE_BYTES / 1024 / 1024} MB.`);
  }
  return kind;
}
