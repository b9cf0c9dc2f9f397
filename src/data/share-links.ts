import type { ClassCounts } from '../stats';
import { CLASS_LABELS, validateCounts, type ClassName } from './detector';
import { hashHref, type HashRoute } from './routes';

/**
 * The shareable URL contracts (parameter names are part of the contract — keep them):
 * - `#/detectors/<id>?delta=0.05` — one detector of the loaded set;
 * - `#/counts?yes=38/40&no=55/60&delta=0.05` — an ad-hoc detector from counts alone.
 * `delta` is optional (absent: the workspace's δ); `confidence=0.95` is accepted as an alias.
 */
export const DEFAULT_DELTA = 0.05;

export type ParamResult<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * Parses `correct/total` (e.g. `38/40`) for the class parameter `name`.
 * Errors name the parameter: "yes: expected correct/total like 38/40, got '38-40'".
 */
export function parseCountsParam(value: string | null, name: ClassName = 'yes'): ParamResult<ClassCounts> {
  if (value === null || value.trim() === '') {
    return { ok: false, message: `${name}: missing; expected correct/total like 38/40` };
  }
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value);
  if (!match) {
    return { ok: false, message: `${name}: expected correct/total like 38/40, got '${clip(value)}'` };
  }
  const counts = { correct: Number(match[1]), total: Number(match[2]) };
  const errors = validateCounts(counts, CLASS_LABELS[name]);
  if (errors.length > 0) return { ok: false, message: `${name}: ${errors.map((e) => e.message).join('; ')}` };
  return { ok: true, value: counts };
}

/** `38/40` — the inverse of parseCountsParam. */
export function formatCountsParam(counts: ClassCounts): string {
  return `${counts.correct}/${counts.total}`;
}

/**
 * δ from `delta` (a number strictly between 0 and 1) or its alias `confidence` (= 1 − δ).
 * Neither present → `{ok: true, value: undefined}` (use the workspace's δ). Both present must agree.
 */
export function parseDeltaParam(params: URLSearchParams): ParamResult<number | undefined> {
  const deltaText = params.get('delta');
  const confidenceText = params.get('confidence');
  let delta: number | undefined;
  if (deltaText !== null) {
    const parsed = parseOpenUnit(deltaText);
    if (parsed === null) {
      return { ok: false, message: `delta: expected a number between 0 and 1 (exclusive) like 0.05, got '${clip(deltaText)}'` };
    }
    delta = parsed;
  }
  if (confidenceText !== null) {
    const confidence = parseOpenUnit(confidenceText);
    if (confidence === null) {
      return {
        ok: false,
        message: `confidence: expected a number between 0 and 1 (exclusive) like 0.95, got '${clip(confidenceText)}'`,
      };
    }
    // 1 − 0.95 is 0.050000000000000044 in binary; 12 significant digits recovers the intended δ.
    const fromConfidence = Number((1 - confidence).toPrecision(12));
    if (delta !== undefined && Math.abs(delta - fromConfidence) > 1e-12) {
      return { ok: false, message: `delta (${deltaText}) and confidence (${confidenceText}) disagree; give only one` };
    }
    delta ??= fromConfidence;
  }
  return { ok: true, value: delta };
}

/** Checks a δ chosen in the UI; null when valid, otherwise the message. */
export function validateDelta(delta: number): string | null {
  return Number.isFinite(delta) && delta > 0 && delta < 1
    ? null
    : `δ must be a number between 0 and 1 (exclusive), got ${String(delta)}`;
}

export type DetectorLinkResult = { ok: true; id: string; delta: number | undefined } | { ok: false; errors: string[] };

/** Reads `#/detectors/<id>?delta=…`; call only for routes whose first segment is 'detectors'. */
export function parseDetectorLink(route: HashRoute): DetectorLinkResult {
  const errors: string[] = [];
  const id = route.segments[1];
  if (id === undefined || id === '') errors.push('detector id: missing; expected #/detectors/<id>');
  if (route.segments.length > 2) errors.push(`unexpected path after the detector id: '${route.segments.slice(2).join('/')}'`);
  const delta = parseDeltaParam(route.params);
  if (!delta.ok) errors.push(delta.message);
  if (errors.length > 0 || !delta.ok || id === undefined) return { ok: false, errors };
  return { ok: true, id, delta: delta.value };
}

/** `#/detectors/<id>?delta=0.05` (δ omitted when undefined). */
export function detectorHref(id: string, delta?: number): string {
  return hashHref(['detectors', id], delta === undefined ? {} : { delta: String(delta) });
}

export type CountsLinkResult =
  | { ok: true; yes: ClassCounts; no: ClassCounts; delta: number | undefined }
  | { ok: false; errors: string[] };

/** Reads `#/counts?yes=38/40&no=55/60&delta=0.05`; every malformed parameter gets its own message. */
export function parseCountsLink(route: HashRoute): CountsLinkResult {
  const yes = parseCountsParam(route.params.get('yes'), 'yes');
  const no = parseCountsParam(route.params.get('no'), 'no');
  const delta = parseDeltaParam(route.params);
  if (yes.ok && no.ok && delta.ok) return { ok: true, yes: yes.value, no: no.value, delta: delta.value };
  const errors: string[] = [];
  for (const result of [yes, no, delta]) if (!result.ok) errors.push(result.message);
  return { ok: false, errors };
}

/**
 * `#/counts?yes=38/40&no=55/60&delta=0.05`. Built by hand rather than with URLSearchParams so the
 * slash stays readable (it is legal in a query); every value is a number, so nothing needs escaping.
 */
export function countsHref(yes: ClassCounts, no: ClassCounts, delta?: number): string {
  const query = `yes=${formatCountsParam(yes)}&no=${formatCountsParam(no)}`;
  return `#/counts?${query}${delta === undefined ? '' : `&delta=${String(delta)}`}`;
}

/** A number strictly inside (0, 1) written in plain decimal or exponent form, or null. */
function parseOpenUnit(text: string): number | null {
  if (!/^\s*(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i.test(text)) return null;
  const value = Number(text);
  return value > 0 && value < 1 ? value : null;
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
