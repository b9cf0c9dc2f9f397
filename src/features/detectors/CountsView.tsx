import { useCallback, useMemo } from 'react';
import { useLinkedBalancedMethod } from '../../components/use-linked-balanced-method';
import type { BalancedMethod } from '../../data/methods';
import { LinkProblems } from '../../components/LinkProblems';
import type { ClassName, DeploymentChoice } from '../../data/detectors';
import { countsAdHocDetector } from '../../data/files';
import { countsHref, DEFAULT_COUNTS_NAME, detectorHref, type HashRoute, isMulticlassCountsLink, linkCarries, MULTICLASS_EXAMPLE_HREF, parseCountsLink, reportHref } from '../../data/links';
import { useWorkspace } from '../../store/workspace';
import type { ClassCounts } from '../../stats';
import { DetectorPanel } from './DetectorPanel';
import { followAddress } from './follow-address';
import { MulticlassCountsView } from './MulticlassCountsView';
import { useLinkedDelta } from './use-linked-delta';
import './detectors.css';

const EXAMPLE = { yes: '38/40', no: '55/60' };
const TITLE = 'Accuracy from counts';

/**
 * `#/counts?yes=38/40&no=55/60&delta=0.05`: an ad-hoc detector from counts alone. The URL is the
 * state: edits rewrite it with history.replaceState, so the address always reproduces the view.
 */
export function CountsView({ route }: { route: HashRoute }) {
  // `classes=`/`matrix=` is a K-class detector: its own view (issue 31); `yes=`/`no=` reads as before.
  return isMulticlassCountsLink(route.params) ? <MulticlassCountsView route={route} /> : <TwoClassCountsView route={route} />;
}

function TwoClassCountsView({ route }: { route: HashRoute }) {
  const link = useMemo(
    () =>
      route.params.has('yes') || route.params.has('no')
        ? parseCountsLink(route)
        : // The bare `#/counts` (the menu entry) starts from an example to edit.
          parseCountsLink({ ...route, params: new URLSearchParams({ ...EXAMPLE, ...Object.fromEntries(route.params) }) }),
    [route],
  );
  if (!link.ok) return <LinkProblems title={TITLE} problems={link.problems} fallbackHref="#/counts" />;
  return (
    <section className="detector-view" aria-labelledby="counts-heading">
      <h1 id="counts-heading">{TITLE}</h1>
      <p>
        More than two classes? <a href={MULTICLASS_EXAMPLE_HREF}>Enter a confusion matrix of K classes</a>.
      </p>
      <LinkedCounts yes={link.value.yes} no={link.value.no} linkDelta={link.value.delta} linkMethod={link.value.balanced} deployment={link.value.deployment} />
    </section>
  );
}

function LinkedCounts(props: { yes: ClassCounts; no: ClassCounts; linkDelta: number | undefined; linkMethod: BalancedMethod | undefined; deployment: DeploymentChoice | undefined }) {
  const { yes, no, linkDelta, linkMethod, deployment } = props;
  const addDetector = useWorkspace((state) => state.addDetector);
  const [delta, changeDelta] = useLinkedDelta(linkDelta, (next) => countsHref(yes, no, next, linkMethod, deployment));
  // The address keeps the δ shown now (a change of δ since the link opened included).
  const [method, changeMethod] = useLinkedBalancedMethod(linkMethod, (next) => countsHref(yes, no, delta, next, deployment));
  const onCountsChange = useCallback(
    (name: ClassName, counts: ClassCounts) => {
      const next = { yes, no, [name]: counts };
      followAddress(countsHref(next.yes, next.no, delta, linkMethod, deployment));
    },
    [yes, no, delta, linkMethod, deployment],
  );
  const onDeploymentChange = useCallback((next: DeploymentChoice) => followAddress(countsHref(yes, no, delta, linkMethod, next)), [yes, no, delta, linkMethod]);
  const detector = useMemo(() => countsAdHocDetector(yes, no), [yes, no]);
  const exported = useMemo(() => [detector], [detector]);

  return (
    <>
      <p>
        An ad-hoc detector made from its counts alone: should-be-YES {yes.correct}/{yes.total} and should-be-NO {no.correct}/
        {no.total}. Edit the counts below; the address follows, so the link reproduces this view.
      </p>
      <DetectorPanel
        {...{ delta, changeDelta, method, changeMethod, onCountsChange, deployment, onDeploymentChange }}
        detector={{ yes, no }}
        exported={exported}
        fileStem="tailbound-counts"
        getHref={() => countsHref(yes, no, delta, method, deployment)}
        actions={
          <>
            {linkCarries(yes) && linkCarries(no) && <a href={reportHref({ subject: { kind: 'counts', name: DEFAULT_COUNTS_NAME, yes, no }, delta, balanced: method, deployment })}>Printable report</a>}
            <button
              type="button"
              onClick={() => {
                const id = addDetector({ name: detector.name, yes, no });
                window.location.hash = detectorHref(id, delta, undefined, method, deployment);
              }}
            >
              Save as a detector in my workspace
            </button>
          </>
        }
      />
    </>
  );
}
