import { assertDelta, type ClassCounts } from '../../stats';
import { formatWholeCount } from '../format/count-format';
import { deltaFromConfidence } from '../format/decimal-complement';
import { isBalancedMethod, type BalancedMethod } from '../methods/balanced-method';

/** One thing wrong with a link, phrased for the page: it names the parameter and what was found. */
export interface LinkProblem {
  param: string;
  message: string;
}

/** A parsed link: the view's settings, or every problem found (never a half-read value). */
export type LinkParse<T> = { ok: true; value: T } | { ok: false; problems: LinkProblem[] };

/** Largest count a link accepts; the stats library is exact up to 10^9. */
export const MAX_LINK_COUNT = 1_000_000_000;

const WHOLE_NUMBER = /^\d+$/;
// Linear in the text's length (no nested choice between two runs of digits): a 100,000-digit parameter
// is refused at once, not after 10¹⁰ steps of backtracking.
const DECIMAL = /^(\d+(\.\d*)?|\.\d+)(e-?\d+)?$/i;

/**
 * Reads typed values out of a link's query parameters, collecting a problem for each bad one instead
 * of throwing, so that the page can list everything that is wrong at once. Missing parameters take
 * the given fallback; present-but-malformed ones never do (a typo must not silently change the numbers).
 */
export class LinkReader {
  readonly problems: LinkProblem[] = [];

  constructor(private readonly params: URLSearchParams) {}

  has(name: string): boolean {
    return this.params.has(name);
  }

  raw(name: string): string | null {
    return this.params.get(name);
  }

  problem(param: string, message: string): void {
    this.problems.push({ param, message });
  }

  /** A whole number in [min, max]; `fallback` when the parameter is absent. */
  wholeNumber(name: string, fallback: number, min = 0, max = MAX_LINK_COUNT): number {
    const text = this.params.get(name);
    if (text === null) return fallback;
    const value = parseWholeNumber(text);
    if (value === undefined || value < min || value > max) {
      this.problem(name, `“${name}” is “${clip(text)}”; expected a whole number from ${formatWholeCount(min)} to ${formatWholeCount(max)}.`);
      return fallback;
    }
    return value;
  }

  /**
   * A decimal in (0, 1) — δ, a target — or in [0, 1] when `inclusive` (an accuracy may be perfect);
   * `fallback` when absent.
   */
  fraction(name: string, fallback: number, what: string, inclusive = false): number {
    const text = this.params.get(name);
    if (text === null) return fallback;
    const value = parseDecimal(text);
    const inRange = value !== undefined && (inclusive ? value >= 0 && value <= 1 : value > 0 && value < 1);
    if (!inRange) {
      const range = inclusive ? 'from 0 to 1' : 'strictly between 0 and 1';
      this.problem(name, `“${name}” is “${clip(text)}”; expected ${what}: a number ${range}, such as ${fallback}.`);
      return fallback;
    }
    return value;
  }

  /** The error rate δ from `delta` or its alias `confidence` (= 1 − δ); `fallback` when neither is given. */
  delta(fallback = 0.05): number {
    return this.optionalDelta() ?? fallback;
  }

  /**
   * δ from `delta` or `confidence` (= 1 − δ), undefined when neither is given. Each malformed one is
   * its own problem (both are named when both are wrong); when both are given they must agree.
   */
  optionalDelta(): number | undefined {
    const delta = this.deltaValue('delta', 'the error rate δ, such as 0.05 for 95% confidence');
    // 1 − 0.95 is 0.050000000000000044 in binary and 1 − 0.9999999 is 9.99999999474e-8: the complement
    // of the decimal text, taken in decimal, is the δ the link means.
    const fromConfidence = this.deltaValue('confidence', 'the confidence level 1 − δ, such as 0.95', deltaFromConfidence);
    if (delta !== undefined && fromConfidence !== undefined && Math.abs(delta - fromConfidence) > 1e-12) {
      this.problem('confidence', `“confidence” is “${clip(this.raw('confidence') ?? '')}”, which disagrees with delta=${clip(this.raw('delta') ?? '')}; give only one of them.`);
      return undefined;
    }
    return delta ?? fromConfidence;
  }

  /** δ from the parameter `name`; `toDelta` reads its (decimal) text when it is not δ itself. */
  private deltaValue(name: string, what: string, toDelta: (text: string) => number = Number): number | undefined {
    const text = this.params.get(name);
    if (text === null) return undefined;
    const value = parseDecimal(text) === undefined ? undefined : toDelta(text);
    const problem = value === undefined ? 'it is not a decimal number' : deltaProblem(value);
    if (problem === null) return value;
    this.problem(name, `“${name}” is “${clip(text)}”; expected ${what}: ${problem}.`);
    return undefined;
  }

  /**
   * A class's results written `correct/total`, e.g. `yes=38/40`; `undefined` when absent or bad.
   * `allowEmpty` accepts `0/0` (a class with no labels yet, for the label planner).
   */
  classCounts(name: string, className: string, allowEmpty = false): ClassCounts | undefined {
    const text = this.params.get(name);
    if (text === null) return undefined;
    const parsed = parseClassCounts(text, allowEmpty);
    if (typeof parsed === 'string') {
      this.problem(name, `“${name}” is “${clip(text)}”; ${parsed} (the ${className} class, written correct/total such as 38/40).`);
      return undefined;
    }
    return parsed;
  }

  /**
   * Names each parameter of the link that the view does not read (`known` are the ones it does),
   * so that a setting the view would silently ignore — `balanced=` on a view without that choice —
   * is said, beside every other problem.
   */
  unexpected(known: readonly string[], view: string): void {
    for (const name of new Set(this.params.keys())) {
      if (!known.includes(name)) this.problem(clip(name), `“${clip(name)}” is not a setting of ${view}; it reads ${known.join(', ')}.`);
    }
  }

  /** The parse result: the value when nothing was wrong, otherwise every problem. */
  result<T>(value: T): LinkParse<T> {
    return this.problems.length === 0 ? { ok: true, value } : { ok: false, problems: [...this.problems] };
  }
}

/** "38/40" → { correct: 38, total: 40 }, or a phrase saying what is wrong with it; "0/0" only if `allowEmpty`. */
export function parseClassCounts(text: string, allowEmpty = false): ClassCounts | string {
  const parts = text.split('/');
  if (parts.length !== 2) return 'expected correct/total';
  const correct = parseWholeNumber(parts[0]!.trim());
  const total = parseWholeNumber(parts[1]!.trim());
  if (correct === undefined || total === undefined) return 'expected two whole numbers, correct/total';
  if (total < 1 && !allowEmpty) return 'the class has no examples, so it has no interval';
  if (total > MAX_LINK_COUNT) return `the total must be at most ${formatWholeCount(MAX_LINK_COUNT)}`;
  if (correct > total) return 'more correct than total';
  return { correct, total };
}

/** `{correct: 38, total: 40}` → "38/40", the form `parseClassCounts` reads. */
export function classCountsParam(counts: ClassCounts): string {
  return `${counts.correct}/${counts.total}`;
}

/** Whether a link can carry these counts (a class with examples, up to MAX_LINK_COUNT): a link to another view is offered only then. */
export function linkCarries(counts: ClassCounts): boolean {
  return typeof parseClassCounts(classCountsParam(counts)) !== 'string';
}

/** A number as a link writes it: the shortest round-tripping decimal. */
export function numberParam(value: number): string {
  return String(value);
}

/**
 * Why δ cannot be used, or null when it can: the one δ policy of the app, which is the stats
 * library's (`assertDelta`: strictly between 0 and 1, and not so small that the per-bound levels
 * δ/4 underflow). Links, fields and stored settings all ask this.
 */
export function deltaProblem(delta: number): string | null {
  try {
    assertDelta(delta);
    return null;
  } catch (error) {
    if (error instanceof RangeError) return error.message.replace(/^delta\b/, 'δ');
    throw error;
  }
}

/** A parameter's text as quoted in a message: at most 40 characters. */
export function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

function parseWholeNumber(text: string): number | undefined {
  if (!WHOLE_NUMBER.test(text)) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}

/** A plain decimal ("0.02", "1e-3"; no sign, no "%"), undefined for any other text. */
export function parseDecimal(text: string): number | undefined {
  if (!DECIMAL.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** `balanced` from a link; undefined when absent (the view's default applies: Buehler's; a report takes the workspace's setting), a named problem when malformed. */
export function readBalancedParam(reader: LinkReader): BalancedMethod | undefined {
  const text = reader.raw('balanced');
  if (text === null) return undefined;
  if (isBalancedMethod(text)) return text;
  reader.problem('balanced', `“balanced” is “${clip(text)}”; expected buehler (exact, never wider than the union bound, the default), union (the blog's union bound) or inversion (exact test inversion ordered by the estimate).`);
  return undefined;
}
