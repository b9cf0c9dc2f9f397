import { useDeferredValue, useEffect, useId, useMemo } from 'react';
import { BalancedMethodControl } from '../../components/BalancedMethodControl';
import { ConfidenceControl } from '../../components/ConfidenceControl';
import { CopyLinkButton } from '../../components/CopyLinkButton';
import { LinkProblemsNotice } from '../../components/LinkProblems';
import { LIST_METRIC_NAMES, LIST_METRICS, type ListMetric, visibleDetectors, type SortKey } from '../../data/detectors';
import { formatFullPrecision, formatWholeCount } from '../../data/format';
import { detectorHref, type HashRoute, listHref, MAX_SHARED_LINK_LENGTH, MULTICLASS_EXAMPLE_HREF, parseListLink, sharedWorkspaceHref } from '../../data/links';
import { useWorkspace } from '../../store/workspace';
import { CompareSelectedBar } from './CompareSelection';
import { DetectorTable } from './DetectorTable';
import { shareUrl } from './DetectorPanel';
import { ExportButtons } from './ExportButtons';
import { followAddress } from './follow-address';
import { ImportPanel } from './ImportPanel';
import { UndoBar } from './UndoBar';
import { useLinkedDelta } from './use-linked-delta';
import { useLowerBounds } from './use-lower-bounds';
import { WorkspaceSource } from './WorkspaceSource';
import '../../components/visually-hidden.css';
import './detectors.css';
import { SelectOptions } from '../../components/SelectOptions';

const SORT_LABELS: Record<SortKey, string> = {
  lower: 'Worst plausible accuracy (lower bound), worst first',
  estimate: 'Balanced accuracy (estimate), worst first',
  name: 'Name, A to Z',
};

/** The sort orders' names with another metric as the column: its lower bound or estimate. */
function sortLabel(key: SortKey, metric: ListMetric): string {
  if (metric === 'balanced' || key === 'name') return SORT_LABELS[key];
  return `${LIST_METRIC_NAMES[metric]}: ${key === 'lower' ? 'worst plausible (lower bound)' : 'estimate'}, worst first`;
}

// Over 120 lines (141), most of it markup: the toolbar, the table, import and export panels of the
// list page in reading order, each already a component.
/** `#/` (optionally `?delta=`): every detector with its balanced accuracy interval; filter, sort, import, export. */
export function DetectorsListView({ route }: { route: HashRoute }) {
  const id = useId();
  const linkParse = useMemo(() => parseListLink(route.params), [route]);
  const linked = linkParse.ok ? linkParse.value : undefined;
  const filter = useWorkspace((state) => state.filter);
  const sort = useWorkspace((state) => state.sort);
  // The column's metric lives in the address alone (balanced accuracy when it names none).
  const metric = linked?.metric ?? 'balanced';
  const [delta, changeDelta] = useLinkedDelta(linked?.delta, (next) => listHref({ delta: next, sort, filter, metric }));
  const detectors = useWorkspace((state) => state.detectors);
  const classDetectors = useWorkspace((state) => state.classDetectors);
  // Both kinds in one list; without K-class detectors the two-class array itself (no copy of 10,000).
  const workspaceSet = useMemo(() => ({ detectors, classDetectors }), [detectors, classDetectors]);
  const everyDetector = useMemo(() => (classDetectors.length === 0 ? detectors : [...detectors, ...classDetectors]), [detectors, classDetectors]);
  const seeded = useWorkspace((state) => state.seeded);
  const setFilter = useWorkspace((state) => state.setFilter);
  const setSort = useWorkspace((state) => state.setSort);
  const method = useWorkspace((state) => state.balancedMethod);
  const setMethod = useWorkspace((state) => state.setBalancedMethod);
  const showUnionBounds = useWorkspace((state) => state.showUnionBounds);
  // A link's sort and filter apply when it opens; afterwards each change rewrites the address (no
  // history entry per keystroke), so what the address says is always what the list shows.
  // Applied once the saved workspace has been read: its own sort would replace the link's.
  const hydrated = useWorkspace((state) => state.hydrated);
  useEffect(() => {
    if (!hydrated) return;
    if (linked?.sort !== undefined) setSort(linked.sort);
    if (linked?.filter !== undefined) setFilter(linked.filter);
  }, [linked?.sort, linked?.filter, setSort, setFilter, hydrated]);
  const changeView = (change: { sort?: SortKey; filter?: string }) => {
    if (change.sort !== undefined) setSort(change.sort);
    if (change.filter !== undefined) setFilter(change.filter);
    window.history.replaceState(window.history.state, '', listHref({ delta, sort, filter, metric, ...change }));
  };
  const addDetector = useWorkspace((state) => state.addDetector);
  const importDetectors = useWorkspace((state) => state.importDetectors);
  // Typing stays responsive: the field updates at once, the 10,000-row filter catches up.
  const deferredFilter = useDeferredValue(filter);
  // Workers compute the expensive balanced bounds; the other metrics' are quick to compute here.
  const lowerBoundsProgress = useLowerBounds(detectors, delta, method, sort === 'lower' && metric === 'balanced');
  // Until every lower bound at δ is known (a worker computes many), the list keeps the estimate order.
  const shownSort = lowerBoundsProgress === null ? sort : 'estimate';
  // The balanced estimates' order is the same at every δ and method: a new δ does not re-sort 10,000 detectors for it.
  const orderNeedsDelta = shownSort === 'lower' || (shownSort === 'estimate' && metric !== 'balanced');
  const sortDelta = orderNeedsDelta ? delta : null;
  const sortMethod = orderNeedsDelta ? method : null;
  const shown = useMemo(
    () => visibleDetectors(everyDetector, { filter: deferredFilter, sort: shownSort, metric }, sortDelta ?? delta, sortMethod ?? method),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- delta and method matter only through sortDelta and sortMethod
    [everyDetector, deferredFilter, shownSort, sortDelta, sortMethod, metric],
  );

  return (
    <section className="detectors-list" aria-labelledby={`${id}-heading`}>
      <WorkspaceSource />
      <h1 id={`${id}-heading`}>Detectors</h1>
      <p className="lead">
        Each detector’s balanced accuracy — the mean of its should-be-YES and should-be-NO accuracy — with an exact
        binomial-tail confidence interval. Open a detector for the per-class numbers and what the interval means.
      </p>
      {!linkParse.ok && (
        <LinkProblemsNotice
          problems={linkParse.problems}
          ignored={`The list shows your workspace’s settings instead (δ = ${formatFullPrecision(delta)}).`}
        />
      )}
      <UndoBar onSettingsRestored={(restored) => window.history.replaceState(window.history.state, '', listHref({ ...restored, metric }))} />
      <ConfidenceControl delta={delta} onChange={changeDelta} />
      <div className="toolbar list-toolbar">
        <div className="toolbar__field">
          <label htmlFor={`${id}-filter`}>Filter</label>
          <input
            id={`${id}-filter`}
            type="search"
            placeholder="name, query or id"
            value={filter}
            onChange={(event) => changeView({ filter: event.target.value })}
          />
        </div>
        <div className="toolbar__field">
          <label htmlFor={`${id}-sort`}>Sort by</label>
          <select id={`${id}-sort`} value={sort} onChange={(event) => changeView({ sort: event.target.value as SortKey })}>
            <SelectOptions values={Object.keys(SORT_LABELS) as SortKey[]} label={(key) => sortLabel(key, metric)} />
          </select>
        </div>
        <div className="toolbar__field">
          <label htmlFor={`${id}-metric`}>Column</label>
          <select id={`${id}-metric`} value={metric} onChange={(event) => followAddress(listHref({ delta, sort, filter, metric: event.target.value as ListMetric }))}>
            <SelectOptions values={LIST_METRICS} label={(key) => LIST_METRIC_NAMES[key]} />
          </select>
        </div>
        <BalancedMethodControl method={method} onChange={setMethod} />
        <button
          type="button"
          onClick={() => {
            const newId = addDetector();
            window.location.hash = detectorHref(newId, delta, undefined, method);
          }}
        >
          Add detector
        </button>
        <a href={MULTICLASS_EXAMPLE_HREF}>Add a detector of more than two classes</a>
      </div>
      <CompareSelectedBar detectors={detectors} delta={delta} />
      <p className="list-count" role="status">
        {seeded || everyDetector.length > 0
          ? shown.length === everyDetector.length
            ? `${formatWholeCount(everyDetector.length)} detector${everyDetector.length === 1 ? '' : 's'}${classDetectors.length > 0 ? ` (${formatWholeCount(classDetectors.length)} with more than two classes)` : ''}`
            : `${formatWholeCount(shown.length)} of ${formatWholeCount(everyDetector.length)} detectors match “${deferredFilter.trim()}”`
          : ''}
      </p>
      {lowerBoundsProgress !== null && (
        <p role="status" className="list-count">
          Computing the lower bounds of {formatWholeCount(detectors.length)} detectors at this confidence level to sort by
          them, in a background worker: {Math.round(lowerBoundsProgress * 100)}%. Shown by estimate until then.
        </p>
      )}
      {shown.length > 0 && <DetectorTable detectors={shown} delta={delta} method={method} metric={metric} total={everyDetector.length} />}
      {seeded && everyDetector.length === 0 && <p>The workspace is empty. Add a detector or import a file.</p>}
      <section className="export-panel" aria-labelledby={`${id}-export`}>
        <h2 id={`${id}-export`}>Export</h2>
        <p>
          All {formatWholeCount(everyDetector.length)} detectors as a JSON file you can import again, or their intervals at
          the current confidence level as CSV (one row per detector and metric, unrounded bounds; for a K-class detector one
          row per class and metric).
        </p>
        <ExportButtons detectors={detectors} classDetectors={classDetectors} delta={delta} method={method} fileStem="tailbound-detectors" />
        <p>
          Or share the whole workspace — detectors, δ, sort, filter, method choices and the metric column — as one link (compressed into the part after “#”,
          which never reaches a server; up to {formatWholeCount(MAX_SHARED_LINK_LENGTH)} characters, about 1,500 detectors).
        </p>
        <CopyLinkButton
          label="Share workspace (copy link)"
          getUrl={async () => {
            const made = await sharedWorkspaceHref({ detectors, classDetectors, delta, sort, filter, balancedMethod: method, showUnionBounds, metric });
            if (!made.ok) throw new Error(made.message);
            return shareUrl(made.href);
          }}
        />
      </section>
      <ImportPanel
        existing={workspaceSet}
        onImport={(incoming, mode, onExisting, description) => void importDetectors(incoming, mode, onExisting, description)}
      />
    </section>
  );
}
