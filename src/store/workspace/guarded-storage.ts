import type { PersistStorage, StorageValue } from 'zustand/middleware';
import type { WorkspaceBackend } from '../workspace-backend';
import { checkPersisted, isRecord, migrateWorkspace, WORKSPACE_VERSION } from './migrate';
import type { PersistedWorkspace, StorageProblem } from './types';

export const WORKSPACE_STORAGE_KEY = 'tailbound.workspace';

export interface GuardedStorage {
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
 * `tailbound.workspace.corrupt-<time>` before the workspace starts afresh (unusable settings alone —
 * δ, sort, balanced interval… — are reset to their defaults, each named, the detectors kept). If even the copy fails, writing is switched off for the session so
 * the original survives. Nothing is written before the saved workspace has been read, a write that
 * fails (quota, private mode) is reported in words and leaves the state on screen and the last
 * saved copy as they are, and a state whose saved parts did not change is not written again.
 *
 * Longer than 120 lines on purpose: one closure over the state that reading and writing share (the
 * raw value read, the pending problem, whether the read is done, whether writes are blocked, the
 * legacy copy to clear, the last value written); its steps are the named inner functions.
 */
export function createGuardedStorage(backend: WorkspaceBackend, legacy: Storage | null, now: () => number): GuardedStorage {
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
  /** Some saved settings were unusable and reset (`resets` says which and why); the detectors are kept. */
  const setAsideSettings = async (resets: readonly string[]): Promise<StorageProblem> => {
    const copy = await copyAside();
    const what = `Your saved ${resets.join('; ')}.`;
    if ('error' in copy) return { message: `${what} Your detectors are unchanged.`, backupKey: '' };
    return {
      message: `${what} Your detectors are unchanged; the saved workspace as it was is kept under the browser storage key "${copy.key}".`,
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
    // Only settings are unusable (a δ saved before the δ policy tightened, an unknown method): keep the detectors, reset those.
    const repaired = checked.resets.length > 0;
    if (repaired) pending = await setAsideSettings(checked.resets);
    const value = { state: checked.value, version: WORKSPACE_VERSION };
    // Migrated, moved from localStorage or repaired: save the form that was read, once.
    if (parsed.version !== WORKSPACE_VERSION || legacyToClear || repaired) await save(name, value);
    // What was read is what is saved: the store takes these very objects, so it is not written back
    // (a tab re-reading another tab's save must not save it again and wake that tab in turn).
    lastWritten = value.state;
    return value;
  };

  // Saving runs in a task of its own, the newest state of a burst of changes once: the JSON of
  // 10,000 detectors takes ~20 ms, which the click that changed δ or the sort should not pay.
  let queued: { name: string; value: StorageValue<PersistedWorkspace> } | null = null;
  let queuedSaved: Promise<void> = Promise.resolve();
  const write = (name: string, value: StorageValue<PersistedWorkspace>): Promise<void> => {
    if (writesBlocked || !readDone || (lastWritten !== null && samePersisted(lastWritten, value.state))) return queuedSaved;
    if (queued === null) {
      queuedSaved = new Promise((resolve) =>
        setTimeout(() => {
          const newest = queued!;
          queued = null;
          void save(newest.name, newest.value).then(resolve);
        }),
      );
    }
    queued = { name, value };
    return queuedSaved;
  };
  async function save(name: string, value: StorageValue<PersistedWorkspace>) {
    lastWritten = value.state;
    try {
      await backend.set(name, persistedJson(value));
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

/** The JSON of each detectors array saved: a change of δ or sort saves the same array again. */
const detectorsJson = new WeakMap<readonly unknown[], string>();

/**
 * `JSON.stringify(value)`, character for character, with the detectors' JSON reused while the
 * array is the same (10,000 detectors are ~1 MB of JSON, ~40 ms to write on every δ change).
 * The placeholder can only appear as the key itself: inside a string its quotes would be escaped.
 */
export function persistedJson(value: StorageValue<PersistedWorkspace>): string {
  const { detectors } = value.state;
  let json = detectorsJson.get(detectors);
  if (json === undefined) {
    json = JSON.stringify(detectors);
    detectorsJson.set(detectors, json);
  }
  const rest = JSON.stringify({ ...value, state: { ...value.state, detectors: 0 } });
  return rest.replace('"detectors":0', () => `"detectors":${json}`);
}

/** The saved parts of two states are the same objects: nothing to write. */
/** Whether every saved part is the very same value (the store replaces what changes): every key, so a part added later is never left out. */
function samePersisted(a: PersistedWorkspace, b: PersistedWorkspace): boolean {
  const keys = Object.keys(a) as (keyof PersistedWorkspace)[];
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

function safeGet(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
