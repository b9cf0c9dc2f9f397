import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useLinkedBalancedMethod } from '../../components/use-linked-balanced-method';
import type { BalancedMethod } from '../../data/methods';
import { LinkProblems } from '../../components/LinkProblems';
import type { ClassName, DeploymentChoice } from '../../data/detectors';
import { type CarriedDetector, carriedMatches, detectorHref, type HashRoute, parseDetectorLink, reportHref } from '../../data/links';
import { selectClassDetector, selectDetector, useWorkspace } from '../../store/workspace';
import { ClassDetectorView } from './ClassDetectorView';
import { DeleteDetectorButton, DetectorHeader, DetectorPage } from './DetectorPage';
import type { ClassCounts } from '../../stats';
import { DetectorPanel } from './DetectorPanel';
import { followAddress } from './follow-address';
import { UndoBar } from './UndoBar';
import { useLinkedDelta } from './use-linked-delta';
import { WorkspaceSource } from './WorkspaceSource';
import './detectors.css';

// Loaded with the detector page, not the list: the confidence sequences and their store stay out of the first load.
const MonitoringPanel = lazy(() => import('./MonitoringPanel').then((module) => ({ default: module.MonitoringPanel })));

/** `#/detectors/<id>?delta=…`: one detector of the workspace, editable, shareable and exportable. */
export function DetectorView({ route }: { route: HashRoute }) {
  const link = useMemo(() => parseDetectorLink(route), [route]);
  const classDetector = useWorkspace(useMemo(() => selectClassDetector(link.ok ? link.value.id : ''), [link]));
  if (!link.ok) return <LinkProblems title="Detector" problems={link.problems} fallbackHref="#/" />;
  // A K-class detector's link carries no counts of its own (two-class links may): the workspace's matrix is the one shown.
  if (classDetector && link.value.carried === undefined) return <ClassDetectorView detector={classDetector} linkDelta={link.value.delta} />;
  return <LinkedDetector {...link.value} linkDelta={link.value.delta} linkMethod={link.value.balanced} />;
}

/** The same numbers: what a link carries agrees with the workspace's detector of that id. */
function LinkedDetector(props: { id: string; linkDelta: number | undefined; linkMethod: BalancedMethod | undefined; carried: CarriedDetector | undefined; deployment: DeploymentChoice | undefined }) {
  const { id, linkDelta, linkMethod, carried, deployment } = props;
  const detector = useWorkspace(useMemo(() => selectDetector(id), [id]));
  const seeded = useWorkspace((state) => state.seeded);
  const updateCounts = useWorkspace((state) => state.updateCounts);
  const workspaceDelta = useWorkspace((state) => state.delta);
  const [method, changeMethod] = useLinkedBalancedMethod(linkMethod, (next) => detectorHref(id, linkDelta ?? workspaceDelta, detector ?? carried, next, deployment));
  const [delta, changeDelta] = useLinkedDelta(linkDelta, (next) => detectorHref(id, next, detector ?? carried, linkMethod, deployment));
  const onDeploymentChange = (next: DeploymentChoice) => followAddress(detectorHref(id, delta, detector ?? carried, linkMethod, next));
  const onCountsChange = useCallback(
    (name: ClassName, counts: ClassCounts) => void updateCounts(id, name, counts),
    [id, updateCounts],
  );
  const exported = useMemo(() => (detector ? [detector] : []), [detector]);

  // Once the workspace's detector matched the link, edits to it keep the editable view.
  const linkKey = carried ? JSON.stringify(carried) : '';
  const matches = carried !== undefined && detector !== undefined && carriedMatches(detector, carried);
  const [matchedLink, setMatchedLink] = useState<string | null>(null);
  if (matches && matchedLink !== linkKey) setMatchedLink(linkKey);
  if (carried && !matches && matchedLink !== linkKey) {
    return <CarriedDetectorView {...{ id, carried, delta, changeDelta, method, changeMethod, deployment, onDeploymentChange }} mine={detector !== undefined} />;
  }

  if (!detector) {
    return (
      <section>
        <h1>Detector “{id}”</h1>
        <WorkspaceSource />
        <UndoBar />
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
    <DetectorPage>
      <DetectorHeader detector={detector} />
      <DetectorPanel
        {...{ detector, exported, delta, changeDelta, method, changeMethod, onCountsChange, deployment, onDeploymentChange }}
        fileStem={`tailbound-${id}`}
        getHref={() => detectorHref(id, delta, detector, method, deployment)}
        actions={
          <>
            <a href={reportHref({ subject: { kind: 'detector', id }, delta, balanced: method, deployment })}>Printable report</a>
            <DeleteDetectorButton id={id} />
          </>
        }
      />
      <Suspense fallback={null}>
        <MonitoringPanel detector={detector} delta={delta} />
      </Suspense>
    </DetectorPage>
  );
}

/**
 * A detector as its link carries it, for a browser whose workspace lacks it (or has different
 * numbers under that id): read-only, with "Save to my workspace" — opening a link never changes
 * the workspace by itself.
 */
function CarriedDetectorView(props: LinkedChoices & { id: string; carried: CarriedDetector; mine: boolean }) {
  const { id, carried, delta, changeDelta, method, changeMethod, mine, deployment, onDeploymentChange } = props;
  const addDetector = useWorkspace((state) => state.addDetector);
  const exported = useMemo(() => [{ id, ...carried }], [id, carried]);
  return (
    <DetectorPage>
      <header className="detector-view__header">
        <h1 id="detector-heading">{carried.name}</h1>
        <p>{carried.query ? <>Query: “{carried.query}”</> : <span className="muted">No query text.</span>}</p>
      </header>
      <p className="carried-note" role="note">
        {mine ? (
          <>
            This link shows the detector “{id}” as it was shared. Your workspace has a detector with this id whose name, question
            or counts differ: <a href={detectorHref(id, delta, undefined, method)}>open yours</a>.
          </>
        ) : (
          <>This detector came with the link; it is not in your workspace. Nothing is saved unless you choose to.</>
        )}
      </p>
      <DetectorPanel
        {...{ exported, delta, changeDelta, method, changeMethod, deployment, onDeploymentChange }}
        detector={carried}
        fileStem={`tailbound-${id}`}
        getHref={() => detectorHref(id, delta, carried, method, deployment)}
        actions={
          <button
            type="button"
            onClick={() => {
              const savedId = addDetector({ id, ...carried });
              window.location.hash = detectorHref(savedId, delta, undefined, method, deployment);
            }}
          >
            Save to my workspace
          </button>
        }
      />
    </DetectorPage>
  );
}

/** The δ, balanced method and deployment a detector view shows, each kept in its link. */
interface LinkedChoices {
  delta: number;
  changeDelta: (delta: number) => void;
  method: BalancedMethod;
  changeMethod: (method: BalancedMethod) => void;
  deployment: DeploymentChoice | undefined;
  onDeploymentChange: (deployment: DeploymentChoice) => void;
}
