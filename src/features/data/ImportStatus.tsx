import { useWorkspace } from '../../store/workspace';

/** What an import into the workspace did ("Imported …"), with Undo and the way to the list; `onMessage` hears "The import was undone." */
export function ImportStatus({ message, onMessage }: { message: string; onMessage: (message: string) => void }) {
  const undoBulkChange = useWorkspace((state) => state.undoBulkChange);
  return (
    <div role="status">
      {message && (
        <p>
          {message}{' '}
          {message.startsWith('Imported') && (
            <button
              type="button"
              onClick={() => {
                if (undoBulkChange()) onMessage('The import was undone.');
              }}
            >
              Undo import
            </button>
          )}{' '}
          <a href="#/">See the detectors</a>
        </p>
      )}
    </div>
  );
}
