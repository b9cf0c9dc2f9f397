import { useWorkspace } from '../../store/workspace';

/** "Deleted X. Undo" after a delete, until undone or another detector is deleted. */
export function UndoDeleteBar() {
  const lastDeleted = useWorkspace((state) => state.lastDeleted);
  const undoDelete = useWorkspace((state) => state.undoDelete);
  return (
    <div role="status" className="undo-slot">
      {lastDeleted && (
        <div className="banner">
          <p>
            Deleted “{lastDeleted.detector.name}”.
          </p>
          <button type="button" onClick={() => undoDelete()}>
            Undo delete
          </button>
        </div>
      )}
    </div>
  );
}
