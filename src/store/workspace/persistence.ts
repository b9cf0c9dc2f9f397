import type { PersistOptions } from 'zustand/middleware';
import type { StoreApi } from 'zustand/vanilla';
import { indexedDbBackend, memoryBackend, type WorkspaceBackend } from '../workspace-backend';
import { type GuardedStorage, WORKSPACE_STORAGE_KEY } from './guarded-storage';
import { WORKSPACE_VERSION } from './migrate';
import type { PersistedWorkspace, StorageSlice, Workspace, WorkspaceSlice } from './types';

/**
 * Whether the saved workspace has been read and what went wrong with storage. A write that fails
 * later (quota, private mode) is reported here too, once per message.
 */
export function createStorageSlice(guard: GuardedStorage): WorkspaceSlice<StorageSlice> {
  return (set, get) => {
    guard.onWriteProblem = (problem) => {
      if (get().storageProblem?.message !== problem.message) set({ storageProblem: problem });
    };
    return {
      storageProblem: null,
      hydrated: false,
      dismissStorageProblem: () => set({ storageProblem: null }),
    };
  };
}

/**
 * The persist middleware's options: the one place that names the key, the version and what is
 * saved. Reading, migrating (migrate.ts) and checking happen in the guarded storage (they may need
 * to set data aside, which is asynchronous); merge takes what passed and any problem found on the way.
 */
export function workspacePersistOptions(guard: GuardedStorage): PersistOptions<Workspace, PersistedWorkspace> {
  return {
    name: WORKSPACE_STORAGE_KEY,
    version: WORKSPACE_VERSION,
    storage: guard.storage,
    partialize: ({ detectors, classDetectors, delta, sort, showUnionBounds, balancedMethod, seeded }): PersistedWorkspace => ({
      detectors,
      classDetectors,
      delta,
      sort,
      showUnionBounds,
      balancedMethod,
      seeded,
    }),
    merge: (persisted, current) => ({
      ...current,
      ...(persisted as PersistedWorkspace | undefined),
      hydrated: true,
      storageProblem: guard.takePendingProblem() ?? current.storageProblem,
    }),
  };
}

/**
 * Keeps tabs of one workspace in step: a tab that saved says so on a BroadcastChannel, and the
 * others read the saved workspace again. Each tab saves its whole workspace on every change, so a
 * tab left with an old copy (another tab imported meanwhile) would otherwise save it over the newer
 * one, silently. What a re-read replaces cannot be undone in this tab any more (its undo would
 * restore the old copy).
 */
export function followOtherTabs(store: StoreApi<Workspace> & { persist: { rehydrate: () => Promise<void> | void } }, guard: GuardedStorage, name: string | null) {
  if (name === null || typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(name);
  // Node (the unit tests) would otherwise stay alive for it.
  (channel as { unref?: () => void }).unref?.();
  guard.onSaved = () => channel.postMessage('saved');
  channel.onmessage = () => {
    void Promise.resolve(store.persist.rehydrate()).then(() => store.setState({ lastBulkChange: null, lastDeleted: null }));
  };
}

/** IndexedDB where the browser has it; memory elsewhere (Node: benchmarks, unit tests without a backend). */
export function defaultBackend(): WorkspaceBackend {
  return typeof indexedDB === 'undefined' ? memoryBackend() : indexedDbBackend();
}

/** window.localStorage if it exists and can be used (the workspace of earlier versions). */
export function defaultLegacyStorage(): Storage | null {
  if (typeof window === 'undefined') return null;
  try {
    const storage = window.localStorage;
    storage.getItem(WORKSPACE_STORAGE_KEY);
    return storage;
  } catch {
    return null;
  }
}
