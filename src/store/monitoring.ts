import { useStore } from 'zustand';
import { persist } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';
import { type DatedCounts, isDatedCountsList } from '../data/detectors';
import { savedListStorage } from './saved-list';
import { indexedDbBackend, memoryBackend, type WorkspaceBackend } from './workspace-backend';

/** A detector's labels over time (one row a day), as read from a counts-over-time file. */
export interface MonitoredHistory {
  detectorId: string;
  fileName: string;
  /** ISO date and time the file was read. */
  addedAt: string;
  rows: DatedCounts[];
}

export interface MonitoringState {
  histories: MonitoredHistory[];
  /** Keeps (or replaces) a detector's history. */
  attach: (history: MonitoredHistory) => void;
  /** Forgets a detector's history; returns what it was, for undo. */
  detach: (detectorId: string) => MonitoredHistory | null;
}

export const MONITORING_STORAGE_KEY = 'tailbound.monitoring';
export const MONITORING_VERSION = 1;

function isMonitoredHistory(value: unknown): value is MonitoredHistory {
  if (typeof value !== 'object' || value === null) return false;
  const { detectorId, fileName, addedAt, rows } = value as Partial<MonitoredHistory>;
  return typeof detectorId === 'string' && typeof fileName === 'string' && typeof addedAt === 'string' && isDatedCountsList(rows);
}

/**
 * Counts over time per detector, persisted under MONITORING_STORAGE_KEY (IndexedDB in the browser,
 * memory in Node) beside the workspace: a detector's counts stay what the workspace says; its
 * history only feeds the details view's monitoring line. Unusable records read back are set aside.
 */
export function createMonitoringStore(backend: WorkspaceBackend = typeof indexedDB === 'undefined' ? memoryBackend() : indexedDbBackend()) {
  return createStore<MonitoringState>()(
    persist(
      (set, get) => ({
        histories: [],
        attach: (history) => set((state) => ({ histories: [...state.histories.filter((h) => h.detectorId !== history.detectorId), history] })),
        detach: (detectorId) => {
          const previous = get().histories.find((h) => h.detectorId === detectorId) ?? null;
          set((state) => ({ histories: state.histories.filter((h) => h.detectorId !== detectorId) }));
          return previous;
        },
      }),
      {
        name: MONITORING_STORAGE_KEY,
        version: MONITORING_VERSION,
        storage: savedListStorage(backend, 'histories', isMonitoredHistory),
        partialize: ({ histories }) => ({ histories }),
        // Only version 1 exists: anything else read back is not a history this app knows.
        migrate: () => ({ histories: [] }) as unknown as MonitoringState,
      },
    ),
  );
}

export const monitoringStore = createMonitoringStore();
export const useMonitoring = <T,>(selector: (state: MonitoringState) => T): T => useStore(monitoringStore, selector);
