import { uniqueId } from '../../data/detectors';
import type { UndoSlice, Workspace, WorkspaceSlice } from './types';

type SetWorkspace = Parameters<WorkspaceSlice<UndoSlice>>[0];

/**
 * Every change to the detectors but an import goes through here, and ends the bulk undo: it
 * restores the list as it was before the import, and would silently drop what changed since.
 */
export function changeDetectors(set: SetWorkspace, change: (state: Workspace) => Partial<Workspace>): void {
  set((state) => ({ ...change(state), lastBulkChange: null }));
}

/** Two undo slots, neither saved: the last deleted detector, and the last import or replace. */
export const createUndoSlice: WorkspaceSlice<UndoSlice> = (set, get) => ({
  lastDeleted: null,
  lastBulkChange: null,
  undoDelete: () => {
    const { lastDeleted, detectors } = get();
    if (!lastDeleted) return null;
    const id = uniqueId(lastDeleted.detector.id, new Set(detectors.map((d) => d.id)));
    const restored = id === lastDeleted.detector.id ? lastDeleted.detector : { ...lastDeleted.detector, id };
    const index = Math.min(lastDeleted.index, detectors.length);
    changeDetectors(set, () => ({ detectors: [...detectors.slice(0, index), restored, ...detectors.slice(index)], lastDeleted: null }));
    return id;
  },
  undoBulkChange: () => {
    const change = get().lastBulkChange;
    if (!change) return false;
    // A delete made before the import is undone with it only by undoing the delete itself, after.
    set({ ...change.previousSettings, detectors: change.previous, lastBulkChange: null, lastDeleted: null });
    return true;
  },
});
