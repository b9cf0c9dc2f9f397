import { downloadText } from '../../components/download';
import type { BalancedMethod } from '../../data/balanced-method';
import type { Detector } from '../../data/detector';
import { detectorsToJson, intervalsToCsv } from '../../data/export-files';
import { formatFullPrecision } from '../../data/format';

export interface ExportButtonsProps {
  detectors: readonly Detector[];
  delta: number;
  /** How the balanced intervals of the CSV are built (its `method` column says so). */
  method: BalancedMethod;
  /** File names start with it, e.g. "tailbound-detectors" or the detector's id. */
  fileStem: string;
  /** What the JSON holds, as the button says it: "detectors" or "this detector". */
  subject?: string;
}

/** Downloads the detectors as re-importable JSON and their intervals at δ as CSV. */
export function ExportButtons({ detectors, delta, method, fileStem, subject = 'detectors' }: ExportButtonsProps) {
  const empty = detectors.length === 0;
  return (
    <div className="button-row export-buttons">
      <button
        type="button"
        disabled={empty}
        onClick={() => downloadText(`${fileStem}.json`, detectorsToJson(detectors), 'application/json')}
      >
        Export {subject} (JSON)
      </button>
      <button
        type="button"
        disabled={empty}
        onClick={() =>
          downloadText(`${fileStem}-intervals-delta-${formatFullPrecision(delta)}.csv`, intervalsToCsv(detectors, delta, method), 'text/csv')
        }
      >
        Export intervals (CSV)
      </button>
    </div>
  );
}
