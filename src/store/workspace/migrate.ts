import { DETECTORS_SCHEMA_ID, DETECTORS_SCHEMA_VERSION, parseDetectorsFile, SORT_KEYS, type SortKey } from '../../data/detectors';
import { deltaFromConfidence } from '../../data/format';
import { DEFAULT_DELTA, deltaProblem } from '../../data/links';
import { isBalancedMethod } from '../../data/methods';
import type { PersistedWorkspace } from './types';

/** The saved format's version: what `migrateWorkspace` brings every older one up to. */
export const WORKSPACE_VERSION = 2;

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
 *   else is left as it is, for the check to set the workspace aside with a message.
 * Returns a MigrationFailure (never throws) so the caller can set the stored value aside.
 */
export function migrateWorkspace(persisted: unknown, version: number): unknown {
  if (version === 1) return fromVersion1(persisted);
  if (version !== 0) return new MigrationFailure(`unknown saved format version ${version}`);
  const version1 = fromVersion0(persisted);
  return version1 instanceof MigrationFailure ? version1 : fromVersion1(version1);
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

/** `deltaReset` says why a saved δ was replaced by the default (the rest of the workspace is kept). */
export type PersistedCheck = { ok: true; value: PersistedWorkspace; deltaReset?: string } | { ok: false; reason: string };

export function checkPersisted(value: unknown): PersistedCheck {
  if (value instanceof MigrationFailure) return { ok: false, reason: value.reason };
  if (!isRecord(value)) return { ok: false, reason: 'the saved state is not an object' };
  const parsed = parseDetectorsFile({ schema: DETECTORS_SCHEMA_ID, version: DETECTORS_SCHEMA_VERSION, detectors: value.detectors });
  if (!parsed.ok) {
    const shown = parsed.errors.slice(0, PROBLEMS_SHOWN).map((e) => `${e.path}: ${e.message}`);
    const more = parsed.errors.length > shown.length ? ` (and ${parsed.errors.length - shown.length} more)` : '';
    return { ok: false, reason: `invalid detectors — ${shown.join('; ')}${more}` };
  }
  const deltaError = typeof value.delta === 'number' ? deltaProblem(value.delta) : `δ is ${typeof value.delta}`;
  if (!SORT_KEYS.includes(value.sort as SortKey)) return { ok: false, reason: `unknown sort order ${JSON.stringify(value.sort)}` };
  if (!isBalancedMethod(value.balancedMethod)) return { ok: false, reason: `unknown balanced-interval method ${JSON.stringify(value.balancedMethod) ?? 'none'}` };
  if (typeof value.showUnionBounds !== 'boolean' || typeof value.seeded !== 'boolean') {
    return { ok: false, reason: 'view settings of the wrong type' };
  }
  return {
    ok: true,
    value: {
      detectors: parsed.detectors,
      delta: deltaError ? DEFAULT_DELTA : (value.delta as number),
      sort: value.sort as SortKey,
      showUnionBounds: value.showUnionBounds,
      balancedMethod: value.balancedMethod,
      seeded: value.seeded,
    },
    ...(deltaError ? { deltaReset: `the saved δ = ${String(value.delta)} cannot be used: ${deltaError}` } : {}),
  };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
