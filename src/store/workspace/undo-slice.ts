import { isClassDetector, uniqueId } from '../../data/detectors';
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
    const { lastDeleted, detectors, classDetectors } = get();
    if (!lastDeleted) return null;
    const deleted = lastDeleted.detector;
    const id = uniqueId(deleted.id, new Set([...detectors, ...classDetectors].map((d) => d.id)));
    const putBack = <T>(list: readonly T[], restored: T) => {
      const index = Math.min(lastDeleted.index, list.length);
      return [...list.slice(0, index), restored, ...list.slice(index)];
    };
    changeDetectors(set, () =>
      isClassDetector(deleted)
        ? { classDetectors: putBack(classDetectors, { ...deleted, id }), lastDeleted: null }
        : { detectors: putBack(detectors, id === deleted.id ? deleted : { ...deleted, id }), lastDeleted: null },
    );
    return id;
  },
  undoBulkChange: () => {
    const change = get().lastBulkChange;
    if (!change) return false;
    // A delete made before the import is undone with it only by undoing the delete itself, after.
    set({ ...change.previousSettings, detectors: change.previous, classDetectors: change.previousClassDetectors, lastBulkChange: null, lastDeleted: null });
    return true;
  },
});
