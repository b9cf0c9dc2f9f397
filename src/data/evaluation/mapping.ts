import type { EvaluationMapping } from './sql';

/** A column as the guesser sees it: its name, DuckDB type and approximate distinct count. */
export interface ColumnSummary {
  name: string;
  type: string;
  distinct: number;
}

/** A column role other than slices; `null` in a mapping means "no such column". */
export type SingleRole = 'detector' | 'truth' | 'prediction' | 'score' | 'timestamp' | 'exampleId' | 'split';

/** Column names (lower-case, separators removed) that suggest each role, best first. */
const ROLE_NAMES: Record<SingleRole, string[]> = {
  truth: ['ytrue', 'truth', 'groundtruth', 'gt', 'label', 'truelabel', 'actual', 'target', 'expected', 'labels', 'y', 'gold'],
  prediction: ['ypred', 'prediction', 'pred', 'predicted', 'predictedlabel', 'yhat', 'answer', 'output', 'decision'],
  score: ['score', 'yscore', 'confidence', 'probability', 'prob', 'proba', 'yprob', 'yproba', 'logit'],
  detector: ['detector', 'detectorid', 'detectorname', 'model', 'modelname', 'classifier', 'task', 'question', 'query'],
  timestamp: ['timestamp', 'time', 'datetime', 'date', 'createdat', 'ts', 'capturedat', 'labelledat', 'labeledat'],
  split: ['split', 'fold', 'partition', 'subset', 'heldout', 'dataset', 'set'],
  exampleId: ['exampleid', 'id', 'imageid', 'sampleid', 'uid', 'rowid', 'itemid', 'image', 'filename', 'path'],
};

/** Text values read as YES and NO (compared trimmed and lower-case). */
export const YES_WORDS = ['yes', 'true', '1', '1.0', 'positive', 'pos', 'y', 't'];
export const NO_WORDS = ['no', 'false', '0', '0.0', 'negative', 'neg', 'n', 'f'];

/** Slice columns have at least 2 and at most this many distinct values. */
export const MAX_SLICE_VALUES = 50;

/**
 * Wide files (thousands of feature columns): only the first COUNTED_COLUMNS columns have their
 * distinct values counted (the split and slice candidates), and the preview shows the first
 * PREVIEW_COLUMNS. Columns past the cap are still candidates for the other roles by name and type.
 */
export const COUNTED_COLUMNS = 200;
export const PREVIEW_COLUMNS = 50;

/**
 * The columns a mapping form offers: all of them up to COUNTED_COLUMNS; past that the first
 * COUNTED_COLUMNS, then those named like a role (`y_true`, `score` …) or typed as a timestamp, and
 * those the mapping already uses (a link can name any column) — in file order.
 */
export function mappingCandidates<Column extends ColumnSummary>(columns: readonly Column[], mapping: EvaluationMapping): Column[] {
  if (columns.length <= COUNTED_COLUMNS) return [...columns];
  const used = new Set<string | null>([mapping.detector, mapping.truth, mapping.prediction, mapping.score, mapping.timestamp, mapping.exampleId, mapping.split, ...mapping.slices]);
  const roleNames = new Set(Object.values(ROLE_NAMES).flat());
  return columns.filter((column, index) => index < COUNTED_COLUMNS || used.has(column.name) || roleNames.has(squash(column.name)) || isTemporal(column.type));
}

const squash = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');
const isNumeric = (type: string) => /^(DOUBLE|FLOAT|REAL|DECIMAL|BIGINT|INTEGER|SMALLINT|TINYINT|HUGEINT|UBIGINT|UINTEGER)/.test(type);
const isTemporal = (type: string) => /^(TIMESTAMP|DATE)/.test(type);

/**
 * Roles guessed from column names (`y_true`/`y_pred`, `label`/`prediction`, `gt`/`pred`, `score`,
 * `timestamp` …) and types (a TIMESTAMP column is the timestamp, a fractional column the score);
 * the remaining text columns with 2 to MAX_SLICE_VALUES values are slices. Label values start as
 * the usual words (yes/no, true/false, 1/0, positive/negative); the user can change everything.
 */
export function guessMapping(columns: readonly ColumnSummary[]): EvaluationMapping {
  const taken = new Set<string>();
  const pick = (role: SingleRole, accept: (column: ColumnSummary) => boolean = () => true): string | null => {
    for (const wanted of ROLE_NAMES[role]) {
      const found = columns.find((column) => !taken.has(column.name) && squash(column.name) === wanted && accept(column));
      if (found) {
        taken.add(found.name);
        return found.name;
      }
    }
    return null;
  };
  const truth = pick('truth') ?? columns[0]?.name ?? '';
  taken.add(truth);
  const prediction = pick('prediction');
  const score = pick('score', (column) => isNumeric(column.type)) ?? claim(columns, taken, (column) => /^(DOUBLE|FLOAT|REAL|DECIMAL)/.test(column.type));
  const timestamp = pick('timestamp') ?? claim(columns, taken, (column) => isTemporal(column.type));
  const detector = pick('detector');
  const exampleId = pick('exampleId');
  const split = pick('split', (column) => column.distinct >= 2 && column.distinct <= MAX_SLICE_VALUES);
  const slices = columns
    .filter((column) => !taken.has(column.name) && !isNumeric(column.type) && !isTemporal(column.type))
    .filter((column) => column.distinct >= 2 && column.distinct <= MAX_SLICE_VALUES)
    .map((column) => column.name);
  return { detector, truth, prediction, score, timestamp, exampleId, split, slices, yesValues: [...YES_WORDS], noValues: [...NO_WORDS] };
}

function claim(columns: readonly ColumnSummary[], taken: Set<string>, accept: (column: ColumnSummary) => boolean): string | null {
  const found = columns.find((column) => !taken.has(column.name) && accept(column));
  if (!found) return null;
  taken.add(found.name);
  return found.name;
}

/** What a label value means: YES, NO, or neither (rows with it are counted as unusable). */
export type ValueMeaning = 'yes' | 'no' | 'none';

export function valueMeaning(mapping: Pick<EvaluationMapping, 'yesValues' | 'noValues'>, value: string): ValueMeaning {
  if (mapping.yesValues.includes(value)) return 'yes';
  if (mapping.noValues.includes(value)) return 'no';
  return 'none';
}

/** The mapping with `value` moved to YES, NO or neither. */
export function withValueMeaning(mapping: EvaluationMapping, value: string, meaning: ValueMeaning): EvaluationMapping {
  const yesValues = mapping.yesValues.filter((v) => v !== value);
  const noValues = mapping.noValues.filter((v) => v !== value);
  if (meaning === 'yes') yesValues.push(value);
  if (meaning === 'no') noValues.push(value);
  return { ...mapping, yesValues, noValues };
}

/**
 * A detector id from a name: letters, digits, '-', '_', '.', starting with a letter or digit. A name
 * that is such an id already is kept; any other gets a hash of the whole name after its safe part,
 * so that different names never share an id ("Cam A" and "Cam/A", or names in other scripts, would
 * otherwise both become "Cam-A" or "detector", and a re-import would update one with the other's counts).
 */
export function detectorIdFromName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '')
    .replace(/-+$/, '')
    .slice(0, 80);
  if (slug === name) return slug;
  return `${slug === '' ? 'detector' : slug}-${nameHash(name)}`;
}

/** FNV-1a over the name's UTF-16 code units, as 8 hex digits. */
function nameHash(name: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < name.length; index++) hash = Math.imul(hash ^ name.charCodeAt(index), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}
