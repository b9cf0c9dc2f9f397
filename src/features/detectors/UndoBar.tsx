import { useWorkspace } from '../../store/workspace';

/**
 * "Deleted X. Undo" after a delete, and "Imported …. Undo" after an import or a replace, until
 * undone or superseded by the next change of the same kind.
 */
export function UndoBar() {
  const lastDeleted = useWorkspace((state) => state.lastDeleted);
  const undoDelete = useWorkspace((state) => state.undoDelete);
  const lastBulkChange = useWorkspace((state) => state.lastBulkChange);
  const undoBulkChange = useWorkspace((state) => state.undoBulkChange);
  return (
    <div role="status" className="undo-slot">
      {lastBulkChange && (
        <div className="banner">
          <p>{lastBulkChange.description}</p>
          <button type="button" onClick={() => undoBulkChange()}>
            Undo {lastBulkChange.description.startsWith('Replaced') ? 'replace' : 'import'}
          </button>
        </div>
      )}
      {lastDeleted && (
        <div className="banner">
          <p>Deleted “{lastDeleted.detector.name}”.</p>
          <button type="button" onClick={() => undoDelete()}>
            Undo delete
          </button>
        </div>
      )}
    </div>
  );
}
