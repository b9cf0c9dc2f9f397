import type { ReactNode } from 'react';
import { BalancedMethodControl } from '../../components/BalancedMethodControl';
import { ConfidenceControl } from '../../components/ConfidenceControl';
import { CopyLinkButton } from '../../components/CopyLinkButton';
import type { ClassName, DeploymentChoice, Detector } from '../../data/detectors';
import type { BalancedMethod } from '../../data/methods';
import { useWorkspace } from '../../store/workspace';
import type { ClassCounts } from '../../stats';
import { DeploymentPanel } from './DeploymentPanel';
import { DetectorDetails } from './DetectorDetails';
import { DetectorMetricsTable } from './DetectorMetricsTable';
import { ExportButtons } from './ExportButtons';

export interface DetectorPanelProps {
  /** The counts shown, and the detector the exports write (the same counts). */
  detector: Pick<Detector, 'yes' | 'no'> & { name?: string };
  exported: readonly Detector[];
  fileStem: string;
  delta: number;
  changeDelta: (delta: number) => void;
  method: BalancedMethod;
  changeMethod: (method: BalancedMethod) => void;
  /** The view's link at the δ and method shown (the copy-link button's address, made on a click). */
  getHref: () => string;
  /** The view's own buttons after the exports (save, delete, the report link). */
  actions: ReactNode;
  /** Present when the counts may be edited; receives only valid counts. */
  onCountsChange?: (className: ClassName, counts: ClassCounts) => void;
  /** The deployment the link sets (each part absent for its default), and how a change of it is kept (in the link). */
  deployment: DeploymentChoice | undefined;
  onDeploymentChange: (deployment: DeploymentChoice) => void;
}

/**
 * The body every detector view shares (a workspace detector, one a link carries, counts alone): the
 * δ control, the toolbar — balanced method, copy link, exports, then the view's own actions — and
 * the details, with the union-bound toggle kept in the workspace, then the metrics table and what
 * the counts mean in deployment.
 */
export function DetectorPanel(props: DetectorPanelProps) {
  const { detector, exported, fileStem, delta, changeDelta, method, changeMethod, getHref, actions, onCountsChange, deployment, onDeploymentChange } = props;
  const showUnionBounds = useWorkspace((state) => state.showUnionBounds);
  const setShowUnionBounds = useWorkspace((state) => state.setShowUnionBounds);
  return (
    <>
      <ConfidenceControl delta={delta} onChange={changeDelta} />
      <div className="toolbar">
        <BalancedMethodControl method={method} onChange={changeMethod} />
        <CopyLinkButton getUrl={() => shareUrl(getHref())} />
        <ExportButtons subject="this detector" detectors={exported} delta={delta} method={method} fileStem={fileStem} deployment={deployment} />
        {actions}
      </div>
      <DetectorDetails
        {...{ yes: detector.yes, no: detector.no, delta, method, onCountsChange, name: detector.name }}
        showUnionBounds={showUnionBounds}
        onShowUnionBoundsChange={setShowUnionBounds}
      />
      <DetectorMetricsTable yes={detector.yes} no={detector.no} delta={delta} method={method} />
      <DeploymentPanel yes={detector.yes} no={detector.no} delta={delta} deployment={deployment} onDeploymentChange={onDeploymentChange} />
    </>
  );
}

/** The page's own address (keeping `?src=`) with this hash. */
export function shareUrl(hash: string): string {
  const { origin, pathname, search } = window.location;
  return `${origin}${pathname}${search}${hash}`;
}
