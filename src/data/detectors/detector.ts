import type { ClassCounts } from '../../stats';

export type { ClassCounts };

/** The two ground-truth classes: examples that should get a YES answer and those that should get NO. */
export type ClassName = 'yes' | 'no';

/** A yes/no detector and its ground-truth results, one {correct, total} per class. */
export interface Detector {
  /** Stable identifier; `#/detectors/<id>` links rely on it (see DETECTOR_ID_PATTERN). */
  id: string;
  name: string;
  /** The yes/no question the detector answers, e.g. "Is there a forklift in the loading bay?". */
  query: string;
  /** Should-be-YES examples: how many the detector answered YES (correct) out of all of them. */
  yes: ClassCounts;
  /** Should-be-NO examples: how many the detector answered NO (correct) out of all of them. */
  no: ClassCounts;
  /**
   * Where the counts came from, when an import said so: "multi.csv, 9,310 usable of 9,500 rows,
   * imported 2026-11-26". Shown in the details and the report; absent for counts typed or loaded
   * from the samples, and dropped when the counts are edited by hand.
   */
  source?: string;
}

/** How the UI names each class; validation messages use the same words. */
export const CLASS_LABELS: Record<ClassName, string> = { yes: 'should-be-YES', no: 'should-be-NO' };

export const MAX_ID_LENGTH = 100;
export const MAX_NAME_LENGTH = 200;
export const MAX_QUERY_LENGTH = 1000;
export const MAX_SOURCE_LENGTH = 1000;
/** Letters, digits, '-', '_' and '.', starting with a letter or digit: safe and readable in a URL. */
export const DETECTOR_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** One rejected field of a counts pair: `reason` alone ("must be a whole number, got 2.5") and
 * `message` naming class and field ("should-be-YES correct must be a whole number, got 2.5"). */
export interface CountsFieldError {
  field: keyof ClassCounts;
  reason: string;
  message: string;
}

/** A fresh random id (a UUID; falls back to time + random digits where crypto.randomUUID is missing). */
export function newDetectorId(): string {
  const cryptoApi = globalThis.crypto as Crypto | undefined;
  if (cryptoApi && typeof cryptoApi.randomUUID === 'function') return cryptoApi.randomUUID();
  const random = Math.random().toString(36).slice(2, 10).padEnd(8, '0');
  return `d-${Date.now().toString(36)}-${random}`;
}

/**
 * Checks one class's counts: both must be whole numbers ≥ 0 and correct ≤ total.
 * Values may be numbers or the raw text of an input field ('' means empty).
 * `label` starts every message, e.g. "should-be-YES correct must be a whole number, got 2.5".
 * Returns [] when the counts are valid.
 */
export function validateCounts(
  counts: { correct: unknown; total: unknown },
  label: string,
): CountsFieldError[] {
  const errors: CountsFieldError[] = [];
  const add = (field: keyof ClassCounts, reason: string) =>
    errors.push({ field, reason, message: `${label} ${field} ${reason}` });
  const correct = parseCount(counts.correct);
  const total = parseCount(counts.total);
  if (typeof correct === 'string') add('correct', correct);
  if (typeof total === 'string') add('total', total);
  if (typeof correct === 'number' && typeof total === 'number' && correct > total) {
    add('correct', `must be ≤ total (${total}), got ${correct}`);
  }
  return errors;
}

/** Counts of one class as numbers when valid, or null (validateCounts gives the reasons). */
export function toClassCounts(counts: { correct: unknown; total: unknown }): ClassCounts | null {
  const correct = parseCount(counts.correct);
  const total = parseCount(counts.total);
  if (typeof correct !== 'number' || typeof total !== 'number' || correct > total) return null;
  return { correct, total };
}

/** A whole number ≥ 0 from a number or numeric text, or the reason it is not one. */
function parseCount(value: unknown): number | string {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
    return 'is empty; enter a whole number ≥ 0';
  }
  let number: number;
  if (typeof value === 'number') number = value;
  else if (typeof value === 'string' && NUMERIC_TEXT.test(value)) number = Number(value);
  else return `must be a whole number, got ${describeValue(value)}`;
  if (Number.isNaN(number)) return 'is not a number; enter a whole number ≥ 0';
  if (!Number.isFinite(number)) return `must be a finite whole number, got ${number}`;
  if (!Number.isInteger(number)) return `must be a whole number, got ${number}`;
  if (number < 0) return `must not be negative, got ${number}`;
  if (!Number.isSafeInteger(number)) return `is too large (at most ${Number.MAX_SAFE_INTEGER}), got ${number}`;
  return number;
}

const NUMERIC_TEXT = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?\s*$/i;

/** A short description of any value for messages: 'abc', 2.5, null, a list, an object, nothing. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `'${value.length > 40 ? `${value.slice(0, 40)}…` : value}'`;
  return String(value);
}

/** A URL-safe id derived from a name: "Forklift (bay 3)" → "forklift-bay-3"; '' when nothing is left. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

/**
 * `base` if no id in `taken` has it, otherwise `base-2`, `base-3`, … (the first free one).
 * Adds the chosen id to `taken`, so a loop can assign unique ids one by one.
 */
export function uniqueId(base: string, taken: Set<string>): string {
  let id = base;
  for (let n = 2; taken.has(id); n += 1) id = `${base.slice(0, MAX_ID_LENGTH - String(n).length - 1)}-${n}`;
  taken.add(id);
  return id;
}
