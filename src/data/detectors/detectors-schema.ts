import {
  CLASS_LABELS,
  DETECTOR_ID_PATTERN,
  MAX_ID_LENGTH,
  MAX_NAME_LENGTH,
  MAX_QUERY_LENGTH,
  MAX_SOURCE_LENGTH,
  describeValue,
  validateCounts,
  type ClassName,
  type Detector,
} from './detector';
import { classDetectorRecord, validateClassDetector, type ClassDetector } from './class-detector';

/**
 * The detectors file format, documented field by field in public/detectors.schema.md:
 * `{ "schema": "tailbound.detectors", "version": 1, "detectors": [ {id, name, query, yes, no} ] }`,
 * optionally with `"classDetectors": [ {id, name, query, classes, matrix} ]` (K-class detectors; ids
 * unique across both lists). A file without them is read as before.
 */
export const DETECTORS_SCHEMA_ID = 'tailbound.detectors';
export const DETECTORS_SCHEMA_VERSION = 1;
/** More detectors than this in one file are refused (the list stays responsive well beyond 10,000). */
export const MAX_DETECTORS_PER_FILE = 50_000;

export interface DetectorsFile {
  schema: typeof DETECTORS_SCHEMA_ID;
  version: typeof DETECTORS_SCHEMA_VERSION;
  detectors: Detector[];
  /** Written only when the workspace has K-class detectors. */
  classDetectors?: ClassDetector[];
}

/** A validation error located by a path like `detectors[3].yes.correct`. */
export interface PathError {
  path: string;
  message: string;
}

export type ParseDetectorsResult = { ok: true; detectors: Detector[]; classDetectors: ClassDetector[] } | { ok: false; errors: PathError[] };

/** Stop collecting after this many errors: a wholly wrong file should not produce 50,000 lines. */
const MAX_REPORTED_ERRORS = 50;

/**
 * Validates parsed JSON against the detectors schema. Returns the detectors (fresh objects with
 * only the known fields) or every error found, each with its path and what was expected.
 */
export function parseDetectorsFile(json: unknown): ParseDetectorsResult {
  const errors: PathError[] = [];
  if (!isRecord(json)) {
    return fail('(file)', `expected an object {"schema": "${DETECTORS_SCHEMA_ID}", "version": 1, "detectors": [...]}, got ${describeValue(json)}`);
  }
  if (json.schema !== DETECTORS_SCHEMA_ID) {
    errors.push({
      path: 'schema',
      message: `must be "${DETECTORS_SCHEMA_ID}", got ${json.schema === undefined ? 'nothing' : JSON.stringify(json.schema)}`,
    });
  }
  if (json.version !== DETECTORS_SCHEMA_VERSION) {
    const got = json.version === undefined ? 'nothing' : JSON.stringify(json.version);
    const newer = typeof json.version === 'number' && json.version > DETECTORS_SCHEMA_VERSION;
    errors.push({
      path: 'version',
      message: newer
        ? `version ${got} is newer than this app understands (${DETECTORS_SCHEMA_VERSION}); update tailbound or export the file as version ${DETECTORS_SCHEMA_VERSION}`
        : `unsupported version ${got}; this app reads version ${DETECTORS_SCHEMA_VERSION}`,
    });
  }
  if (!Array.isArray(json.detectors)) {
    errors.push({ path: 'detectors', message: `must be a list of detectors, got ${describeValue(json.detectors)}` });
    return { ok: false, errors };
  }
  if (json.detectors.length > MAX_DETECTORS_PER_FILE) {
    errors.push({
      path: 'detectors',
      message: `has ${json.detectors.length} detectors; the limit is ${MAX_DETECTORS_PER_FILE}`,
    });
    return { ok: false, errors };
  }
  // Where each id was first used ("detectors[3]"): ids are unique across both lists.
  const idsSeen = new Map<string, string>();
  const detectors = readList(json.detectors, 'detectors', validateDetector, idsSeen, errors);
  const classDetectors = readClassDetectors(json.classDetectors, idsSeen, errors);
  if (errors.length >= MAX_REPORTED_ERRORS) {
    errors.splice(MAX_REPORTED_ERRORS);
    errors.push({ path: '(file)', message: `stopped after ${MAX_REPORTED_ERRORS} errors` });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, detectors, classDetectors };
}

/** The optional K-class detectors: each checked, ids unique across both lists (`idsSeen` holds the two-class ones). */
function readClassDetectors(value: unknown, idsSeen: Map<string, string>, errors: PathError[]): ClassDetector[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    errors.push({ path: 'classDetectors', message: `must be a list of K-class detectors, got ${describeValue(value)}` });
    return [];
  }
  if (value.length + idsSeen.size > MAX_DETECTORS_PER_FILE) {
    errors.push({ path: 'classDetectors', message: `makes ${value.length + idsSeen.size} detectors in all; the limit is ${MAX_DETECTORS_PER_FILE}` });
    return [];
  }
  return readList(value, 'classDetectors', validateClassDetector, idsSeen, errors);
}

/**
 * One list of the file, item by item (until MAX_REPORTED_ERRORS): each validated at `list[index]`,
 * an id already in `idsSeen` (this list's or the other's) refused by name, the valid ones returned.
 */
function readList<T extends { id: string }>(
  items: readonly unknown[],
  list: string,
  validate: (value: unknown, path: string) => { ok: true; detector: T } | { ok: false; errors: PathError[] },
  idsSeen: Map<string, string>,
  errors: PathError[],
): T[] {
  const read: T[] = [];
  items.forEach((item, index) => {
    if (errors.length >= MAX_REPORTED_ERRORS) return;
    const path = `${list}[${index}]`;
    const result = validate(item, path);
    if (!result.ok) {
      errors.push(...result.errors);
      return;
    }
    const { id } = result.detector;
    const earlier = idsSeen.get(id);
    if (earlier !== undefined) {
      errors.push({ path: `${path}.id`, message: `duplicate id "${id}" (already used by ${earlier}); ids must be unique` });
      return;
    }
    idsSeen.set(id, path);
    read.push(result.detector);
  });
  return read;
}

/** Validates one detector object; `path` prefixes every error path (e.g. `detectors[3]`). */
export function validateDetector(
  value: unknown,
  path: string,
): { ok: true; detector: Detector } | { ok: false; errors: PathError[] } {
  if (!isRecord(value)) return fail(path, `must be a detector object {id, name, query, yes, no}, got ${describeValue(value)}`);
  const errors: PathError[] = [];
  const id = checkText(value.id, `${path}.id`, MAX_ID_LENGTH, errors, false);
  if (id !== null && !DETECTOR_ID_PATTERN.test(id)) {
    errors.push({
      path: `${path}.id`,
      message: `must use only letters, digits, '-', '_' and '.', starting with a letter or digit, got ${JSON.stringify(id)}`,
    });
  }
  const name = checkText(value.name, `${path}.name`, MAX_NAME_LENGTH, errors, false);
  const query = checkText(value.query ?? '', `${path}.query`, MAX_QUERY_LENGTH, errors, true);
  const yes = checkClass(value.yes, `${path}.yes`, 'yes', errors);
  const no = checkClass(value.no, `${path}.no`, 'no', errors);
  // Optional: files and workspaces from before it existed have none.
  const source = value.source === undefined ? undefined : checkText(value.source, `${path}.source`, MAX_SOURCE_LENGTH, errors, false);
  if (errors.length > 0 || id === null || name === null || query === null || yes === null || no === null || source === null) {
    return { ok: false, errors };
  }
  return { ok: true, detector: { id, name, query, yes, no, ...(source === undefined ? {} : { source }) } };
}

function checkText(value: unknown, path: string, maxLength: number, errors: PathError[], mayBeEmpty: boolean) {
  if (typeof value !== 'string') {
    errors.push({ path, message: `must be text, got ${describeValue(value)}` });
    return null;
  }
  if (!mayBeEmpty && value.trim() === '') {
    errors.push({ path, message: 'must not be empty' });
    return null;
  }
  if (value.length > maxLength) {
    errors.push({ path, message: `must be at most ${maxLength} characters, got ${value.length}` });
    return null;
  }
  return value;
}

function checkClass(value: unknown, path: string, cls: ClassName, errors: PathError[]) {
  if (!isRecord(value)) {
    errors.push({
      path,
      message: `must be {"correct": whole number, "total": whole number} for the ${CLASS_LABELS[cls]} class, got ${describeValue(value)}`,
    });
    return null;
  }
  let valid = true;
  for (const field of ['correct', 'total'] as const) {
    if (typeof value[field] !== 'number') {
      errors.push({ path: `${path}.${field}`, message: `must be a whole number ≥ 0, got ${describeValue(value[field])}` });
      valid = false;
    }
  }
  if (!valid) return null;
  const fieldErrors = validateCounts({ correct: value.correct, total: value.total }, CLASS_LABELS[cls]);
  for (const error of fieldErrors) errors.push({ path: `${path}.${error.field}`, message: error.reason });
  return fieldErrors.length > 0 ? null : { correct: value.correct as number, total: value.total as number };
}

function fail(path: string, message: string): { ok: false; errors: PathError[] } {
  return { ok: false, errors: [{ path, message }] };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The versioned file for a list of detectors (export; parseDetectorsFile reads it back). */
export function toDetectorsFile(detectors: readonly Detector[], classDetectors: readonly ClassDetector[] = []): DetectorsFile {
  return {
    schema: DETECTORS_SCHEMA_ID,
    version: DETECTORS_SCHEMA_VERSION,
    detectors: detectors.map(({ id, name, query, yes, no, source }) => ({
      id,
      name,
      query,
      yes: { correct: yes.correct, total: yes.total },
      no: { correct: no.correct, total: no.total },
      ...(source === undefined ? {} : { source }),
    })),
    ...(classDetectors.length === 0 ? {} : { classDetectors: classDetectors.map(classDetectorRecord) }),
  };
}
