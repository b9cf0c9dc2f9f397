import { useCallback, useMemo } from 'react';
import { ConfidenceControl } from '../../components/ConfidenceControl';
import { CopyLinkButton } from '../../components/CopyLinkButton';
import { LinkProblems } from '../../components/LinkProblems';
import type { ClassName } from '../../data/detector';
import type { HashRoute } from '../../data/routes';
import { detectorHref, parseDetectorLink } from '../../data/share-links';
import { selectDetector, useWorkspace } from '../../store/workspace';
import type { ClassCounts } from '../../stats';
import { DetectorDetails } from './DetectorDetails';
import { EditableText } from './EditableText';
import { ExportButtons } from './ExportButtons';
import { StorageProblemBanner } from './StorageProblemBanner';
import { UndoDeleteBar } from './UndoDeleteBar';
import { useLinkedDelta } from './use-linked-delta';
import { WorkspaceSource } from './WorkspaceSource';
import './detectors.css';

/** `#/detectors/<id>?delta=…`: one detector of the workspace, editable, shareable and exportable. */
export function DetectorView({ route }: { route: HashRoute }) {
  const link = useMemo(() => parseDetectorLink(route), [route]);
  if (!link.ok) return <LinkProblems title="Detector" problems={link.problems} fallbackHref="#/" />;
  return <LinkedDetector id={link.value.id} linkDelta={link.value.delta} />;
}

function LinkedDetector({ id, linkDelta }: { id: string; linkDelta: number | undefined }) {
  const detector = useWorkspace(useMemo(() => selectDetector(id), [id]));
  const seeded = useWorkspace((state) => state.seeded);
  const showUnionBounds = useWorkspace((state) => state.showUnionBounds);
  const setShowUnionBounds = useWorkspace((state) => state.setShowUnionBounds);
  const updateCounts = useWorkspace((state) => state.updateCounts);
  const renameDetector = useWorkspace((state) => state.renameDetector);
  const setQuery = useWorkspace((state) => state.setQuery);
  const deleteDetector = useWorkspace((state) => state.deleteDetector);
  const [delta, changeDelta] = useLinkedDelta(linkDelta, (next) => detectorHref(id, next));
  const onCountsChange = useCallback(
    (name: ClassName, counts: ClassCounts) => void updateCounts(id, name, counts),
    [id, updateCounts],
  );
  const exported = useMemo(() => (detector ? [detector] : []), [detector]);

  if (!detector) {
    return (
      <section>
        <h1>Detector “{id}”</h1>
        <WorkspaceSource />
        <UndoDeleteBar />
        {seeded && (
          <p role="alert">
            There is no detector with the id “{id}” in this browser’s workspace (it may have been deleted, or the link comes
            from someone else’s workspace). <a href="#/">See all detectors</a>.
          </p>
        )}
      </section>
    );
  }

  return (
    <section className="detector-view" aria-labelledby="detector-heading">
      <WorkspaceSource />
      <StorageProblemBanner />
      <p className="breadcrumb">
        <a href="#/">← All detectors</a>
      </p>
      <header className="detector-view__header">
        <div className="detector-view__title">
          <h1 id="detector-heading">{detector.name}</h1>
          <EditableText what="name" value={detector.name} onSave={(name) => renameDetector(id, name)} />
        </div>
        <div className="detector-view__query">
          <p>{detector.query ? <>Query: “{detector.query}”</> : <span className="muted">No query text.</span>}</p>
          <EditableText what="query" value={detector.query} onSave={(query) => setQuery(id, query)} multiline />
        </div>
      </header>
      <ConfidenceControl delta={delta} onChange={changeDelta} />
      <div className="toolbar">
        <CopyLinkButton getUrl={() => shareUrl(detectorHref(id, delta))} />
        <ExportButtons subject="this detector" detectors={exported} delta={delta} fileStem={`tailbound-${id}`} />
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
      </div>
      <DetectorDetails
        yes={detector.yes}
        no={detector.no}
        delta={delta}
        showUnionBounds={showUnionBounds}
        onShowUnionBoundsChange={setShowUnionBounds}
        onCountsChange={onCountsChange}
      />
    </section>
  );
}

/** The page's own address (keeping `?src=`) with this hash. */
export function shareUrl(hash: string): string {
  const { origin, pathname, search } = window.location;
  return `${origin}${pathname}${search}${hash}`;
}
