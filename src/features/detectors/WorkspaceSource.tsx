import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { type Detector, DetectorsFileError, detectorsFileQuery, resolveSourceUrl, SAMPLE_DETECTORS_URL, type SourceResolution } from '../../data/detectors';
import { useWorkspace } from '../../store/workspace';
import { formatWholeCount } from '../../data/format';

type SourceDecision = 'pending' | 'confirmed' | 'declined' | 'done';

/**
 * What the user decided about this page load's `?src=`: it outlives a change of view (the list and
 * the details page both show this component), but a reload asks again.
 */
const sourceDecision = (() => {
  let value: SourceDecision = 'pending';
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set: (next: SourceDecision) => {
      value = next;
      listeners.forEach((listener) => listener());
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
})();

/**
 * Fills the workspace: the sample detectors when it was never seeded, or the file named by
 * `?src=<url>` — same-origin files load at once, other origins only after the user confirms; when
 * the workspace already holds detectors the user chooses to add, replace or ignore. Errors (404,
 * not JSON, schema violations) are shown in full.
 */
export function WorkspaceSource() {
  // The saved workspace is read asynchronously: deciding anything before that could overwrite it.
  const hydrated = useWorkspace((state) => state.hydrated);
  return hydrated ? <HydratedWorkspaceSource /> : <p role="status">Opening your workspace…</p>;
}

function HydratedWorkspaceSource() {
  const seeded = useWorkspace((state) => state.seeded);
  const seed = useWorkspace((state) => state.seed);
  const importDetectors = useWorkspace((state) => state.importDetectors);
  const [source] = useState<SourceResolution>(() => resolveSourceUrl(window.location.search, window.location.href));
  // Messages say what happened to the workspace the user had when the page opened.
  const [hadWorkspace] = useState(seeded);
  const [refused, setRefused] = useState<string | null>(null);
  const fallback = hadWorkspace ? 'Your workspace is unchanged.' : 'The sample detectors are shown instead.';
  const decision = useSyncExternalStore(sourceDecision.subscribe, sourceDecision.get);
  const decide = sourceDecision.set;

  const hasSource = source.kind === 'same-origin' || source.kind === 'cross-origin';
  const sourceUrl = hasSource && (decision === 'pending' || decision === 'confirmed') ? source.url : null;
  const awaitingConfirm = source.kind === 'cross-origin' && decision === 'pending';
  const sourceQuery = useQuery({ ...detectorsFileQuery(sourceUrl ?? ''), enabled: sourceUrl !== null && !awaitingConfirm });
  // The samples fill an empty workspace unless a ?src= file is still being decided on or loaded.
  const wantSamples = !seeded && !(sourceUrl !== null && !sourceQuery.isError);
  const sampleQuery = useQuery({ ...detectorsFileQuery(SAMPLE_DETECTORS_URL), enabled: wantSamples });

  useEffect(() => {
    if (wantSamples && sampleQuery.data) seed(sampleQuery.data);
  }, [wantSamples, sampleQuery.data, seed]);

  const sourceData = sourceQuery.data;
  const detectors = useWorkspace((state) => state.detectors);
  // Reloading a ?src= page whose file is already in the workspace asks nothing.
  const alreadyLoaded = useMemo(() => (sourceData ? containsAll(detectors, sourceData) : false), [detectors, sourceData]);
  useEffect(() => {
    // An empty workspace simply takes the file; a filled one asks first (below).
    if (sourceData && !seeded && sourceDecision.get() !== 'done') {
      seed(sourceData);
      sourceDecision.set('done');
    }
  }, [sourceData, seeded, seed]);

  return (
    <>
      {source.kind === 'invalid' && (
        <div className="banner banner--problem" role="alert">
          <p>
            The link’s detectors file can’t be used: {source.message}. {fallback}
          </p>
        </div>
      )}
      {awaitingConfirm && (
        <div className="banner" role="alert">
          <p>
            This link asks to load detectors from another site: <code>{source.url}</code>. The file is fetched by your
            browser (without cookies) and checked before anything is shown; nothing is sent there.
          </p>
          <div className="button-row">
            <button type="button" onClick={() => decide('confirmed')}>
              Load it
            </button>
            <button type="button" onClick={() => decide('declined')}>
              Don’t load it
            </button>
          </div>
        </div>
      )}
      {sourceUrl !== null && sourceQuery.isFetching && <p role="status">Loading detectors from {sourceUrl}…</p>}
      {sourceUrl !== null && sourceQuery.error && (
        <FileError error={sourceQuery.error} fallback={fallback} onDismiss={() => decide('declined')} />
      )}
      {sourceData && seeded && sourceUrl !== null && !alreadyLoaded && (
        <div className="banner" role="alert">
          <p>
            The link’s file has {formatWholeCount(sourceData.length)} detector{sourceData.length === 1 ? '' : 's'} ({sourceUrl}).
            Your workspace already has detectors.
          </p>
          {refused && <p className="field-error">{refused}</p>}
          <div className="button-row">
            <button
              type="button"
              onClick={() => {
                const plan = importDetectors(sourceData, 'add', 'update', `Added the link’s detectors (${sourceUrl}).`);
                if (plan.refused !== null) setRefused(plan.refused);
                else decide('done');
              }}
            >
              Add them to mine
            </button>
            <button
              type="button"
              onClick={() => {
                importDetectors(sourceData, 'replace', 'update', `Replaced your detectors with the link’s (${sourceUrl}).`);
                decide('done');
              }}
            >
              Replace mine with them
            </button>
            <button type="button" onClick={() => decide('declined')}>
              Keep mine only
            </button>
          </div>
        </div>
      )}
      {wantSamples && sampleQuery.isPending && <p role="status">Loading the sample detectors…</p>}
      {wantSamples && sampleQuery.error && <FileError error={sampleQuery.error} fallback="You can still add or import detectors." />}
    </>
  );
}

function FileError({ error, fallback, onDismiss }: { error: Error; fallback: string; onDismiss?: () => void }) {
  const schemaErrors = error instanceof DetectorsFileError && error.kind === 'schema' ? error.errors : [];
  const headline = schemaErrors.length > 0 ? error.message.split('\n')[0] : error.message;
  return (
    <div className="banner banner--problem" role="alert">
      <p>Could not load the detectors: {headline}</p>
      {schemaErrors.length > 0 && (
        <ul>
          {schemaErrors.map((problem, index) => (
            <li key={index}>
              <code>{problem.path}</code>: {problem.message}
            </li>
          ))}
        </ul>
      )}
      <p>{fallback}</p>
      {onDismiss && (
        <button type="button" onClick={onDismiss}>
          Dismiss
        </button>
      )}
    </div>
  );
}

/** Whether every detector of `incoming` is already in `workspace` with the same name, query and counts. */
function containsAll(workspace: readonly Detector[], incoming: readonly Detector[]): boolean {
  const byId = new Map(workspace.map((detector) => [detector.id, detector]));
  return incoming.every((detector) => {
    const mine = byId.get(detector.id);
    return (
      mine !== undefined &&
      mine.name === detector.name &&
      mine.query === detector.query &&
      mine.yes.correct === detector.yes.correct &&
      mine.yes.total === detector.yes.total &&
      mine.no.correct === detector.no.correct &&
      mine.no.total === detector.no.total
    );
  });
}
