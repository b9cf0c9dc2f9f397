import { useStore } from 'zustand';
import { persist } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';
import type { EvaluationFilter, EvaluationMapping } from '../data/evaluation';
import type { ClassCounts } from '../stats';
import { savedListStorage } from './saved-list';
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
        storage: savedListStorage(backend, 'datasets', isDatasetRecord),
        partialize: ({ datasets }) => ({ datasets }),
        migrate: (persisted, version) => migrateDatasets(persisted, version) as DatasetsState,
      },
    ),
  );
}

export const datasetsStore = createDatasetsStore();
export const useDatasets = <T,>(selector: (state: DatasetsState) => T): T => useStore(datasetsStore, selector);
