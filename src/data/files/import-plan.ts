import { type Detector, uniqueId } from '../detectors/detector';
import type { ClassDetector } from '../detectors/class-detector';
import { MAX_DETECTORS_PER_FILE } from '../detectors/detectors-schema';
import { formatWholeCount } from '../format/count-format';

/** Replace the whole workspace, or bring the file's detectors in beside what is there. */
export type ImportMode = 'replace' | 'add';

/** What to do with an imported detector whose id the workspace already has. */
export type ExistingIdPolicy = 'update' | 'add-new' | 'skip';

/** What happens to one imported detector (two-class unless `T` says otherwise). */
export type ImportAction<T = Detector> =
  | { kind: 'add'; id: string }
  | { kind: 'add-renamed'; id: string; from: string }
  | { kind: 'update'; id: string; before: T }
  | { kind: 'skip'; id: string }
  /** The workspace already has this very detector (same id, name, question, counts): nothing changes. */
  | { kind: 'unchanged'; id: string };

export interface ImportPlan<T = Detector> {
  /** The workspace's detectors after the import. */
  detectors: T[];
  /** One action per imported detector, in the file's order. */
  actions: ImportAction<T>[];
  /** How many imported ids the workspace already has (0 when replacing). */
  conflicts: number;
  /**
   * Why the import cannot be made, or null: a workspace holds at most MAX_DETECTORS_PER_FILE
   * detectors (what a saved workspace is read back with), so a bigger one would be saved and then
   * refused on the next load.
   */
  refused: string | null;
}

/**
 * Exactly what an import will do, computed once for the preview and applied as is: with `replace`
 * the file's detectors become the workspace (a repeated id gets a free one); with `add`, new ids are appended, and ids the workspace
 * has are updated in place (name, question, counts), added under a free id (`x-2`), or skipped.
 * Detectors of the other kind (two-class beside K-class) are planned on their own; their ids, in
 * `reservedIds`, are never taken: an incoming detector with one of them gets a free id.
 */
export function planImport<T extends { id: string }>(
  existing: readonly T[],
  incoming: readonly T[],
  mode: ImportMode,
  onExisting: ExistingIdPolicy,
  reservedIds: Iterable<string> = [],
): ImportPlan<T> {
  const byId = new Map(mode === 'add' ? existing.map((detector) => [detector.id, detector]) : []);
  const reserved = new Set(reservedIds);
  // The file's own ids are kept where they are free: a renamed detector must not take one of them.
  const taken = new Set([...byId.keys(), ...reserved, ...incoming.map((detector) => detector.id)]);
  const seen = new Set<string>();
  const updates = new Map<string, T>();
  const appended: T[] = [];
  let conflicts = 0;
  const actions = incoming.map((detector): ImportAction<T> => {
    // A repeated id in the file is a detector of its own, under a free id (never a second update).
    const repeated = seen.has(detector.id);
    seen.add(detector.id);
    const before = repeated ? undefined : byId.get(detector.id);
    // The same detector as the workspace's is no conflict: whatever the policy, nothing changes.
    if (before && sameDetector(before, detector)) return { kind: 'unchanged', id: detector.id };
    if (before) conflicts += 1;
    if (before && onExisting === 'update') {
      updates.set(detector.id, detector);
      return { kind: 'update', id: detector.id, before };
    }
    if (before && onExisting === 'skip') return { kind: 'skip', id: detector.id };
    const id = before || repeated || reserved.has(detector.id) ? uniqueId(detector.id, taken) : detector.id;
    appended.push(id === detector.id ? detector : { ...detector, id });
    return id === detector.id ? { kind: 'add', id } : { kind: 'add-renamed', id, from: detector.id };
  });
  const kept = mode === 'add' ? existing.map((detector) => updates.get(detector.id) ?? detector) : [];
  const detectors = [...kept, ...appended];
  const refused =
    detectors.length > MAX_DETECTORS_PER_FILE
      ? `This would make ${formatWholeCount(detectors.length)} detectors; a workspace holds at most ${formatWholeCount(MAX_DETECTORS_PER_FILE)}. Nothing was imported: remove some detectors first, or replace the workspace instead.`
      : null;
  return { detectors, actions, conflicts, refused };
}

/** Detectors of both kinds: a workspace's, or what a file or a shared link brings. */
export interface DetectorSet {
  detectors: readonly Detector[];
  classDetectors: readonly ClassDetector[];
}

/** The plans of an import of both kinds: the two-class detectors', then the K-class detectors' (ids unique across both). */
export interface DetectorSetPlan {
  plan: ImportPlan;
  classPlan: ImportPlan<ClassDetector>;
  /** Both plans' actions, two-class first (for `describeImport`). */
  actions: (ImportAction | ImportAction<ClassDetector>)[];
  conflicts: number;
  refused: string | null;
}

/**
 * `planImport` for both kinds at once: the two-class detectors keep clear of the K-class ids the
 * workspace will hold (kept ones when adding, and the incoming), the K-class detectors of every
 * two-class id the plan leaves.
 */
export function planDetectorSetImport(existing: DetectorSet, incoming: DetectorSet, mode: ImportMode, onExisting: ExistingIdPolicy): DetectorSetPlan {
  const keptClassIds = mode === 'add' ? existing.classDetectors.map((d) => d.id) : [];
  const plan = planImport(existing.detectors, incoming.detectors, mode, onExisting, [...keptClassIds, ...incoming.classDetectors.map((d) => d.id)]);
  const classPlan = planImport(existing.classDetectors, incoming.classDetectors, mode, onExisting, plan.detectors.map((d) => d.id));
  const total = plan.detectors.length + classPlan.detectors.length;
  const refused =
    plan.refused ??
    classPlan.refused ??
    (total > MAX_DETECTORS_PER_FILE
      ? `This would make ${formatWholeCount(total)} detectors; a workspace holds at most ${formatWholeCount(MAX_DETECTORS_PER_FILE)}. Nothing was imported: remove some detectors first, or replace the workspace instead.`
      : null);
  return { plan, classPlan, actions: [...plan.actions, ...classPlan.actions], conflicts: plan.conflicts + classPlan.conflicts, refused };
}

/** Whether two detectors are the same in every field (an import of it changes nothing). */
export function sameDetector<T extends object>(a: T, b: T): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof T)[]);
  return [...keys].every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));
}

/** "3 added, 2 updated, 1 skipped, 4 already in your workspace" — the plan in a few words (zero counts left out). */
export function describeImport(plan: { actions: readonly { kind: ImportAction['kind'] }[] }): string {
  const count = (kinds: ImportAction['kind'][]) => plan.actions.filter((action) => kinds.includes(action.kind)).length;
  const parts = [
    [count(['add', 'add-renamed']), 'added'],
    [count(['update']), 'updated'],
    [count(['skip']), 'skipped'],
    [count(['unchanged']), 'already in your workspace'],
  ] as const;
  return parts
    .filter(([value]) => value > 0)
    .map(([value, word]) => `${formatWholeCount(value)} ${word}`)
    .join(', ');
}
