import type { ColumnSummary } from '../evaluation/mapping';
import { type EvaluationFilter, type EvaluationMapping, isFilterable, TIME_WINDOWS, type TimeWindow } from '../evaluation/sql';
import { DETECTION_METRIC_KEYS, type DetectionMetricKey } from '../detectors/detector-metrics';
import { clip, LinkReader, numberParam, type LinkParse, type LinkProblem } from './link-params';

/** The time section's window: one of TIME_WINDOWS, or chosen from the data's span. */
export type WindowChoice = TimeWindow | 'auto';

/** Roles a link can set to a column, or to none (`null`); absent roles are left to the guess. */
export const LINKED_ROLES = ['truth', 'prediction', 'detector', 'score', 'timestamp', 'exampleId', 'split'] as const;
export type LinkedRole = (typeof LINKED_ROLES)[number];

/**
 * `#/data?file=eval.csv&truth=y_true&prediction=&score=score&slices=site,camera&yesValues=yes,1&…`:
 * what the data view applies to a file when it is opened — never the data, never SQL. Every field
 * is optional: what the link leaves out is guessed from the file as usual.
 * - `file`: the file name the link was made with (shown while no file is open; not enforced).
 * - roles (`truth`, `prediction`, `detector`, `score`, `timestamp`, `id`, `split`): a column name, or
 *   empty for none (`truth` cannot be none).
 * - `slices`, `yesValues`, `noValues`: comma-separated lists, each item percent-encoded (so an item
 *   may contain a comma); empty items are left out.
 * - `filter` (repeatable): `column,eq|ne,value`, column and value percent-encoded the same way.
 * - `threshold` (YES when score ≥ it), `slice` (the slice table's column), `window`
 *   (auto|day|week|month), `tune` (the split column's value marking the tuning rows), `perClass=1`,
 *   `metric` (precision|recall|specificity|npv|f1: the counts' and slices' extra metric column),
 *   `cumulative` (the over-time section's cumulative view, as labels arrived, with this target for
 *   its anytime-valid lower bound: a proportion strictly between 0 and 1, such as 0.9; absent: per window).
 */
export interface DataLink {
  file?: string;
  roles: Partial<Record<LinkedRole, string | null>>;
  slices?: string[];
  yesValues?: string[];
  noValues?: string[];
  filters: EvaluationFilter[];
  threshold?: number;
  slice?: string;
  window?: WindowChoice;
  tune?: string;
  perClass?: boolean;
  metric?: DetectionMetricKey;
  cumulative?: number;
}

export const EMPTY_DATA_LINK: DataLink = { roles: {}, filters: [] };

/** A name or value in a link: at most this long (a column name or label value, not a document). */
export const MAX_LINK_TEXT = 500;
/** At most this many items in a list (slice columns, label values) and this many filters. */
export const MAX_LINK_ITEMS = 100;
export const MAX_LINK_FILTERS = 20;

const ROLE_PARAMS: Record<LinkedRole, string> = {
  truth: 'truth',
  prediction: 'prediction',
  detector: 'detector',
  score: 'score',
  timestamp: 'timestamp',
  exampleId: 'id',
  split: 'split',
};
const OPERATORS: Record<string, EvaluationFilter['operator']> = { eq: '=', ne: '!=' };
const OPERATOR_PARAMS: Record<EvaluationFilter['operator'], string> = { '=': 'eq', '!=': 'ne' };
// Linear in the text's length, like link-params' DECIMAL (no backtracking between two runs of digits).
const SIGNED_DECIMAL = /^-?(\d+(\.\d*)?|\.\d+)(e[-+]?\d+)?$/i;

/** Why a name or value from a link cannot be used, or null. NUL cannot reach DuckDB; length is capped. */
function textProblem(text: string): string | null {
  if (text.includes('\0')) return 'it contains a NUL character';
  if (text.length > MAX_LINK_TEXT) return `it is longer than ${MAX_LINK_TEXT} characters`;
  return null;
}

/** One list item or filter part: percent-decoded, or undefined when the encoding is broken. */
function decodeItem(item: string): string | undefined {
  try {
    return decodeURIComponent(item);
  } catch {
    return undefined;
  }
}

const encodeItem = (item: string) => encodeURIComponent(item);

export function parseDataLink(params: URLSearchParams): LinkParse<DataLink> {
  const reader = new LinkReader(params);
  const link: DataLink = { roles: {}, filters: [] };
  const file = readText(reader, 'file', 'the file name the link was made with');
  if (file !== undefined) link.file = file;
  for (const role of LINKED_ROLES) {
    const name = ROLE_PARAMS[role];
    const text = readText(reader, name, `a column name${role === 'truth' ? '' : ', or nothing for none'}`);
    if (text === undefined) continue;
    if (text === '' && role === 'truth') {
      reader.problem(name, '“truth” is empty; expected the name of the true-label column (every file needs one).');
      continue;
    }
    link.roles[role] = text === '' ? null : text;
  }
  for (const [key, what] of [
    ['slices', 'slice column names'],
    ['yesValues', 'label values that mean YES'],
    ['noValues', 'label values that mean NO'],
  ] as const) {
    const list = readList(reader, key, what);
    if (list !== undefined) link[key] = list;
  }
  link.filters = readFilters(reader, params.getAll('filter'));
  const threshold = reader.raw('threshold');
  if (threshold !== null) {
    const value = SIGNED_DECIMAL.test(threshold) ? Number(threshold) : NaN;
    if (Number.isFinite(value)) link.threshold = value;
    else reader.problem('threshold', `“threshold” is “${clip(threshold)}”; expected a number (YES when score ≥ it), such as 0.5.`);
  }
  const slice = readText(reader, 'slice', 'the column the slice table is by');
  if (slice) link.slice = slice;
  const window = reader.raw('window');
  if (window !== null) {
    if (window === 'auto' || (TIME_WINDOWS as readonly string[]).includes(window)) link.window = window as WindowChoice;
    else reader.problem('window', `“window” is “${clip(window)}”; expected auto, ${TIME_WINDOWS.join(', ')}.`);
  }
  const tune = readText(reader, 'tune', 'the split column’s value that marks the tuning rows');
  if (tune !== undefined) link.tune = tune;
  const perClass = reader.raw('perClass');
  if (perClass !== null) {
    if (perClass === '1' || perClass === '0') link.perClass = perClass === '1';
    else reader.problem('perClass', `“perClass” is “${clip(perClass)}”; expected 1 (show per-class lines over time) or 0.`);
  }
  const metric = reader.raw('metric');
  if (metric !== null) {
    const key = DETECTION_METRIC_KEYS.find((candidate) => candidate === metric);
    if (key !== undefined) link.metric = key;
    else reader.problem('metric', `“metric” is “${clip(metric)}”; expected one of ${DETECTION_METRIC_KEYS.join(', ')} (the extra metric column; absent: none).`);
  }
  const cumulative = reader.raw('cumulative');
  if (cumulative !== null) {
    const target = SIGNED_DECIMAL.test(cumulative) ? Number(cumulative) : NaN;
    if (target > 0 && target < 1) link.cumulative = target;
    else reader.problem('cumulative', `“cumulative” is “${clip(cumulative)}”; expected the target for the lower bound over time, a proportion strictly between 0 and 1 such as 0.9.`);
  }
  return reader.result(link);
}

function readText(reader: LinkReader, name: string, what: string): string | undefined {
  const text = reader.raw(name);
  if (text === null) return undefined;
  const problem = textProblem(text);
  if (problem === null) return text;
  reader.problem(name, `“${name}” is “${clip(text)}”: ${problem}; expected ${what}.`);
  return undefined;
}

function readList(reader: LinkReader, name: string, what: string): string[] | undefined {
  const text = reader.raw(name);
  if (text === null) return undefined;
  // An empty item names nothing (an empty label value reads as missing): left out.
  const items = text.split(',').filter((item) => item !== '').map(decodeItem);
  const bad = items.findIndex((item) => item === undefined || textProblem(item) !== null);
  if (bad !== -1) {
    const why = items[bad] === undefined ? 'broken percent-encoding' : textProblem(items[bad]!);
    reader.problem(name, `“${name}” item ${bad + 1} is unusable (${why}); expected ${what}, comma-separated, each percent-encoded.`);
    return undefined;
  }
  if (items.length > MAX_LINK_ITEMS) {
    reader.problem(name, `“${name}” has ${items.length} items; at most ${MAX_LINK_ITEMS} are read.`);
    return undefined;
  }
  return [...new Set(items as string[])];
}

function readFilters(reader: LinkReader, texts: readonly string[]): EvaluationFilter[] {
  if (texts.length > MAX_LINK_FILTERS) {
    reader.problem('filter', `${texts.length} filters; a link holds at most ${MAX_LINK_FILTERS}.`);
    return [];
  }
  const filters: EvaluationFilter[] = [];
  texts.forEach((text, index) => {
    const parts = text.split(',');
    const column = parts.length === 3 ? decodeItem(parts[0]!) : undefined;
    const operator = parts.length === 3 ? OPERATORS[parts[1]!] : undefined;
    const value = parts.length === 3 ? decodeItem(parts[2]!) : undefined;
    const unusable = column === undefined || value === undefined ? 'broken' : (textProblem(column) ?? textProblem(value));
    if (column === undefined || column === '' || operator === undefined || value === undefined || unusable !== null) {
      reader.problem(
        'filter',
        `filter ${index + 1} is “${clip(text)}”${unusable ? ` (${unusable === 'broken' ? 'broken percent-encoding' : unusable})` : ''}; expected column,eq,value or column,ne,value (column and value percent-encoded).`,
      );
      return;
    }
    filters.push({ column, operator, value });
  });
  return filters;
}

/** The `#/data` href: only what the link sets, in a fixed order. */
export function dataHref(link: DataLink): string {
  const params = new URLSearchParams();
  if (link.file !== undefined) params.set('file', link.file);
  for (const role of LINKED_ROLES) {
    const value = link.roles[role];
    if (value !== undefined) params.set(ROLE_PARAMS[role], value ?? '');
  }
  if (link.slices !== undefined) params.set('slices', link.slices.map(encodeItem).join(','));
  if (link.yesValues !== undefined) params.set('yesValues', link.yesValues.map(encodeItem).join(','));
  if (link.noValues !== undefined) params.set('noValues', link.noValues.map(encodeItem).join(','));
  for (const filter of link.filters) params.append('filter', [encodeItem(filter.column), OPERATOR_PARAMS[filter.operator], encodeItem(filter.value)].join(','));
  if (link.threshold !== undefined) params.set('threshold', numberParam(link.threshold));
  if (link.slice !== undefined) params.set('slice', link.slice);
  if (link.window !== undefined) params.set('window', link.window);
  if (link.tune !== undefined) params.set('tune', link.tune);
  if (link.perClass) params.set('perClass', '1');
  if (link.metric !== undefined) params.set('metric', link.metric);
  if (link.cumulative !== undefined) params.set('cumulative', numberParam(link.cumulative));
  const query = params.toString();
  return `#/data${query ? `?${query}` : ''}`;
}

/** What the data view holds for an open file, as its link. */
export function dataLinkFor(state: {
  file: string;
  mapping: EvaluationMapping;
  filters: readonly EvaluationFilter[];
  threshold: number;
  slice: string | undefined;
  window: WindowChoice;
  tune: string | undefined;
  perClass: boolean;
  metric?: DetectionMetricKey | undefined;
  cumulative?: number | null;
}): DataLink {
  const { mapping } = state;
  return {
    file: state.file,
    roles: Object.fromEntries(LINKED_ROLES.map((role) => [role, mapping[role]])),
    slices: [...mapping.slices],
    yesValues: [...mapping.yesValues],
    noValues: [...mapping.noValues],
    filters: [...state.filters],
    threshold: state.threshold,
    ...(state.slice === undefined ? {} : { slice: state.slice }),
    window: state.window,
    ...(state.tune === undefined ? {} : { tune: state.tune }),
    perClass: state.perClass,
    ...(state.metric === undefined ? {} : { metric: state.metric }),
    ...(state.cumulative == null ? {} : { cumulative: state.cumulative }),
  };
}

/**
 * The link's mapping applied over the guess for a file with these columns: each role, slice column
 * and label list the link sets is used when the file has that column; a column the file lacks keeps
 * the guess and becomes a note naming the parameter.
 */
export function applyDataLink(guess: EvaluationMapping, link: DataLink, columns: readonly ColumnSummary[]): { mapping: EvaluationMapping; notes: LinkProblem[] } {
  const names = new Set(columns.map((column) => column.name));
  const notes: LinkProblem[] = [];
  const mapping: EvaluationMapping = { ...guess };
  for (const role of LINKED_ROLES) {
    const wanted = link.roles[role];
    if (wanted === undefined) continue;
    if (wanted !== null && !names.has(wanted)) {
      notes.push({ param: ROLE_PARAMS[role], message: `the link names column “${clip(wanted)}”, which this file does not have; the guess is used.` });
      continue;
    }
    if (role === 'truth') mapping.truth = wanted ?? guess.truth;
    else mapping[role] = wanted;
  }
  const singles = new Set(LINKED_ROLES.map((role) => mapping[role]));
  if (link.slices !== undefined) {
    const missing = link.slices.filter((name) => !names.has(name));
    if (missing.length > 0) notes.push({ param: 'slices', message: `this file has no column ${missing.map((name) => `“${clip(name)}”`).join(', ')}; left out.` });
    mapping.slices = link.slices.filter((name) => names.has(name));
  }
  mapping.slices = mapping.slices.filter((name) => !singles.has(name));
  if (link.yesValues !== undefined) mapping.yesValues = [...link.yesValues];
  if (link.noValues !== undefined) mapping.noValues = link.noValues.filter((value) => !mapping.yesValues.includes(value));
  // Filters apply to the detector and slice columns only; the view drops the others: say which.
  const dropped = [...new Set(link.filters.map((filter) => filter.column).filter((column) => !isFilterable(mapping, column)))];
  if (dropped.length > 0) {
    notes.push({
      param: 'filter',
      message: `${dropped.map((name) => `“${clip(name)}”`).join(', ')} ${dropped.length === 1 ? 'is' : 'are'} not the detector column or a slice column here, so the filter${dropped.length === 1 ? ' on it is' : 's on them are'} left out.`,
    });
  }
  if (link.slice !== undefined && !mapping.slices.includes(link.slice)) {
    notes.push({ param: 'slice', message: `“${clip(link.slice)}” is not a slice column here; the first slice column is shown.` });
  }
  return { mapping, notes };
}

/** The link's settings in words, for the page while no file is open: "true label y_true, …". */
export function describeDataLink(link: DataLink): string[] {
  const roleNames: Record<LinkedRole, string> = {
    truth: 'true label',
    prediction: 'prediction',
    detector: 'detector',
    score: 'score',
    timestamp: 'timestamp',
    exampleId: 'example id',
    split: 'held-out split',
  };
  const parts: string[] = [];
  for (const role of LINKED_ROLES) {
    const value = link.roles[role];
    if (value !== undefined) parts.push(`${roleNames[role]}: ${value === null ? '(none)' : `“${value}”`}`);
  }
  const list = (values: readonly string[]) => (values.length === 0 ? '(none)' : values.map((value) => `“${value}”`).join(', '));
  if (link.slices !== undefined) parts.push(`slice columns: ${list(link.slices)}`);
  if (link.yesValues !== undefined) parts.push(`YES values: ${list(link.yesValues)}`);
  if (link.noValues !== undefined) parts.push(`NO values: ${list(link.noValues)}`);
  for (const filter of link.filters) parts.push(`filter: ${filter.column} ${filter.operator === '=' ? '=' : '≠'} “${filter.value}”`);
  if (link.threshold !== undefined) parts.push(`YES when score ≥ ${link.threshold}`);
  if (link.slice !== undefined) parts.push(`slice table by “${link.slice}”`);
  if (link.window !== undefined) parts.push(`time windows: ${link.window === 'auto' ? 'automatic' : link.window}`);
  if (link.tune !== undefined) parts.push(`tuning rows: split = “${link.tune}”`);
  if (link.perClass) parts.push('per-class lines over time');
  if (link.metric !== undefined) parts.push(`extra metric column: ${link.metric}`);
  if (link.cumulative !== undefined) parts.push(`over time: cumulative, target ${link.cumulative}`);
  return parts;
}
