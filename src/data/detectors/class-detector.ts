import { describeValue, DETECTOR_ID_PATTERN, MAX_ID_LENGTH, MAX_NAME_LENGTH, MAX_QUERY_LENGTH, MAX_SOURCE_LENGTH, type Detector } from './detector';

/**
 * A detector that answers one of K classes (K ≥ 2 named classes), with its ground truth as a K × K
 * confusion matrix: rows are the true class, columns the answer, in the order of `classes`. Kept
 * beside the two-class detectors (`Detector`, whose YES/NO counts every two-class view reads), so a
 * yes/no detector is what it always was.
 */
export interface ClassDetector {
  id: string;
  name: string;
  query: string;
  classes: string[];
  /** K rows of K whole counts; every row (true class) has at least one example. */
  matrix: number[][];
  /** Where the matrix came from, when an import said so (as a two-class detector's source). */
  source?: string;
}

/** A detector of either kind, as the list and the workspace files hold them. */
export type AnyDetector = Detector | ClassDetector;

/** The most classes a detector may have: its page shows a K × K heat map, K bars and 2K one-sided bounds at δ/(2K). */
export const MAX_CLASSES = 20;
/** The longest class name. */
export const MAX_CLASS_NAME_LENGTH = 60;

export function isClassDetector(detector: AnyDetector): detector is ClassDetector {
  return 'matrix' in detector;
}

/** One problem of a K-class detector, located by a path like `classDetectors[2].matrix[1][0]`. */
export interface ClassDetectorError {
  path: string;
  message: string;
}

/** Cells named one by one before the rest are only counted. */
const CELLS_NAMED = 3;

/**
 * Checks a K-class detector from a file or storage; `path` prefixes every error's path. Returns a
 * fresh copy with only the known fields, or every problem found (ids, texts, classes, the matrix's
 * shape and counts, a class without examples).
 */
export function validateClassDetector(value: unknown, path: string): { ok: true; detector: ClassDetector } | { ok: false; errors: ClassDetectorError[] } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, errors: [{ path, message: `must be a K-class detector object {id, name, query, classes, matrix}, got ${describeValue(value)}` }] };
  }
  const item = value as Record<string, unknown>;
  const errors: ClassDetectorError[] = [];
  const text = (key: string, max: number, mayBeEmpty: boolean): string | null => {
    // A missing question is an empty one, as for two-class detectors.
    const field = key === 'query' ? (item.query ?? '') : item[key];
    const problem =
      typeof field !== 'string'
        ? `must be text, got ${describeValue(field)}`
        : !mayBeEmpty && field.trim() === ''
          ? 'must not be empty'
          : field.length > max
            ? `must be at most ${max} characters, got ${field.length}`
            : null;
    if (problem !== null) errors.push({ path: `${path}.${key}`, message: problem });
    return problem === null ? (field as string) : null;
  };
  const id = text('id', MAX_ID_LENGTH, false);
  if (id !== null && !DETECTOR_ID_PATTERN.test(id)) {
    errors.push({ path: `${path}.id`, message: `must use only letters, digits, '-', '_' and '.', starting with a letter or digit, got ${JSON.stringify(id)}` });
  }
  const name = text('name', MAX_NAME_LENGTH, false);
  const query = text('query', MAX_QUERY_LENGTH, true);
  const source = item.source === undefined ? undefined : text('source', MAX_SOURCE_LENGTH, false);
  const classes = checkClasses(item.classes, `${path}.classes`, errors);
  const matrix = classes === null ? null : checkMatrix(item.matrix, classes, `${path}.matrix`, errors);
  if (errors.length > 0 || id === null || name === null || query === null || source === null || classes === null || matrix === null) return { ok: false, errors };
  return { ok: true, detector: { id, name, query, classes, matrix, ...(source === undefined ? {} : { source }) } };
}

function checkClasses(value: unknown, path: string, errors: ClassDetectorError[]): string[] | null {
  const problem = (message: string) => {
    errors.push({ path, message });
    return null;
  };
  if (!Array.isArray(value)) return problem(`must be a list of 2 to ${MAX_CLASSES} class names, got ${describeValue(value)}`);
  if (value.length < 2 || value.length > MAX_CLASSES) return problem(`must name 2 to ${MAX_CLASSES} classes, got ${value.length}`);
  const bad = value.findIndex((name) => typeof name !== 'string' || name.trim() === '' || name.length > MAX_CLASS_NAME_LENGTH);
  if (bad >= 0) return problem(`class ${bad + 1} must be a name of 1 to ${MAX_CLASS_NAME_LENGTH} characters, got ${describeValue(value[bad])}`);
  const names = value as string[];
  const repeated = names.findIndex((name, index) => names.indexOf(name) !== index);
  if (repeated >= 0) return problem(`names ${describeValue(names[repeated])} twice; class names must differ`);
  return names.slice();
}

function checkMatrix(value: unknown, classes: readonly string[], path: string, errors: ClassDetectorError[]): number[][] | null {
  const size = classes.length;
  const shape = `${size} rows (one per true class) of ${size} whole counts (one per answer)`;
  if (!Array.isArray(value) || value.length !== size || value.some((row) => !Array.isArray(row) || row.length !== size)) {
    errors.push({ path, message: `must be ${shape}, got ${Array.isArray(value) ? `${value.length} rows of ${value.map((row) => (Array.isArray(row) ? row.length : describeValue(row))).slice(0, CELLS_NAMED).join(', ')}${value.length > CELLS_NAMED ? ', …' : ''}` : describeValue(value)}` });
    return null;
  }
  const rows = value as unknown[][];
  const bad: string[] = [];
  rows.forEach((row, i) =>
    row.forEach((cell, j) => {
      if (typeof cell !== 'number' || !Number.isSafeInteger(cell) || cell < 0) bad.push(`[${i}][${j}] is ${describeValue(cell)}`);
    }),
  );
  if (bad.length > 0) {
    const more = bad.length > CELLS_NAMED ? ` and ${bad.length - CELLS_NAMED} more` : '';
    errors.push({ path, message: `counts must be whole numbers ≥ 0: ${bad.slice(0, CELLS_NAMED).join('; ')}${more}` });
    return null;
  }
  const matrix = rows.map((row) => (row as number[]).slice());
  const totals = matrix.map((row) => row.reduce((sum, cell) => sum + cell, 0));
  const tooMany = totals.findIndex((total) => !Number.isSafeInteger(total));
  if (tooMany >= 0) {
    errors.push({ path: `${path}[${tooMany}]`, message: `holds more examples of ${describeValue(classes[tooMany])} than can be counted exactly` });
    return null;
  }
  if (!Number.isSafeInteger(totals.reduce((sum, total) => sum + total, 0))) {
    errors.push({ path, message: `holds more examples in all than can be counted exactly (at most ${Number.MAX_SAFE_INTEGER})` });
    return null;
  }
  const empty = classes.filter((_name, i) => totals[i] === 0);
  if (empty.length > 0) {
    errors.push({ path, message: `has no examples of ${empty.slice(0, CELLS_NAMED).map(describeValue).join(', ')}${empty.length > CELLS_NAMED ? ` and ${empty.length - CELLS_NAMED} more` : ''}: every class needs examples for its recall and the balanced accuracy` });
    return null;
  }
  return matrix;
}

/** The file's and storage's copy of a K-class detector: only its own fields, fresh arrays. */
export function classDetectorRecord({ id, name, query, classes, matrix, source }: ClassDetector): ClassDetector {
  return { id, name, query, classes: classes.slice(), matrix: matrix.map((row) => row.slice()), ...(source === undefined ? {} : { source }) };
}
