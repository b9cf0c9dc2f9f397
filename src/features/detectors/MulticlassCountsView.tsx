import { useCallback, useMemo } from 'react';
import { ConfidenceControl } from '../../components/ConfidenceControl';
import { CopyLinkButton } from '../../components/CopyLinkButton';
import { MAX_NAME_LENGTH } from '../../data/detectors';
import { AD_HOC_DETECTOR_ID } from '../../data/files';
import { LinkProblems } from '../../components/LinkProblems';
import { DEFAULT_CLASS_TARGET, detectorHref, MULTICLASS_EXAMPLE_HREF, multiclassHref, parseMulticlassLink, type HashRoute, type MulticlassLink } from '../../data/links';
import { useWorkspace } from '../../store/workspace';
import { ClassExportButtons } from './ClassExportButtons';
import { ClassLabelPlan } from './ClassLabelPlan';
import { MatrixEntry } from './MatrixEntry';
import { shareUrl } from './DetectorPanel';
import { followAddress } from './follow-address';
import { MulticlassDetails } from './MulticlassDetails';
import { useLinkedDelta } from './use-linked-delta';
import './detectors.css';

const TITLE = 'Accuracy of K classes from counts';

/**
 * `#/counts?classes=cat,dog,bird&matrix=50,2,1;3,40,2;0,1,30&delta=0.05`: a K-class detector from its
 * confusion matrix alone. The URL is the state: an edit of a cell or of δ rewrites it with
 * history.replaceState, as the two-class view does.
 */
export function MulticlassCountsView({ route }: { route: HashRoute }) {
  const link = useMemo(() => parseMulticlassLink(route.params), [route]);
  if (!link.ok) return <LinkProblems title={TITLE} problems={link.problems} fallbackHref={MULTICLASS_EXAMPLE_HREF} />;
  return (
    <section className="detector-view" aria-labelledby="multiclass-heading">
      <h1 id="multiclass-heading">{TITLE}</h1>
      <LinkedMatrix link={link.value} />
    </section>
  );
}

function LinkedMatrix({ link }: { link: MulticlassLink }) {
  const { classes, matrix, target } = link;
  const [delta, changeDelta] = useLinkedDelta(link.delta, (next) => multiclassHref({ classes, matrix, delta: next, target }));
  const onMatrixChange = useCallback((next: number[][]) => followAddress(multiclassHref({ classes, matrix: next, delta, target })), [classes, delta, target]);
  const adHoc = { id: AD_HOC_DETECTOR_ID, name: `Confusion matrix of ${classes.join(', ')}`, classes, matrix };
  const addClassDetector = useWorkspace((state) => state.addClassDetector);
  const onTarget = useCallback((next: number) => followAddress(multiclassHref({ classes, matrix, delta, target: next })), [classes, matrix, delta]);
  return (
    <>
      <p>
        A detector with {classes.length} classes ({classes.join(', ')}) made from its confusion matrix alone. Edit the
        counts in the matrix below; the address follows, so the link reproduces this view. Save it to your workspace to
        keep it in the detector list.
      </p>
      <ConfidenceControl delta={delta} onChange={changeDelta} />
      <div className="toolbar">
        <CopyLinkButton getUrl={() => shareUrl(multiclassHref({ classes, matrix, delta, target }))} />
        <ClassExportButtons detector={adHoc} delta={delta} fileStem="classes-intervals" />
        <button
          type="button"
          onClick={() => {
            const id = addClassDetector({ name: adHoc.name.slice(0, MAX_NAME_LENGTH), classes, matrix });
            followAddress(detectorHref(id, delta));
          }}
        >
          Save to my workspace
        </button>
      </div>
      <MulticlassDetails classes={classes} matrix={matrix} delta={delta} onMatrixChange={onMatrixChange} />
      <ClassLabelPlan classes={classes} matrix={matrix} delta={delta} target={target ?? DEFAULT_CLASS_TARGET} onTarget={onTarget} />
      {/* Reset when the link changes (a cell edited above), so the text shows what the page shows. */}
      <MatrixEntry key={multiclassHref({ classes, matrix, delta: undefined })} classes={classes} matrix={matrix} onOpen={(next, nextMatrix) => followAddress(multiclassHref({ classes: next, matrix: nextMatrix, delta, target }))} />
    </>
  );
}
