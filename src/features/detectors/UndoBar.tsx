import { useWorkspace, type ListSettings } from '../../store/workspace';

/**
 * "Deleted X. Undo" after a delete, and "Imported …. Undo" after an import or a replace, until
 * undone or superseded by the next change of the same kind. `onSettingsRestored` hears the list
 * settings an undo brought back (a shared link's add had replaced them), e.g. to rewrite the address.
 */
export function UndoBar({ onSettingsRestored }: { onSettingsRestored?: (settings: ListSettings) => void }) {
  const lastDeleted = useWorkspace((state) => state.lastDeleted);
  const undoDelete = useWorkspace((state) => state.undoDelete);
  const lastBulkChange = useWorkspace((state) => state.lastBulkChange);
  const undoBulkChange = useWorkspace((state) => state.undoBulkChange);
  return (
    <div role="status" className="undo-slot">
      {lastBulkChange && (
        <div className="banner">
          <p>{lastBulkChange.description}</p>
          <button
            type="button"
            onClick={() => {
              const restored = lastBulkChange.previousSettings;
              if (undoBulkChange() && restored) onSettingsRestored?.(restored);
            }}
          >
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
