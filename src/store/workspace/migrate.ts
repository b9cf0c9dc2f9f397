import { DETECTORS_SCHEMA_ID, DETECTORS_SCHEMA_VERSION, parseDetectorsFile, SORT_KEYS, type SortKey } from '../../data/detectors';
import { deltaFromConfidence } from '../../data/format';
import { DEFAULT_DELTA, deltaProblem } from '../../data/links';
import { DEFAULT_BALANCED_METHOD, isBalancedMethod } from '../../data/methods';
import type { PersistedWorkspace } from './types';

/** The saved format's version: what `migrateWorkspace` brings every older one up to. */
export const WORKSPACE_VERSION = 4;

/** What `migrateWorkspace` returns for data it cannot read. */
export class MigrationFailure {
  constructor(readonly reason: string) {}
}

/** How many detector errors a storage-problem message lists. */
const PROBLEMS_SHOWN = 3;

/**
 * Version 0 (the first prototype's shape, kept readable):
 *   { detectors: [{ id, name, query?, positives: {correct, total}, negatives: {correct, total} }],
 *     confidence: 0.95 }
 * where positives = the should-be-YES class, negatives = should-be-NO, confidence = 1 − δ.
 * Version 1: { detectors: [{ id, name, query, yes, no }], delta, sort, showUnionBounds, seeded,
 *   balancedMethod } with balancedMethod 'inversion' (the default then) or 'union', absent if saved
 *   before the setting existed.
 * Version 2: the same, balancedMethod 'buehler' (the new default: exact, never wider than the union
 *   bound), 'union' or 'inversion'. Going 1 → 2, a stored 'inversion' becomes 'buehler': it was the
 *   default, so nearly every version-1 workspace holds it without its user ever having chosen it, and
 *   Buehler's interval is never wider than the union bound where the inversion can be (one class near
 *   0%, the other near 100%); a user who did choose the inversion picks it again in "Balanced
 *   interval". An absent method becomes 'buehler' too; 'union' (always a choice) is kept; anything
 *   else is left as it is, for the check to reset with a message.
 * Version 3: a detector may have a `source` (where an import's counts came from). Going 2 → 3, a
 *   question the evaluation-data import wrote in place of one ("Counts from multi.csv (9,310 usable of
 *   9,500 rows)") becomes the detector's source, and its question is empty again (issue 29).
 * Version 4: K-class detectors beside the two-class ones, `classDetectors: [{ id, name, query,
 *   classes, matrix, source? }]`. Going 3 → 4 adds an empty list; the two-class detectors and every
 *   setting are kept as they are.
 * Returns a MigrationFailure (never throws) so the caller can set the stored value aside.
 */
export function migrateWorkspace(persisted: unknown, version: number): unknown {
  if (version === 3) return fromVersion3(persisted);
  if (version === 2) return fromVersion3(fromVersion2(persisted));
  if (version === 1) return fromVersion3(fromVersion2(fromVersion1(persisted)));
  if (version !== 0) return new MigrationFailure(`unknown saved format version ${version}`);
  const version1 = fromVersion0(persisted);
  return version1 instanceof MigrationFailure ? version1 : fromVersion3(fromVersion2(fromVersion1(version1)));
}

/** Version 3 → 4: no K-class detectors yet (see migrateWorkspace). */
function fromVersion3(persisted: unknown): unknown {
  return isRecord(persisted) ? { ...persisted, classDetectors: [] } : persisted;
}

/** What the evaluation-data import wrote as a detector's question before version 3. */
const IMPORTED_QUERY = /^Counts from (.+)$/s;

/** Version 2 → 3: an imported detector's "Counts from …" question becomes its source (see migrateWorkspace). */
function fromVersion2(persisted: unknown): unknown {
  if (!isRecord(persisted) || !Array.isArray(persisted.detectors)) return persisted;
  const detectors = persisted.detectors.map((item: unknown) => {
    if (!isRecord(item) || typeof item.query !== 'string' || item.source !== undefined) return item;
    const imported = IMPORTED_QUERY.exec(item.query);
    return imported ? { ...item, query: '', source: imported[1] } : item;
  });
  return { ...persisted, detectors };
}

/** Version 1 → 2: the default balanced interval is Buehler's (see migrateWorkspace). */
function fromVersion1(persisted: unknown): unknown {
  if (!isRecord(persisted)) return persisted;
  const { balancedMethod } = persisted;
  return { ...persisted, balancedMethod: balancedMethod === undefined || balancedMethod === 'inversion' ? 'buehler' : balancedMethod };
}

/** Version 0 → 1. */
function fromVersion0(persisted: unknown): unknown {
  if (!isRecord(persisted) || !Array.isArray(persisted.detectors)) {
    return new MigrationFailure('version-0 data without a detectors list');
  }
  const confidence = persisted.confidence;
  // 1 − confidence in decimal: binary gives 1 − 0.9999999 = 9.99999999474e-8.
  const delta = typeof confidence === 'number' ? deltaFromConfidence(String(confidence)) : DEFAULT_DELTA;
  return {
    detectors: persisted.detectors.map((item: unknown) =>
      isRecord(item)
        ? { id: item.id, name: item.name, query: item.query ?? '', yes: item.positives, no: item.negatives }
        : item,
    ),
    delta,
    sort: 'estimate',
    showUnionBounds: false,
    seeded: true,
  };
}

/**
 * The one schema of the saved view settings: for each field, what it falls back to and why a stored
 * value cannot be used (null when it can). Detectors are checked by the detectors file's schema
 * (`parseDetectorsFile`); a bad detector sets the whole workspace aside, while a bad setting is
 * reset to its fallback alone, named in a message, with the saved workspace copied aside as it was
 * and the rest of it kept.
 */
export const PERSISTED_SETTINGS: { [K in Exclude<keyof PersistedWorkspace, 'detectors' | 'classDetectors'>]: SettingRule<PersistedWorkspace[K]> } = {
  delta: {
    label: 'confidence level',
    fallback: DEFAULT_DELTA,
    shown: (delta) => `δ = ${delta}`,
    problem: (value) => {
      const problem = typeof value === 'number' ? deltaProblem(value) : `δ is ${typeof value}`;
      return problem === null ? null : `the saved δ = ${clipped(value)} cannot be used: ${problem}`;
    },
  },
  sort: {
    label: 'sort order',
    fallback: 'estimate',
    shown: String,
    problem: (value) => (SORT_KEYS.includes(value as SortKey) ? null : `unknown sort order ${clipped(value)}`),
  },
  balancedMethod: {
    label: 'balanced interval',
    fallback: DEFAULT_BALANCED_METHOD,
    shown: String,
    problem: (value) => (isBalancedMethod(value) ? null : `unknown balanced-interval method ${value === undefined ? 'none' : clipped(value)}`),
  },
  showUnionBounds: {
    label: 'choice to show the δ/4 bounds',
    fallback: false,
    shown: (show) => (show ? 'shown' : 'hidden'),
    problem: (value) => (typeof value === 'boolean' ? null : `expected true or false, found ${clipped(value)}`),
  },
  seeded: {
    label: 'note that the samples were loaded',
    // A saved workspace was seeded: false would load the samples into it.
    fallback: true,
    shown: (seeded) => (seeded ? 'loaded' : 'not loaded'),
    problem: (value) => (typeof value === 'boolean' ? null : `expected true or false, found ${clipped(value)}`),
  },
};

interface SettingRule<T> {
  /** What the setting is called in a message ("Your saved sort order was reset …"). */
  label: string;
  fallback: T;
  shown: (value: T) => string;
  problem: (value: unknown) => string | null;
}

/** A stored value as a message quotes it: JSON, at most 40 characters. */
function clipped(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** `resets` name each setting that was unusable and reset to its fallback, and why (the rest of the workspace is kept). */
export type PersistedCheck = { ok: true; value: PersistedWorkspace; resets: string[] } | { ok: false; reason: string };

export function checkPersisted(value: unknown): PersistedCheck {
  if (value instanceof MigrationFailure) return { ok: false, reason: value.reason };
  if (!isRecord(value)) return { ok: false, reason: 'the saved state is not an object' };
  const parsed = parseDetectorsFile({ schema: DETECTORS_SCHEMA_ID, version: DETECTORS_SCHEMA_VERSION, detectors: value.detectors, classDetectors: value.classDetectors });
  if (!parsed.ok) {
    const shown = parsed.errors.slice(0, PROBLEMS_SHOWN).map((e) => `${e.path}: ${e.message}`);
    const more = parsed.errors.length > shown.length ? ` (and ${parsed.errors.length - shown.length} more)` : '';
    return { ok: false, reason: `invalid detectors — ${shown.join('; ')}${more}` };
  }
  const resets: string[] = [];
  const setting = <K extends keyof typeof PERSISTED_SETTINGS>(key: K): PersistedWorkspace[K] => {
    const rule = PERSISTED_SETTINGS[key] as SettingRule<PersistedWorkspace[K]>;
    const problem = rule.problem(value[key]);
    if (problem === null) return value[key] as PersistedWorkspace[K];
    resets.push(`${rule.label} was reset to ${rule.shown(rule.fallback)} (${problem})`);
    return rule.fallback;
  };
  return {
    ok: true,
    value: {
      detectors: parsed.detectors,
      classDetectors: parsed.classDetectors,
      delta: setting('delta'),
      sort: setting('sort'),
      showUnionBounds: setting('showUnionBounds'),
      balancedMethod: setting('balancedMethod'),
      seeded: setting('seeded'),
    },
    resets,
  };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
