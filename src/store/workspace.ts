import { useStore } from 'zustand';
import { persist, type PersistStorage, type StorageValue } from 'zustand/middleware';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { indexedDbBackend, memoryBackend, type WorkspaceBackend } from './workspace-backend';
import { CLASS_LABELS, type ClassName, type CountsFieldError, type Detector, DETECTOR_ID_PATTERN, DETECTORS_SCHEMA_ID, DETECTORS_SCHEMA_VERSION, MAX_ID_LENGTH, MAX_NAME_LENGTH, MAX_QUERY_LENGTH, newDetectorId, parseDetectorsFile, SORT_KEYS, type SortKey, toClassCounts, uniqueId, validateCounts, validateDetector, visibleDetectors } from '../data/detectors';
import { describeImport, planImport, type ExistingIdPolicy, type ImportMode, type ImportPlan } from '../data/files';
import { DEFAULT_DELTA, deltaProblem } from '../data/links';
import { deltaFromConfidence } from '../data/format';
import { DEFAULT_BALANCED_METHOD, isBalancedMethod, type BalancedMethod } from '../data/methods';

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
  /** How every balanced interval is built: Buehler's (the default), the blog's union bound or the estimate-ordered test inversion. */
  balancedMethod: BalancedMethod;
  /** False until the sample set or a file populated the workspace: the UI then calls seed(samples). */
  seeded: boolean;
  storageProblem: StorageProblem | null;
  /** False until the saved workspace has been read (asynchronously): nothing may seed before that. */
  hydrated: boolean;
  /** The last deleted detector and where it was, for undoDelete (not persisted). */
  lastDeleted: { detector: Detector; index: number } | null;
  /** The last import or replace, undoable until the next one (not persisted). */
  lastBulkChange: BulkChange | null;
}

/** Detector fields a new detector may be given; missing ones get defaults (counts 0/0). */
export type NewDetector = Partial<Detector>;

/** How the list is shown, method choices included: what a shared link brings along with its detectors. */
export interface ListSettings {
  delta: number;
  sort: SortKey;
  filter: string;
  balancedMethod: BalancedMethod;
  showUnionBounds: boolean;
}

/** A bulk change (an import, a replace) and the detectors before it, for `undoBulkChange`. */
export interface BulkChange {
  description: string;
  previous: Detector[];
  /** The list settings before it, when the change brought its own (a shared link's). */
  previousSettings?: ListSettings;
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
   * Imports detectors as `planImport` says (replace, or add with a policy for ids already present)
   * and keeps the previous detectors for `undoBulkChange`; changes nothing when the plan is refused
   * (`plan.refused`: too many detectors to be read back). Throws a RangeError for detectors that
   * fail the schema. `description` names the change for the undo bar. `settings` (a shared link's δ,
   * sort and filter) are applied with the detectors, and undone with them.
   */
  importDetectors: (
    detectors: readonly Detector[],
    mode: ImportMode,
    onExisting?: ExistingIdPolicy,
    description?: string,
    settings?: ListSettings,
  ) => ImportPlan;
  /** Restores the detectors (and list settings) from before the last import or replace; false when there is none. */
  undoBulkChange: () => boolean;
  /** Returns an error message (and keeps the old δ) unless 0 < δ < 1. */
  setDelta: (delta: number) => string | null;
  setSort: (sort: SortKey) => void;
  setFilter: (filter: string) => void;
  setShowUnionBounds: (show: boolean) => void;
  setBalancedMethod: (method: BalancedMethod) => void;
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
export const WORKSPACE_VERSION = 2;
export const DEFAULT_NEW_DETECTOR_NAME = 'New detector';

/** What is saved: the data and lasting view choices, not the filter, undo slot or problems. */
export type PersistedWorkspace = Pick<WorkspaceState, 'detectors' | 'delta' | 'sort' | 'showUnionBounds' | 'balancedMethod' | 'seeded'>;

const INITIAL_STATE: WorkspaceState = {
  detectors: [],
  delta: DEFAULT_DELTA,
  sort: 'estimate',
  filter: '',
  showUnionBounds: false,
  balancedMethod: DEFAULT_BALANCED_METHOD,
  seeded: false,
  storageProblem: null,
  hydrated: false,
  lastDeleted: null,
  lastBulkChange: null,
};

export interface WorkspaceStoreOptions {
  /** Where to persist; default the browser's IndexedDB, or memory where there is none (Node). */
  backend?: WorkspaceBackend;
  /**
   * Where earlier versions kept the workspace (window.localStorage): read once when the backend has
   * nothing yet, and cleared after the first successful save to the backend.
   */
  legacyStorage?: Storage | null;
  /** Clock for backup key names (tests pin it). */
  now?: () => number;
  /**
   * The BroadcastChannel by which tabs of the same workspace tell each other they saved it (each
   * then reads it again, so that no tab saves an out-of-date copy over another's changes). Default:
   * the storage key in a browser with the default backend, none elsewhere; null for none.
   */
  tabChannel?: string | null;
}

export type WorkspaceStore = ReturnType<typeof createWorkspaceStore>;

/** A workspace store persisted under WORKSPACE_STORAGE_KEY (the app uses one: `useWorkspace`). */
export function createWorkspaceStore(options: WorkspaceStoreOptions = {}) {
  const guard = createGuardedStorage(
    options.backend ?? defaultBackend(),
    options.legacyStorage === undefined ? defaultLegacyStorage() : options.legacyStorage,
    options.now ?? Date.now,
  );
  const store = createStore<Workspace>()(
    persist<Workspace, [], [], PersistedWorkspace>(
      (set, get) => {
        guard.onWriteProblem = (problem) => {
          if (get().storageProblem?.message !== problem.message) set({ storageProblem: problem });
        };
        // Every change to the detectors but an import goes through here, and ends the bulk undo: it
        // restores the list as it was before the import, and would silently drop what changed since.
        const changeDetectors = (change: (state: Workspace) => Partial<Workspace>) => set((state) => ({ ...change(state), lastBulkChange: null }));
        const replaceDetector = (id: string, change: (detector: Detector) => Detector) =>
          changeDetectors((state) => ({ detectors: state.detectors.map((d) => (d.id === id ? change(d) : d)) }));
        const has = (id: string) => get().detectors.some((d) => d.id === id);
        return {
          ...INITIAL_STATE,
          storageProblem: null,
          seed: (detectors) => {
            if (get().seeded) return;
            set({ detectors: checkedCopies(detectors, 'seed'), seeded: true, lastDeleted: null });
          },
          addDetector: (partial = {}) => {
            const detector = buildNewDetector(partial, get().detectors);
            changeDetectors((state) => ({ detectors: [...state.detectors, detector], seeded: true }));
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
            changeDetectors((state) => ({ detectors: state.detectors.filter((d) => d.id !== id), lastDeleted: { detector, index } }));
          },
          undoDelete: () => {
            const { lastDeleted, detectors } = get();
            if (!lastDeleted) return null;
            const id = uniqueId(lastDeleted.detector.id, new Set(detectors.map((d) => d.id)));
            const restored = id === lastDeleted.detector.id ? lastDeleted.detector : { ...lastDeleted.detector, id };
            const index = Math.min(lastDeleted.index, detectors.length);
            changeDetectors(() => ({ detectors: [...detectors.slice(0, index), restored, ...detectors.slice(index)], lastDeleted: null }));
            return id;
          },
          importDetectors: (incoming, mode, onExisting = 'add-new', description, settings) => {
            const checked = checkedCopies(incoming, 'importDetectors');
            if (settings) checkedSettings(settings);
            const previous = get().detectors;
            const plan = planImport(previous, checked, mode, onExisting);
            if (plan.refused !== null) return plan;
            const summary = description ?? `${mode === 'replace' ? 'Replaced the workspace' : 'Imported'}: ${describeImport(plan)}.`;
            set((state) => ({
              ...settings,
              detectors: plan.detectors,
              seeded: true,
              // A replace removes what a deleted detector could be restored beside; adding keeps that undo.
              lastDeleted: mode === 'replace' ? null : state.lastDeleted,
              lastBulkChange: {
                description: summary,
                previous,
                ...(settings && {
                  previousSettings: {
                    delta: state.delta,
                    sort: state.sort,
                    filter: state.filter,
                    balancedMethod: state.balancedMethod,
                    showUnionBounds: state.showUnionBounds,
                  },
                }),
              },
            }));
            return plan;
          },
          undoBulkChange: () => {
            const change = get().lastBulkChange;
            if (!change) return false;
            // A delete made before the import is undone with it only by undoing the delete itself, after.
            set({ ...change.previousSettings, detectors: change.previous, lastBulkChange: null, lastDeleted: null });
            return true;
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
          setBalancedMethod: (method) => {
            if (isBalancedMethod(method)) set({ balancedMethod: method });
          },
          dismissStorageProblem: () => set({ storageProblem: null }),
        };
      },
      {
        name: WORKSPACE_STORAGE_KEY,
        version: WORKSPACE_VERSION,
        storage: guard.storage,
        partialize: ({ detectors, delta, sort, showUnionBounds, balancedMethod, seeded }): PersistedWorkspace => ({
          detectors,
          delta,
          sort,
          showUnionBounds,
          balancedMethod,
          seeded,
        }),
        // Reading, migrating and checking happen in the guarded storage (they may need to set data
        // aside, which is asynchronous); merge takes what passed and any problem found on the way.
        merge: (persisted, current) => ({
          ...current,
          ...(persisted as PersistedWorkspace | undefined),
          hydrated: true,
          storageProblem: guard.takePendingProblem() ?? current.storageProblem,
        }),
      },
    ),
  );
  followOtherTabs(store, guard, options.tabChannel !== undefined ? options.tabChannel : options.backend === undefined && typeof window !== 'undefined' ? WORKSPACE_STORAGE_KEY : null);
  return store;
}

/**
 * Keeps tabs of one workspace in step: a tab that saved says so on a BroadcastChannel, and the
 * others read the saved workspace again. Each tab saves its whole workspace on every change, so a
 * tab left with an old copy (another tab imported meanwhile) would otherwise save it over the newer
 * one, silently. What a re-read replaces cannot be undone in this tab any more (its undo would
 * restore the old copy).
 */
function followOtherTabs(store: StoreApi<Workspace> & { persist: { rehydrate: () => Promise<void> | void } }, guard: GuardedStorage, name: string | null) {
  if (name === null || typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(name);
  // Node (the unit tests) would otherwise stay alive for it.
  (channel as { unref?: () => void }).unref?.();
  guard.onSaved = () => channel.postMessage('saved');
  channel.onmessage = () => {
    void Promise.resolve(store.persist.rehydrate()).then(() => store.setState({ lastBulkChange: null, lastDeleted: null }));
  };
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
  let last: { detectors: Detector[]; filter: string; sort: SortKey; delta: number; method: BalancedMethod; result: Detector[] } | null = null;
  return (state: WorkspaceState): Detector[] => {
    const { detectors, filter, sort, delta, balancedMethod: method } = state;
    if (last && last.detectors === detectors && last.filter === filter && last.sort === sort && last.delta === delta && last.method === method) {
      return last.result;
    }
    const result = visibleDetectors(detectors, { filter, sort }, delta, method);
    last = { detectors, filter, sort, delta, method, result };
    return result;
  };
})();

/** A selector for one detector by id (undefined if absent). */
export function selectDetector(id: string) {
  return (state: WorkspaceState): Detector | undefined => state.detectors.find((d) => d.id === id);
}

// ---------------------------------------------------------------------------------------------
// Persistence: migrations (0 → 1 → 2), validation of what was read, and setting bad data aside.

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

interface GuardedStorage {
  storage: PersistStorage<PersistedWorkspace>;
  /** Returns (and clears) the problem found while reading, for merge to put into the state. */
  takePendingProblem: () => StorageProblem | null;
  onWriteProblem: (problem: StorageProblem) => void;
  /** Called after each successful save. */
  onSaved: () => void;
}

/**
 * Wraps the backend so that nothing read can crash the app and nothing unreadable is destroyed:
 * unparsable JSON, a foreign shape, a newer version or invalid detectors are copied to
 * `tailbound.workspace.corrupt-<time>` before the workspace starts afresh (an unusable δ alone is
 * reset, the detectors kept). If even the copy fails, writing is switched off for the session so
 * the original survives. Nothing is written before the saved workspace has been read, a write that
 * fails (quota, private mode) is reported in words and leaves the state on screen and the last
 * saved copy as they are, and a state whose saved parts did not change is not written again.
 */
function createGuardedStorage(backend: WorkspaceBackend, legacy: Storage | null, now: () => number): GuardedStorage {
  let raw: string | null = null;
  let pending: StorageProblem | null = null;
  let readDone = false;
  let writesBlocked = false;
  let legacyToClear = false;
  let lastWritten: PersistedWorkspace | null = null;

  const freeBackupKey = async () => {
    const base = `${WORKSPACE_STORAGE_KEY}.corrupt-${now()}`;
    let key = base;
    for (let n = 2; (await backend.get(key)) !== null; n += 1) key = `${base}-${n}`;
    return key;
  };
  /** Copies the raw stored value to a free backup key; the key, or the copy's error. */
  const copyAside = async (): Promise<{ key: string } | { error: unknown }> => {
    try {
      const key = await freeBackupKey();
      await backend.set(key, raw ?? '');
      return { key };
    } catch (error) {
      return { error };
    }
  };
  const setAside = async (reason: string): Promise<StorageProblem> => {
    const copy = await copyAside();
    if ('error' in copy) {
      writesBlocked = true;
      return {
        message: `Your saved workspace could not be read (${reason}) and could not be set aside (${errorText(copy.error)}). It was left untouched under "${WORKSPACE_STORAGE_KEY}"; the sample detectors were loaded and changes in this session will not be saved.`,
        backupKey: '',
      };
    }
    return {
      message: `Your saved workspace could not be read (${reason}). It was kept under the browser storage key "${copy.key}" and the sample detectors were loaded instead.`,
      backupKey: copy.key,
    };
  };
  const setAsideDelta = async (reason: string): Promise<StorageProblem> => {
    const copy = await copyAside();
    if ('error' in copy) return { message: `Your saved confidence level was reset to δ = ${DEFAULT_DELTA} (${reason}). Your detectors are unchanged.`, backupKey: '' };
    return {
      message: `Your saved confidence level was reset to δ = ${DEFAULT_DELTA} (${reason}). Your detectors are unchanged; the saved workspace as it was is kept under the browser storage key "${copy.key}".`,
      backupKey: copy.key,
    };
  };

  const read = async (name: string): Promise<StorageValue<PersistedWorkspace> | null> => {
    try {
      raw = await backend.get(name);
    } catch (error) {
      writesBlocked = true;
      pending = {
        message: `This browser does not let tailbound save data (${errorText(error)}), so changes last only until this tab is closed. Export your detectors as JSON to keep them.`,
        backupKey: '',
      };
      return null;
    }
    if (raw === null && legacy) {
      raw = safeGet(legacy, name);
      legacyToClear = raw !== null;
    }
    if (raw === null) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      pending = await setAside('it is not valid JSON');
      return null;
    }
    if (!isRecord(parsed) || !('state' in parsed) || typeof parsed.version !== 'number') {
      pending = await setAside("it is not tailbound's workspace format");
      return null;
    }
    if (parsed.version > WORKSPACE_VERSION) {
      pending = await setAside(`it was saved by a newer version of tailbound (format ${parsed.version}; this one reads up to ${WORKSPACE_VERSION})`);
      return null;
    }
    const state = parsed.version === WORKSPACE_VERSION ? parsed.state : migrateWorkspace(parsed.state, parsed.version);
    const checked = checkPersisted(state);
    if (!checked.ok) {
      pending = await setAside(checked.reason);
      return null;
    }
    // Only δ is unusable (e.g. saved before the δ policy tightened): keep the detectors, reset δ.
    if (checked.deltaReset) pending = await setAsideDelta(checked.deltaReset);
    const value = { state: checked.value, version: WORKSPACE_VERSION };
    // Migrated, moved from localStorage or repaired: save the form that was read, once.
    if (parsed.version !== WORKSPACE_VERSION || legacyToClear || checked.deltaReset) await save(name, value);
    // What was read is what is saved: the store takes these very objects, so it is not written back
    // (a tab re-reading another tab's save must not save it again and wake that tab in turn).
    lastWritten = value.state;
    return value;
  };

  const write = async (name: string, value: StorageValue<PersistedWorkspace>) => {
    if (writesBlocked || !readDone || (lastWritten !== null && samePersisted(lastWritten, value.state))) return;
    await save(name, value);
  };
  async function save(name: string, value: StorageValue<PersistedWorkspace>) {
    lastWritten = value.state;
    try {
      await backend.set(name, JSON.stringify(value));
      guard.onSaved();
      if (legacyToClear && legacy) {
        // Migrated: the old copy would otherwise be read again if the backend were ever emptied.
        legacy.removeItem(name);
        legacyToClear = false;
      }
    } catch (error) {
      lastWritten = null;
      guard.onWriteProblem({
        message: `Your latest changes could not be saved in this browser (${errorText(error)}). Everything on screen stays in this tab, and the last saved workspace is unchanged; export your detectors as JSON to keep them.`,
        backupKey: '',
      });
    }
  }

  const guard: GuardedStorage = {
    takePendingProblem: () => {
      const problem = pending;
      pending = null;
      return problem;
    },
    onWriteProblem: () => {},
    onSaved: () => {},
    storage: {
      getItem: async (name) => {
        try {
          return await read(name);
        } finally {
          readDone = true;
        }
      },
      setItem: write,
      removeItem: async (name) => {
        if (!writesBlocked) await backend.remove(name);
      },
    },
  };
  return guard;
}

/** The saved parts of two states are the same objects: nothing to write. */
function samePersisted(a: PersistedWorkspace, b: PersistedWorkspace): boolean {
  return a.detectors === b.detectors && a.delta === b.delta && a.sort === b.sort && a.showUnionBounds === b.showUnionBounds && a.balancedMethod === b.balancedMethod && a.seeded === b.seeded;
}

/** IndexedDB where the browser has it; memory elsewhere (Node: benchmarks, unit tests without a backend). */
function defaultBackend(): WorkspaceBackend {
  return typeof indexedDB === 'undefined' ? memoryBackend() : indexedDbBackend();
}

/** window.localStorage if it exists and can be used (the workspace of earlier versions). */
function defaultLegacyStorage(): Storage | null {
  if (typeof window === 'undefined') return null;
  try {
    const storage = window.localStorage;
    storage.getItem(WORKSPACE_STORAGE_KEY);
    return storage;
  } catch {
    return null;
  }
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
/** List settings as `importDetectors` takes them: a δ the maths can use, a known sort order and method, or a RangeError. */
function checkedSettings({ delta, sort, balancedMethod }: ListSettings): void {
  const problem = deltaProblem(delta);
  if (problem !== null) throw new RangeError(`importDetectors: ${problem}`);
  if (!SORT_KEYS.includes(sort)) throw new RangeError(`importDetectors: unknown sort order ${JSON.stringify(sort)}`);
  if (!isBalancedMethod(balancedMethod)) throw new RangeError(`importDetectors: unknown balanced method ${JSON.stringify(balancedMethod)}`);
}

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

