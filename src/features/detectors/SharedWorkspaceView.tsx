import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { ConfidenceControl } from '../../components/ConfidenceControl';
import { LinkProblems } from '../../components/LinkProblems';
import { visibleDetectors } from '../../data/detectors';
import { formatFullPrecision, formatWholeCount } from '../../data/format';
import { type HashRoute, listHref, parseSharedWorkspace, type SharedWorkspace } from '../../data/links';
import { describeImport, planDetectorSetImport, type ExistingIdPolicy } from '../../data/files';
import { useWorkspace } from '../../store/workspace';
import { DetectorTable } from './DetectorTable';
import { ExistingIdsChoice } from './ExistingIdsChoice';
import { ExportButtons } from './ExportButtons';
import { useLowerBounds } from './use-lower-bounds';
import './detectors.css';

const TITLE = 'Shared workspace';

/**
 * `#/shared?w=…`: a workspace someone shared as a link, shown read-only. Opening it never changes
 * this browser's workspace; "Add to my workspace" or "Replace my workspace" (asked first, undoable)
 * do, when chosen.
 */
export function SharedWorkspaceView({ route }: { route: HashRoute }) {
  const data = route.params.get('w') ?? '';
  const shared = useQuery({ queryKey: ['shared-workspace', data], queryFn: () => parseSharedWorkspace(route.params), staleTime: Infinity });
  if (!shared.data) return <p role="status">Reading the shared workspace…</p>;
  if (!shared.data.ok) return <LinkProblems title={TITLE} problems={shared.data.problems} fallbackHref="#/" />;
  return <SharedList shared={shared.data.value} />;
}

function SharedList({ shared }: { shared: SharedWorkspace }) {
  const id = useId();
  const [delta, setDelta] = useState(shared.delta);
  const [confirmingReplace, setConfirmingReplace] = useState(false);
  const hydrated = useWorkspace((state) => state.hydrated);
  const myDetectors = useWorkspace((state) => state.detectors);
  const myClassDetectors = useWorkspace((state) => state.classDetectors);
  const mine = myDetectors.length + myClassDetectors.length;
  const sharedClasses = useMemo(() => shared.classDetectors ?? [], [shared]);
  const everyShared = useMemo(() => [...shared.detectors, ...sharedClasses], [shared, sharedClasses]);
  const importDetectors = useWorkspace((state) => state.importDetectors);
  // Shown as shared: the link carries its method choices and metric column.
  const method = shared.balancedMethod;
  const metric = shared.metric ?? 'balanced';
  const [onExisting, setOnExisting] = useState<ExistingIdPolicy>('update');
  const addPlan = useMemo(
    () => planDetectorSetImport({ detectors: myDetectors, classDetectors: myClassDetectors }, { detectors: shared.detectors, classDetectors: sharedClasses }, 'add', onExisting),
    [myDetectors, myClassDetectors, shared.detectors, sharedClasses, onExisting],
  );
  const lowerBoundsProgress = useLowerBounds(shared.detectors, delta, method, shared.sort === 'lower' && metric === 'balanced');
  const sort = lowerBoundsProgress === null ? shared.sort : 'estimate';
  const shown = useMemo(() => visibleDetectors(everyShared, { filter: shared.filter, sort, metric }, delta, method), [everyShared, shared.filter, sort, metric, delta, method]);
  const count = formatWholeCount(everyShared.length);
  const sharedText = everyShared.length === 1 ? 'this detector' : `these ${count} detectors`;

  const [refused, setRefused] = useState<string | null>(null);
  const save = (mode: 'add' | 'replace') => {
    const description =
      mode === 'add' ? `Added the shared detectors: ${describeImport(addPlan)}.` : `Replaced your workspace with ${detectorsText(everyShared.length)} shared.`;
    // The link's δ, sort, filter and method choices come with its detectors, and an undo takes them back with them.
    const settings = { delta, sort: shared.sort, filter: shared.filter, balancedMethod: shared.balancedMethod, showUnionBounds: shared.showUnionBounds };
    const plan = importDetectors({ detectors: shared.detectors, classDetectors: sharedClasses }, mode, onExisting, description, settings);
    if (plan.refused !== null) {
      setRefused(plan.refused);
      return;
    }
    window.location.hash = listHref({ ...settings, metric });
  };

  return (
    <section className="detectors-list" aria-labelledby={`${id}-heading`}>
      <h1 id={`${id}-heading`}>{TITLE}</h1>
      <p className="carried-note" role="note">
        Someone shared {sharedText} as a link (read-only here): nothing is saved in your browser unless you choose
        to. The link’s data sits after the “#”, which browsers never send to a server.
      </p>
      {refused && (
        <p className="field-error" role="alert">
          {refused}
        </p>
      )}
      {hydrated && addPlan.conflicts > 0 && (
        <ExistingIdsChoice conflicts={addPlan.conflicts} policy={onExisting} onChange={setOnExisting} source="the link" />
      )}
      <div className="toolbar">
        <button type="button" disabled={!hydrated} onClick={() => save('add')}>
          {addPlan.actions.every((action) => action.kind === 'add') ? 'Add to my workspace' : `Add to my workspace: ${describeImport(addPlan)}`}
        </button>
        {confirmingReplace ? (
          <span role="group" aria-label="Confirm replace">
            Replace your {detectorsText(mine)} with {sharedText}? You can undo it right after.{' '}
            <button type="button" className="danger-button" onClick={() => save('replace')}>
              Yes, replace them
            </button>{' '}
            <button type="button" onClick={() => setConfirmingReplace(false)}>
              No, keep mine
            </button>
          </span>
        ) : (
          <button type="button" disabled={!hydrated} onClick={() => (mine === 0 ? save('replace') : setConfirmingReplace(true))}>
            Replace my workspace with these…
          </button>
        )}
        <ExportButtons detectors={shared.detectors} classDetectors={sharedClasses} delta={delta} method={method} fileStem="tailbound-shared" />
      </div>
      <ConfidenceControl delta={delta} onChange={setDelta} />
      <p className="list-count" role="status">
        {shown.length === everyShared.length
          ? detectorsText(everyShared.length)
          : `${formatWholeCount(shown.length)} of ${detectorsText(everyShared.length)} match “${shared.filter}”`}
        , {lowerBoundsProgress === null ? 'sorted as shared' : `sorted by estimate while the lower bounds are computed (${Math.round(lowerBoundsProgress * 100)}%)`}{shared.delta !== delta ? ` (shared at δ = ${formatFullPrecision(shared.delta)})` : ''}
      </p>
      {shown.length > 0 && <DetectorTable detectors={shown} delta={delta} method={method} metric={metric} total={everyShared.length} carryInLinks />}
    </section>
  );
}

/** "1 detector", "2,000 detectors". */
const detectorsText = (count: number) => `${formatWholeCount(count)} detector${count === 1 ? '' : 's'}`;
