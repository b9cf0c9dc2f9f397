import { useEffect, useRef, useState } from 'react';
import { downloadText } from '../../components/download';
import { ON_PAGE_EXPENSIVE_INTERVALS } from '../../components/use-expensive-intervals-ready';
import { computeExpensiveIntervals, missingExpensiveIntervals } from '../../data/workers';
import { isExpensiveBalancedMethod, type BalancedMethod } from '../../data/methods';
import type { ClassDetector, DeploymentChoice, Detector } from '../../data/detectors';
import { classIntervalsToCsv, detectorsToJson, intervalsToCsv } from '../../data/files';
import { formatFullPrecision } from '../../data/format';

export interface ExportButtonsProps {
  detectors: readonly Detector[];
  /** K-class detectors exported with them: in the JSON, and in the CSV one row per class and metric after the two-class rows. */
  classDetectors?: readonly ClassDetector[];
  delta: number;
  /** How the balanced intervals of the CSV are built (its `method` column says so). */
  method: BalancedMethod;
  /** File names start with it, e.g. "tailbound-detectors" or the detector's id. */
  fileStem: string;
  /** What the JSON holds, as the button says it: "detectors" or "this detector". */
  subject?: string;
  /** A details view's deployment: when it sets a prevalence or volume, the CSV carries its figures too. */
  deployment?: DeploymentChoice;
}

/**
 * Downloads the detectors as re-importable JSON and their intervals at δ as CSV. The expensive
 * methods' intervals (the test inversion's, Buehler's) not computed yet (large counts take up to
 * seconds each) are computed in Web Workers first, with
 * progress and Cancel, so that exporting many large detectors never holds the page.
 */
export function ExportButtons({ detectors, classDetectors = [], delta, method, fileStem, subject = 'detectors', deployment }: ExportButtonsProps) {
  const empty = detectors.length === 0 && classDetectors.length === 0;
  const [computing, setComputing] = useState<number | null>(null);
  const stop = useRef<(() => void) | null>(null);
  useEffect(() => () => stop.current?.(), []);

  const cancel = () => {
    stop.current?.();
    stop.current = null;
    setComputing(null);
  };
  const exportIntervals = () => {
    const download = () =>
      downloadText(
        `${fileStem}-intervals-delta-${formatFullPrecision(delta)}.csv`,
        intervalsToCsv(detectors, delta, method, deployment) + classIntervalsToCsv(classDetectors, delta, 'two-class rows'),
        'text/csv',
      );
    const missing = isExpensiveBalancedMethod(method)
      ? missingExpensiveIntervals(
          detectors.map(({ yes, no }) => ({ method, yes, no, delta })),
          ON_PAGE_EXPENSIVE_INTERVALS,
        )
      : [];
    if (missing.length === 0) {
      download();
      return;
    }
    setComputing(0);
    stop.current = computeExpensiveIntervals(missing, (fraction) => {
      if (fraction < 1) {
        setComputing(fraction);
        return;
      }
      stop.current = null;
      setComputing(null);
      download();
    });
  };

  return (
    <div className="button-row export-buttons">
      <button
        type="button"
        disabled={empty}
        onClick={() => downloadText(`${fileStem}.json`, detectorsToJson(detectors, classDetectors), 'application/json')}
      >
        Export {subject} (JSON)
      </button>
      {computing === null ? (
        <button type="button" disabled={empty} onClick={exportIntervals}>
          Export intervals (CSV)
        </button>
      ) : (
        <>
          <span role="status">Computing the exact intervals for the CSV in the background: {Math.floor(computing * 100)}% done.</span>
          <button type="button" onClick={cancel}>
            Cancel the CSV export
          </button>
        </>
      )}
    </div>
  );
}
