import type { ReactNode } from 'react';
import { useWorkspace } from '../../store/workspace';
import { EditableText } from './EditableText';
import { WorkspaceSource } from './WorkspaceSource';

/** A detector's page (either kind): where the workspace came from, the way back to the list, then the view. */
export function DetectorPage({ children }: { children: ReactNode }) {
  return (
    <section className="detector-view" aria-labelledby="detector-heading">
      <WorkspaceSource />
      <p className="breadcrumb">
        <a href="#/">← All detectors</a>
      </p>
      {children}
    </section>
  );
}

/** A workspace detector's heading (either kind): its name and question, each editable, `children` between them, and its data source. */
export function DetectorHeader({ detector, children }: { detector: { id: string; name: string; query: string; source?: string }; children?: ReactNode }) {
  const renameDetector = useWorkspace((state) => state.renameDetector);
  const setQuery = useWorkspace((state) => state.setQuery);
  return (
    <header className="detector-view__header">
      <div className="detector-view__title">
        <h1 id="detector-heading">{detector.name}</h1>
        <EditableText what="name" value={detector.name} onSave={(name) => renameDetector(detector.id, name)} />
      </div>
      {children}
      <div className="detector-view__query">
        <p>{detector.query ? <>Query: “{detector.query}”</> : <span className="muted">No query text.</span>}</p>
        <EditableText what="query" value={detector.query} onSave={(query) => setQuery(detector.id, query)} multiline />
        {detector.source && <p className="detector-view__source">Data source: {detector.source}</p>}
      </div>
    </header>
  );
}

/** "Delete detector" (either kind; undoable from the list, where it goes). */
export function DeleteDetectorButton({ id }: { id: string }) {
  const deleteDetector = useWorkspace((state) => state.deleteDetector);
  return (
    <button
      type="button"
      className="danger-button"
      onClick={() => {
        deleteDetector(id);
        window.location.hash = '#/';
      }}
    >
      Delete detector
    </button>
  );
}
