/**
 * The workspace store: zustand's slices pattern — one file a slice in ./workspace (detectors,
 * settings, undo, storage), combined here in one `create` inside the persist middleware, whose key,
 * version and saved parts are named in one place (workspace/persistence.ts) and whose one
 * `migrateWorkspace` (workspace/migrate.ts) brings every older saved format up to date.
 */
import { useStore } from 'zustand';
import { persist } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';
import { type ClassDetector, type Detector, type SortKey, visibleDetectors } from '../data/detectors';
import type { BalancedMethod } from '../data/methods';
import type { WorkspaceBackend } from './workspace-backend';
import { createDetectorsSlice } from './workspace/detectors-slice';
import { createGuardedStorage, WORKSPACE_STORAGE_KEY } from './workspace/guarded-storage';
import { createStorageSlice, defaultBackend, defaultLegacyStorage, followOtherTabs, workspacePersistOptions } from './workspace/persistence';
import { createSettingsSlice } from './workspace/settings-slice';
import type { PersistedWorkspace, Workspace, WorkspaceState } from './workspace/types';
import { createUndoSlice } from './workspace/undo-slice';

export type { SortKey };
export type {
  BulkChange,
  ListSettings,
  NewDetector,
  PersistedWorkspace,
  StorageProblem,
  Workspace,
  WorkspaceActions,
  WorkspaceState,
} from './workspace/types';
export { DEFAULT_NEW_DETECTOR_NAME } from './workspace/detectors-slice';
export { WORKSPACE_STORAGE_KEY } from './workspace/guarded-storage';
export { MigrationFailure, migrateWorkspace, WORKSPACE_VERSION } from './workspace/migrate';

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
      (...slice) => ({
        ...createStorageSlice(guard)(...slice),
        ...createDetectorsSlice(...slice),
        ...createSettingsSlice(...slice),
        ...createUndoSlice(...slice),
      }),
      workspacePersistOptions(guard),
    ),
  );
  followOtherTabs(store, guard, options.tabChannel !== undefined ? options.tabChannel : options.backend === undefined && typeof window !== 'undefined' ? WORKSPACE_STORAGE_KEY : null);
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

/** The K-class detector with this id, for `useWorkspace(selectClassDetector(id))`. */
export function selectClassDetector(id: string) {
  return (state: WorkspaceState): ClassDetector | undefined => state.classDetectors.find((d) => d.id === id);
}
