import { useCallback, useState } from 'react';
import { ConfidenceControl } from '../../components/ConfidenceControl';
import { CopyLinkButton } from '../../components/CopyLinkButton';
import type { ClassDetector } from '../../data/detectors';
import { DEFAULT_CLASS_TARGET, detectorHref, multiclassHref, reportHref } from '../../data/links';
import { useWorkspace } from '../../store/workspace';
import { ClassExportButtons } from './ClassExportButtons';
import { ClassLabelPlan } from './ClassLabelPlan';
import { shareUrl } from './DetectorPanel';
import { DeleteDetectorButton, DetectorHeader, DetectorPage } from './DetectorPage';
import { MulticlassDetails } from './MulticlassDetails';
import { UndoBar } from './UndoBar';
import { useLinkedDelta } from './use-linked-delta';

/**
 * `#/detectors/<id>` of a K-class detector in the workspace: its name, question and source (editable),
 * the macro recall and per-class intervals with the editable confusion matrix (an edit is saved to
 * the workspace), the label plan, the exports, a link to the standalone matrix and delete (undoable).
 */
export function ClassDetectorView({ detector, linkDelta }: { detector: ClassDetector; linkDelta: number | undefined }) {
  const { id, classes, matrix } = detector;
  const updateClassMatrix = useWorkspace((state) => state.updateClassMatrix);
  const [delta, changeDelta] = useLinkedDelta(linkDelta, (next) => detectorHref(id, next));
  const [target, setTarget] = useState(DEFAULT_CLASS_TARGET);
  const onMatrixChange = useCallback((next: number[][]) => void updateClassMatrix(id, next), [id, updateClassMatrix]);
  return (
    <DetectorPage>
      <UndoBar />
      <DetectorHeader detector={detector}>
        <p className="muted">
          {classes.length} classes: {classes.join(', ')}
        </p>
      </DetectorHeader>
      <ConfidenceControl delta={delta} onChange={changeDelta} />
      <div className="toolbar">
        {/* The workspace's id means nothing in another browser: the link carries the matrix itself. */}
        <CopyLinkButton label="Copy link (carries the matrix)" getUrl={() => shareUrl(multiclassHref({ classes, matrix, delta, target }))} />
        <ClassExportButtons detector={detector} delta={delta} fileStem={`tailbound-${id}`} />
        <a href={reportHref({ subject: { kind: 'detector', id }, delta })}>Printable report</a>
        <a href={multiclassHref({ classes, matrix, delta, target })}>Open as a standalone link (carries the matrix)</a>
        <DeleteDetectorButton id={id} />
      </div>
      <MulticlassDetails classes={classes} matrix={matrix} delta={delta} onMatrixChange={onMatrixChange} />
      <ClassLabelPlan classes={classes} matrix={matrix} delta={delta} target={target} onTarget={setTarget} />
    </DetectorPage>
  );
}
