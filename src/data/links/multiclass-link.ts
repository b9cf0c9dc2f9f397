import { MAX_CLASS_NAME_LENGTH, MAX_CLASSES } from '../detectors/class-detector';
import { formatWholeCount } from '../format/count-format';
import { LinkReader, MAX_LINK_COUNT, clip, numberParam, parseDecimal, type LinkParse } from './link-params';

/**
 * `#/counts?classes=cat,dog,bird&matrix=50,2,1;3,40,2;0,1,30&delta=0.05`: a K-class detector given
 * by its confusion matrix (rows = true class, columns = answer, in the order of `classes`);
 * optionally `target=0.9`, the macro recall its label plan aims to prove.
 */
export interface MulticlassLink {
  classes: string[];
  /** K rows of K whole counts; every row has at least one example. */
  matrix: number[][];
  delta: number | undefined;
  /** `target=0.9`: the macro recall the label plan aims to prove; undefined → DEFAULT_CLASS_TARGET. */
  target?: number;
}

/** The K-class view with an example to edit: where "add a detector of more than two classes" starts. */
export const MULTICLASS_EXAMPLE_HREF = '#/counts?classes=cat,dog,bird&matrix=50,2,1;3,40,2;0,1,30';

/** The label plan's target when a link names none. */
export const DEFAULT_CLASS_TARGET = 0.9;

/** The parameters the multi-class view reads (any other is named as a problem). */
const MULTICLASS_PARAMS = ['classes', 'matrix', 'delta', 'confidence', 'target'];
/** Bad cells named in one message before the rest are only counted. */
const CELLS_NAMED = 3;

/** Whether a `#/counts` link is the multi-class form (it carries `classes=` or `matrix=`) rather than `yes=`/`no=`. */
export function isMulticlassCountsLink(params: URLSearchParams): boolean {
  return params.has('classes') || params.has('matrix');
}

/** Reads the multi-class counts link; every malformed parameter is named with its (clipped) value. */
export function parseMulticlassLink(params: URLSearchParams): LinkParse<MulticlassLink> {
  const reader = new LinkReader(params);
  reader.unexpected(MULTICLASS_PARAMS, 'the multi-class counts view');
  const delta = reader.optionalDelta();
  const classes = readClasses(reader);
  const matrix = classes === undefined ? undefined : readMatrix(reader, classes);
  const target = reader.raw('target') === null ? undefined : reader.fraction('target', DEFAULT_CLASS_TARGET, 'the macro recall the label plan aims to prove');
  // Each reader names its parameter whenever it returns nothing, so an empty value never comes back as ok.
  return reader.result({ classes: classes ?? [], matrix: matrix ?? [], delta, ...(target === undefined ? {} : { target }) });
}

function readClasses(reader: LinkReader): string[] | undefined {
  const text = reader.raw('classes');
  const example = 'such as classes=cat,dog,bird';
  if (text === null) {
    reader.problem('classes', `“classes” is missing; expected the class names in the matrix’s order, ${example}.`);
    return undefined;
  }
  const names = text.split(',').map((name) => name.trim());
  const problem =
    names.length < 2 || names.length > MAX_CLASSES
      ? `expected 2 to ${MAX_CLASSES} class names separated by commas, got ${names.length}`
      : names.some((name) => name === '')
        ? 'a class name is empty'
        : names.some((name) => name.length > MAX_CLASS_NAME_LENGTH)
          ? `a class name is longer than ${MAX_CLASS_NAME_LENGTH} characters`
          : names.find((name, index) => names.indexOf(name) !== index);
  if (problem !== undefined) {
    const said = names.includes(problem) ? `“${clip(problem)}” is named twice` : problem;
    reader.problem('classes', `“classes” is “${clip(text)}”; ${said} (${example}).`);
    return undefined;
  }
  return names;
}

function readMatrix(reader: LinkReader, classes: readonly string[]): number[][] | undefined {
  const text = reader.raw('matrix');
  const size = classes.length;
  const expected = `expected ${size} rows separated by “;” (one per true class: ${clip(classes.join(', '))}), each ${size} whole counts separated by commas (one per answer)`;
  if (text === null) {
    reader.problem('matrix', `“matrix” is missing; ${expected}.`);
    return undefined;
  }
  const rows = text.split(';').map((row) => row.split(','));
  const shortRow = rows.findIndex((row) => row.length !== size);
  if (rows.length !== size || shortRow >= 0) {
    const found = rows.length !== size ? `${formatWholeCount(rows.length)} rows` : `row ${shortRow + 1} (${clip(classes[shortRow]!)}) has ${formatWholeCount(rows[shortRow]!.length)} counts`;
    reader.problem('matrix', `“matrix” is “${clip(text)}”: ${found}; ${expected}.`);
    return undefined;
  }
  const bad: string[] = [];
  const matrix = rows.map((row, i) =>
    row.map((cellText, j) => {
      const value = parseDecimal(cellText.trim());
      if (value === undefined || !Number.isSafeInteger(value) || value > MAX_LINK_COUNT) bad.push(`row ${i + 1} (${clip(classes[i]!)}), column ${j + 1}: “${clip(cellText)}”`);
      return value ?? 0;
    }),
  );
  if (bad.length > 0) {
    const more = bad.length > CELLS_NAMED ? ` and ${bad.length - CELLS_NAMED} more` : '';
    reader.problem('matrix', `“matrix” has ${bad.length === 1 ? 'a count' : 'counts'} that ${bad.length === 1 ? 'is' : 'are'} not a whole number from 0 to ${formatWholeCount(MAX_LINK_COUNT)}: ${bad.slice(0, CELLS_NAMED).join('; ')}${more}.`);
    return undefined;
  }
  const rowTotals = matrix.map((row) => row.reduce((sum, cell) => sum + cell, 0));
  const empty = classes.filter((_name, i) => rowTotals[i] === 0);
  if (empty.length > 0) {
    reader.problem('matrix', `“matrix” has no examples of ${empty.map((name) => `“${clip(name)}”`).join(', ')} (an empty row): a class with no examples has no recall and no interval.`);
    return undefined;
  }
  const largest = rowTotals.findIndex((total) => total > MAX_LINK_COUNT);
  if (largest >= 0) {
    reader.problem('matrix', `“matrix” has ${formatWholeCount(rowTotals[largest]!)} examples of “${clip(classes[largest]!)}”; at most ${formatWholeCount(MAX_LINK_COUNT)} a class.`);
    return undefined;
  }
  return matrix;
}

/** `#/counts?classes=…&matrix=…&delta=…`, the form `parseMulticlassLink` reads (δ only when given). */
export function multiclassHref(link: MulticlassLink): string {
  const classes = link.classes.map(encodeURIComponent).join(',');
  const matrix = link.matrix.map((row) => row.join(',')).join(';');
  return `#/counts?classes=${classes}&matrix=${matrix}${link.delta === undefined ? '' : `&delta=${numberParam(link.delta)}`}${link.target === undefined ? '' : `&target=${numberParam(link.target)}`}`;
}
