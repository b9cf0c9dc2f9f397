import { useStore } from 'zustand';
import { persist, type StorageValue } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';
import type { EvaluationFilter, EvaluationMapping } from '../data/evaluation';
import type { ClassCounts } from '../stats';
import { indexedDbBackend, memoryBackend, type WorkspaceBackend } from './workspace-backend';

/** One detector's counts as derived from a file. */
export interface DerivedCounts {
  detectorId: string;
  name: string;
  yes: ClassCounts;
  no: ClassCounts;
}

/**
 * Where imported counts came from: the file's name, size and rows, the mapping, filters and
 * threshold that produced them, when, and the derived counts table. The file itself is not kept.
 */
export interface DatasetRecord {
  id: string;
  fileName: string;
  format: string;
  bytes: number;
  rows: number;
  usableRows: number;
  /** Unusable rows by reason. */
  problems: { reason: string; rows: number }[];
  mapping: EvaluationMapping;
  filters: EvaluationFilter[];
  /** Score threshold that decided YES (score ≥ threshold); null when a prediction column did. */
  threshold: number | null;
  /** ISO date and time of the import. */
  importedAt: string;
  counts: DerivedCounts[];
}

export interface DatasetsState {
  datasets: DatasetRecord[];
  /** Remembers (or replaces, by id) the source of an import; the newest first, at most MAX_DATASETS. */
  remember: (record: DatasetRecord) => void;
  forget: (id: string) => void;
}

export const DATASETS_STORAGE_KEY = 'tailbound.datasets';
export const DATASETS_VERSION = 1;
/** Sources kept; older ones are dropped (their detectors stay in the workspace). */
export const MAX_DATASETS = 50;

/** Reads saved datasets of an earlier format; there is only version 1 so far, so anything else is dropped. */
export function migrateDatasets(persisted: unknown, version: number): { datasets: DatasetRecord[] } {
  if (version === DATASETS_VERSION && isRecord(persisted) && Array.isArray(persisted.datasets)) {
    return { datasets: persisted.datasets as DatasetRecord[] };
  }
  return { datasets: [] };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Enough of a record to list and replace it by id; anything else read back is set aside. */
function isDatasetRecord(value: unknown): value is DatasetRecord {
  return isRecord(value) && typeof value.id === 'string' && typeof value.fileName === 'string' && Array.isArray(value.counts);
}

/**
 * Reads the saved sources. A value that is not JSON, not this shape, or holds unusable records is
 * copied to `tailbound.datasets.corrupt-<time>` first (the next save would overwrite it), and only
 * the usable records are read: a broken record must not break the next import.
 */
async function readDatasets(backend: WorkspaceBackend, key: string): Promise<StorageValue<{ datasets: DatasetRecord[] }> | null> {
  const raw = await backend.get(key);
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  const state = isRecord(parsed) && isRecord(parsed.state) ? parsed.state : undefined;
  const saved = state && Array.isArray(state.datasets) ? (state.datasets as unknown[]) : undefined;
  const usable = saved?.filter(isDatasetRecord) ?? [];
  const version = isRecord(parsed) && typeof parsed.version === 'number' ? parsed.version : undefined;
  const value = saved && version !== undefined ? { state: { datasets: usable }, version } : null;
  if (!saved || usable.length !== saved.length || version === undefined) {
    // Set aside once: what stays under the key is what was usable (so the next load finds it whole).
    await backend.set(`${key}.corrupt-${Date.now()}`, raw);
    await (value ? backend.set(key, JSON.stringify(value)) : backend.remove(key));
  }
  return value;
}

/** A datasets store persisted under DATASETS_STORAGE_KEY (IndexedDB in the browser, memory in Node). */
export function createDatasetsStore(backend: WorkspaceBackend = typeof indexedDB === 'undefined' ? memoryBackend() : indexedDbBackend()) {
  return createStore<DatasetsState>()(
    persist(
      (set) => ({
        datasets: [],
        remember: (record) =>
          set((state) => ({ datasets: [record, ...state.datasets.filter((d) => d.id !== record.id)].slice(0, MAX_DATASETS) })),
        forget: (id) => set((state) => ({ datasets: state.datasets.filter((d) => d.id !== id) })),
      }),
      {
        name: DATASETS_STORAGE_KEY,
        version: DATASETS_VERSION,
        storage: {
          getItem: (key) => readDatasets(backend, key),
          setItem: (key, value) => backend.set(key, JSON.stringify(value)),
          removeItem: (key) => backend.remove(key),
        },
        partialize: ({ datasets }) => ({ datasets }),
        migrate: (persisted, version) => migrateDatasets(persisted, version) as DatasetsState,
      },
    ),
  );
}

export const datasetsStore = createDatasetsStore();
export const useDatasets = <T,>(selector: (state: DatasetsState) => T): T => useStore(datasetsStore, selector);
