import { useStore } from 'zustand';
import { persist, type PersistStorage, type StorageValue } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';
import {
  CLASS_LABELS,
  DETECTOR_ID_PATTERN,
  MAX_ID_LENGTH,
  MAX_NAME_LENGTH,
  MAX_QUERY_LENGTH,
  newDetectorId,
  toClassCounts,
  uniqueId,
  validateCounts,
  type ClassName,
  type CountsFieldError,
  type Detector,
} from '../data/detector';
import { visibleDetectors, SORT_KEYS, type SortKey } from '../data/detector-list';
import { DETECTORS_SCHEMA_ID, DETECTORS_SCHEMA_VERSION, parseDetectorsFile, validateDetector } from '../data/detectors-schema';
import { deltaProblem } from '../data/link-params';
import { DEFAULT_DELTA } from '../data/share-links';

export type { SortKey };

/** Shown by the UI when stored data could not be used or changes cannot be saved. */
export interface StorageProblem {
  message: string;
  /** localStorage key holding the unreadable value that was set aside; '' when nothing was set aside. */
  backupKey: string;
}

export interface WorkspaceState {
  detectors: Detector[];
  /** 1 − confidence level, shared by every interval on screen. */
  delta: number;
  sort: SortKey;
  /** List filter text (not persisted). */
  filter: string;
  /** Show the δ/4 per-class bounds that the balanced interval is built from. */
  showUnionBounds: boolean;
  /** False until the sample set or a file populated the workspace: the UI then calls seed(samples). */
  seeded: boolean;
  storageProblem: StorageProblem | null;
  /** The last deleted detector and where it was, for undoDelete (not persisted). */
  lastDeleted: { detector: Detector; index: number } | null;
}

/** Detector fields a new detector may be given; missing ones get defaults (counts 0/0). */
export type NewDetector = Partial<Detector>;

export interface ImportOutcome {
  added: number;
  /** Appended detectors whose id was taken, and the id they got instead. */
  renamed: { from: string; to: string }[];
}

export interface WorkspaceActions {
  /**
   * Fills an unseeded workspace (first visit, or after unreadable storage); does nothing once seeded.
   * Throws a RangeError for detectors that fail the schema.
   */
  seed: (detectors: readonly Detector[]) => void;
  /** Appends a detector and returns its id. Throws a RangeError for invalid counts or texts. */
  addDetector: (partial?: NewDetector) => string;
  /** Sets one class's counts; returns the field errors and leaves the last valid counts when invalid. */
  updateCounts: (
    id: string,
    cls: ClassName,
    counts: { correct: number | string; total: number | string },
  ) => CountsFieldError[];
  /** Returns an error message (and changes nothing) for an empty or over-long name or unknown id. */
  renameDetector: (id: string, name: string) => string | null;
  setQuery: (id: string, query: string) => string | null;
  deleteDetector: (id: string) => void;
  /** Puts the last deleted detector back where it was; returns its id, or null if there is none. */
  undoDelete: () => string | null;
  /**
   * 'replace' swaps the whole list; 'append' adds to the end. Ids already in use (or repeated in
   * `detectors`) get -2, -3, … Throws a RangeError for detectors that fail the schema.
   */
  importDetectors: (detectors: readonly Detector[], mode: 'append' | 'replace') => ImportOutcome;
  /** Returns an error message (and keeps the old δ) unless 0 < δ < 1. */
  setDelta: (delta: number) => string | null;
  setSort: (sort: SortKey) => void;
  setFilter: (filter: string) => void;
  setShowUnionBounds: (show: boolean) => void;
  dismissStorageProblem: () => void;
}

export type Workspace = WorkspaceState & WorkspaceActions;

/** What `migrateWorkspace` returns for data it cannot read. Declared before the store is created: the store reads storage at module load. */
export class MigrationFailure {
  constructor(readonly reason: string) {}
}

/** How many detector errors a storage-problem message lists. */
const PROBLEMS_SHOWN = 3;

export const WORKSPACE_STORAGE_KEY = 'tailbound.workspace';
export const WORKSPACE_VERSION = 1;
export const DEFAULT_NEW_DETECTOR_NAME = 'New detector';

/** What is saved: the data and lasting view choices, not the filter, undo slot or problems. */
export type PersistedWorkspace = Pick<WorkspaceState, 'detectors' | 'delta' | 'sort' | 'showUnionBounds' | 'seeded'>;

const INITIAL_STATE: WorkspaceState = {
  detectors: [],
  delta: DEFAULT_DELTA,
  sort: 'estimate',
  filter: '',
  showUnionBounds: false,
  seeded: false,
  storageProblem: null,
  lastDeleted: null,
};

export interface WorkspaceStoreOptions {
  /** Where to persist; default window.localStorage, or memory when it is unavailable. */
  storage?: Storage;
  /** Clock for backup key names (tests pin it). */
  now?: () => number;
}

export type WorkspaceStore = ReturnType<typeof createWorkspaceStore>;

/** A workspace store persisted under WORKSPACE_STORAGE_KEY (the app uses one: `useWorkspace`). */
export function createWorkspaceStore(options: WorkspaceStoreOptions = {}) {
  const guard = createGuardedStorage(options.storage ?? defaultStorage(), options.now ?? Date.now);
  const store = createStore<Workspace>()(
    persist<Workspace, [], [], PersistedWorkspace>(
      (set, get) => {
        guard.onWriteProblem = (problem) => {
          if (get().storageProblem?.message !== problem.message) set({ storageProblem: problem });
        };
        const replaceDetector = (id: string, change: (detector: Detector) => Detector) =>
          set((state) => ({ detectors: state.detectors.map((d) => (d.id === id ? change(d) : d)) }));
        const has = (id: string) => get().detectors.some((d) => d.id === id);
        return {
          ...INITIAL_STATE,
          storageProblem: guard.initialProblem,
          seed: (detectors) => {
            if (get().seeded) return;
            set({ detectors: checkedCopies(detectors, 'seed'), seeded: true, lastDeleted: null });
          },
          addDetector: (partial = {}) => {
            const detector = buildNewDetector(partial, get().detectors);
            set((state) => ({ detectors: [...state.detectors, detector], seeded: true }));
            return detector.id;
          },
          updateCounts: (id, cls, counts) => {
            const errors = validateCounts(counts, CLASS_LABELS[cls]);
            if (errors.length > 0) return errors;
            if (!has(id)) return [unknownIdError(id)];
            const valid = toClassCounts(counts)!;
            replaceDetector(id, (d) => ({ ...d, [cls]: valid }));
            return [];
          },
          renameDetector: (id, name) => {
            const error = checkName(name) ?? (has(id) ? null : `No detector with id "${id}"`);
            if (error) return error;
            replaceDetector(id, (d) => ({ ...d, name: name.trim() }));
            return null;
          },
          setQuery: (id, query) => {
            const error = checkQuery(query) ?? (has(id) ? null : `No detector with id "${id}"`);
            if (error) return error;
            replaceDetector(id, (d) => ({ ...d, query: query.trim() }));
            return null;
          },
          deleteDetector: (id) => {
            const index = get().detectors.findIndex((d) => d.id === id);
            if (index === -1) return;
            const detector = get().detectors[index]!;
            set((state) => ({
              detectors: state.detectors.filter((d) => d.id !== id),
              lastDeleted: { detector, index },
            }));
          },
          undoDelete: () => {
            const { lastDeleted, detectors } = get();
            if (!lastDeleted) return null;
            const id = uniqueId(lastDeleted.detector.id, new Set(detectors.map((d) => d.id)));
            const restored = id === lastDeleted.detector.id ? lastDeleted.detector : { ...lastDeleted.detector, id };
            const index = Math.min(lastDeleted.index, detectors.length);
            set({ detectors: [...detectors.slice(0, index), restored, ...detectors.slice(index)], lastDeleted: null });
            return id;
          },
          importDetectors: (incoming, mode) => {
            const checked = checkedCopies(incoming, 'importDetectors');
            const taken = new Set(mode === 'append' ? get().detectors.map((d) => d.id) : []);
            const renamed: ImportOutcome['renamed'] = [];
            const added = checked.map((detector) => {
              const id = uniqueId(detector.id, taken);
              if (id === detector.id) return detector;
              renamed.push({ from: detector.id, to: id });
              return { ...detector, id };
            });
            if (mode === 'replace') set({ detectors: added, seeded: true, lastDeleted: null });
            else set((state) => ({ detectors: [...state.detectors, ...added], seeded: true }));
            return { added: added.length, renamed };
          },
          setDelta: (delta) => {
            const error = deltaProblem(delta);
            if (error === null) set({ delta });
            return error;
          },
          setSort: (sort) => {
            if (SORT_KEYS.includes(sort)) set({ sort });
          },
          setFilter: (filter) => set({ filter }),
          setShowUnionBounds: (show) => set({ showUnionBounds: show }),
          dismissStorageProblem: () => set({ storageProblem: null }),
        };
      },
      {
        name: WORKSPACE_STORAGE_KEY,
        version: WORKSPACE_VERSION,
        storage: guard.storage,
        partialize: ({ detectors, delta, sort, showUnionBounds, seeded }): PersistedWorkspace => ({
          detectors,
          delta,
          sort,
          showUnionBounds,
          seeded,
        }),
        // Typed as the persisted shape for zustand; merge re-checks everything it gets (checkPersisted).
        migrate: migrateWorkspace as (persisted: unknown, version: number) => PersistedWorkspace,
        merge: (persisted, current) => {
          const pending = guard.takePendingProblem();
          if (pending) return { ...current, storageProblem: pending };
          if (persisted === undefined) return current;
          const checked = checkPersisted(persisted);
          if (!checked.ok) return { ...current, storageProblem: guard.setAside(checked.reason) };
          if (checked.deltaReset) {
            // Only δ is unusable (e.g. saved before the δ policy tightened): keep the detectors, reset δ.
            return { ...current, ...checked.value, storageProblem: guard.setAsideDelta(checked.deltaReset) };
          }
          return { ...current, ...checked.value };
        },
      },
    ),
  );
  return store;
}

/** The app's workspace store as a React hook (`useWorkspace(selector)`), with getState/setState/persist. */
export const workspaceStore = createWorkspaceStore();
export const useWorkspace = Object.assign(
  <T>(selector: (state: Workspace) => T): T => useStore(workspaceStore, selector),
  workspaceStore,
);

/**
 * The filtered, sorted detectors for the list. Memoised on its inputs (detectors array, filter,
 * sort, δ), so `useWorkspace(selectVisibleDetectors)` returns the same array until one changes.
 */
export const selectVisibleDetectors = (() => {
  let last: { detectors: Detector[]; filter: string; sort: SortKey; delta: number; result: Detector[] } | null = null;
  return (state: WorkspaceState): Detector[] => {
    const { detectors, filter, sort, delta } = state;
    if (last && last.detectors === detectors && last.filter === filter && last.sort === sort && last.delta === delta) {
      return last.result;
    }
    const result = visibleDetectors(detectors, { filter, sort }, delta);
    last = { detectors, filter, sort, delta, result };
    return result;
  };
})();

/** A selector for one detector by id (undefined if absent). */
export function selectDetector(id: string) {
  return (state: WorkspaceState): Detector | undefined => state.detectors.find((d) => d.id === id);
}

// ---------------------------------------------------------------------------------------------
// Persistence: version 0 → 1 migration, validation of what was read, and setting bad data aside.

/**
 * Version 0 (the first prototype's shape, kept readable):
 *   { detectors: [{ id, name, query?, positives: {correct, total}, negatives: {correct, total} }],
 *     confidence: 0.95 }
 * where positives = the should-be-YES class, negatives = should-be-NO, confidence = 1 − δ.
 * Version 1: { detectors: [{ id, name, query, yes, no }], delta, sort, showUnionBounds, seeded }.
 * Returns a MigrationFailure (never throws) so the caller can set the stored value aside.
 */
export function migrateWorkspace(persisted: unknown, version: number): unknown {
  if (version !== 0) return new MigrationFailure(`unknown saved format version ${version}`);
  if (!isRecord(persisted) || !Array.isArray(persisted.detectors)) {
    return new MigrationFailure('version-0 data without a detectors list');
  }
  const confidence = persisted.confidence;
  const delta = typeof confidence === 'number' ? Number((1 - confidence).toPrecision(12)) : DEFAULT_DELTA;
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
type PersistedCheck = { ok: true; value: PersistedWorkspace; deltaReset?: string } | { ok: false; reason: string };

function checkPersisted(value: unknown): PersistedCheck {
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
      seeded: value.seeded,
    },
    ...(deltaError ? { deltaReset: `the saved δ = ${String(value.delta)} cannot be used: ${deltaError}` } : {}),
  };
}

interface GuardedStorage {
  storage: PersistStorage<PersistedWorkspace>;
  /** A problem known before any state exists (storage unavailable). */
  initialProblem: StorageProblem | null;
  /** Returns (and clears) the problem found while reading, for merge to put into the state. */
  takePendingProblem: () => StorageProblem | null;
  /** Copies the raw stored value to a backup key and describes what happened. */
  setAside: (reason: string) => StorageProblem;
  /** The same for a workspace kept whole but for its unusable δ, reset to the default. */
  setAsideDelta: (reason: string) => StorageProblem;
  onWriteProblem: (problem: StorageProblem) => void;
}

/**
 * Wraps localStorage so that nothing read can crash the app and nothing unreadable is destroyed:
 * unparsable JSON, a foreign shape or a newer version is copied to `tailbound.workspace.corrupt-<time>`
 * before the workspace starts afresh. If even the copy fails, writing is switched off for the
 * session so the original value survives.
 */
function createGuardedStorage(backend: Storage | null, now: () => number): GuardedStorage {
  let raw: string | null = null;
  let pending: StorageProblem | null = null;
  let writesBlocked = false;
  const initialProblem: StorageProblem | null = backend
    ? null
    : {
        message: 'This browser does not allow tailbound to save data, so changes last only until this tab is closed. Export your detectors as JSON to keep them.',
        backupKey: '',
      };
  const store: Storage = backend ?? memoryStorage();
  const freeBackupKey = () => {
    const base = `${WORKSPACE_STORAGE_KEY}.corrupt-${now()}`;
    let key = base;
    for (let n = 2; safeGet(store, key) !== null; n += 1) key = `${base}-${n}`;
    return key;
  };

  const guard: GuardedStorage = {
    initialProblem,
    takePendingProblem: () => {
      const problem = pending;
      pending = null;
      return problem;
    },
    setAside: (reason) => {
      const backupKey = freeBackupKey();
      try {
        store.setItem(backupKey, raw ?? '');
      } catch (error) {
        writesBlocked = true;
        return {
          message: `Your saved workspace could not be read (${reason}) and could not be set aside (${errorText(error)}). It was left untouched under "${WORKSPACE_STORAGE_KEY}"; the sample detectors were loaded and changes in this session will not be saved.`,
          backupKey: '',
        };
      }
      return {
        message: `Your saved workspace could not be read (${reason}). It was kept under the browser storage key "${backupKey}" and the sample detectors were loaded instead.`,
        backupKey,
      };
    },
    setAsideDelta: (reason) => {
      const backupKey = freeBackupKey();
      try {
        store.setItem(backupKey, raw ?? '');
      } catch {
        return { message: `Your saved confidence level was reset to ${DEFAULT_DELTA} (${reason}). Your detectors are unchanged.`, backupKey: '' };
      }
      return {
        message: `Your saved confidence level was reset to δ = ${DEFAULT_DELTA} (${reason}). Your detectors are unchanged; the saved workspace as it was is kept under the browser storage key "${backupKey}".`,
        backupKey,
      };
    },
    onWriteProblem: () => {},
    storage: {
      getItem: (name) => {
        raw = safeGet(store, name);
        if (raw === null) return null;
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw);
        } catch {
          pending = guard.setAside('it is not valid JSON');
          return null;
        }
        if (!isRecord(parsed) || !('state' in parsed) || typeof parsed.version !== 'number') {
          pending = guard.setAside("it is not tailbound's workspace format");
          return null;
        }
        if (parsed.version > WORKSPACE_VERSION) {
          pending = guard.setAside(
            `it was saved by a newer version of tailbound (format ${parsed.version}; this one reads up to ${WORKSPACE_VERSION})`,
          );
          return null;
        }
        return parsed as unknown as StorageValue<PersistedWorkspace>;
      },
      setItem: (name, value) => {
        if (writesBlocked) return;
        try {
          store.setItem(name, JSON.stringify(value));
        } catch (error) {
          // Deferred: the write happens inside a state update, and reporting it is another update.
          queueMicrotask(() =>
            guard.onWriteProblem({
              message: `Your changes could not be saved in this browser (${errorText(error)}). They last until this tab is closed; export your detectors as JSON to keep them.`,
              backupKey: '',
            }),
          );
        }
      },
      removeItem: (name) => {
        if (!writesBlocked) store.removeItem(name);
      },
    },
  };
  return guard;
}

/** window.localStorage if it exists and can be used; null if blocked (e.g. privacy settings). */
function defaultStorage(): Storage | null {
  if (typeof window === 'undefined') return memoryStorage(); // Node (benchmarks): nothing to persist to
  try {
    const storage = window.localStorage;
    storage.getItem(WORKSPACE_STORAGE_KEY);
    return storage;
  } catch {
    return null;
  }
}

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

function safeGet(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------

function buildNewDetector(partial: NewDetector, existing: readonly Detector[]): Detector {
  const taken = new Set(existing.map((d) => d.id));
  const usable = partial.id !== undefined && DETECTOR_ID_PATTERN.test(partial.id) && partial.id.length <= MAX_ID_LENGTH;
  const id = usable && !taken.has(partial.id!) ? partial.id! : newDetectorId();
  const names = new Set(existing.map((d) => d.name));
  let name = partial.name?.trim() || DEFAULT_NEW_DETECTOR_NAME;
  if (partial.name === undefined) for (let n = 2; names.has(name); n += 1) name = `${DEFAULT_NEW_DETECTOR_NAME} ${n}`;
  const problems = [checkName(name), checkQuery(partial.query ?? '')].filter((p): p is string => p !== null);
  const yes = partial.yes ?? { correct: 0, total: 0 };
  const no = partial.no ?? { correct: 0, total: 0 };
  for (const cls of ['yes', 'no'] as const) {
    problems.push(...validateCounts(cls === 'yes' ? yes : no, CLASS_LABELS[cls]).map((e) => e.message));
  }
  if (problems.length > 0) throw new RangeError(`addDetector: ${problems.join('; ')}`);
  return { id, name, query: (partial.query ?? '').trim(), yes: { ...yes }, no: { ...no } };
}

function checkName(name: string): string | null {
  if (name.trim() === '') return 'The name must not be empty';
  if (name.trim().length > MAX_NAME_LENGTH) return `The name must be at most ${MAX_NAME_LENGTH} characters, got ${name.trim().length}`;
  return null;
}

function checkQuery(query: string): string | null {
  return query.trim().length > MAX_QUERY_LENGTH
    ? `The query must be at most ${MAX_QUERY_LENGTH} characters, got ${query.trim().length}`
    : null;
}

function unknownIdError(id: string): CountsFieldError {
  const reason = `cannot be set: no detector with id "${id}"`;
  return { field: 'total', reason, message: `counts ${reason}` };
}

/**
 * Fresh copies of detectors entering the store, checked against the schema: anything invalid here
 * would be saved and then refused on the next load, so it is a programming error (RangeError) to
 * pass it — the file and CSV parsers only produce valid detectors.
 */
function checkedCopies(detectors: readonly Detector[], action: string): Detector[] {
  return detectors.map((detector, index) => {
    const result = validateDetector(detector, `detectors[${index}]`);
    if (!result.ok) {
      throw new RangeError(`${action}: ${result.errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`);
    }
    return result.detector;
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

