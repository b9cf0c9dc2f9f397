import { type ReactNode, type RefObject, useId, useMemo } from 'react';
import { ChartDownloads } from '../../components/ChartDownloads';
import { ColumnHeads } from '../../components/ColumnHeads';
import { SelectOptions } from '../../components/SelectOptions';
import { TableScroll } from '../../components/TableScroll';
import { cumulativeBand, cumulativeBandCsv, type CumulativeRow, type GroupCounts, type TimeWindow } from '../../data/evaluation';
import { formatConfidence, formatEstimateWithInterval, formatFullPrecision, formatWholeCount, percentNumber } from '../../data/format';
import { ANYTIME_METHOD_LABEL } from '../../data/methods';
import { CsvExportButton } from './CsvExportButton';

/** A point of the band on the chart. */
export interface BandPoint {
  window: string;
  lower?: number;
  estimate?: number;
  upper?: number;
}

/** The targets offered for "the first moment the lower bound cleared it" (a link may carry another). */
const TARGETS = [0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95, 0.97, 0.99];
export const DEFAULT_TARGET = 0.9;
const labelsSoFar = (row: CumulativeRow) => row.yes.total + row.no.total;

/**
 * "Cumulative (as labels arrived)": the running counts at each window's end with the anytime-valid
 * balanced band, and the first window by whose end the lower bound cleared a target — valid however
 * often the page was looked at (a confidence sequence holds at every label count at once).
 */
export function CumulativeView(props: {
  windows: readonly GroupCounts[];
  target: number;
  onTarget: (target: number) => void;
  delta: number;
  detector: string;
  window: TimeWindow | null;
  chartRef: RefObject<HTMLDivElement | null>;
  /** The over-time chart (the per-window view's), drawing the band with the target as its dashed line. */
  chart: (points: BandPoint[], title: string, target: number) => ReactNode;
}) {
  const { windows, target, onTarget, delta, detector, window, chartRef, chart } = props;
  const id = useId();
  const band = useMemo(() => cumulativeBand(windows, delta, target), [windows, delta, target]);
  const { rows, firstCleared } = band;
  const targets = TARGETS.includes(target) ? TARGETS : [...TARGETS, target].sort((a, b) => a - b);
  const level = formatConfidence(delta);
  const method = `${ANYTIME_METHOD_LABEL}, δ/2 a class, δ = ${formatFullPrecision(delta)}`;
  const targetText = `${percentNumber(target)}%`;
  const last = rows.at(-1);
  let verdict: string;
  if (firstCleared !== null) {
    const row = rows[firstCleared]!;
    verdict = `Proven ≥ ${targetText} since the ${window} from ${row.window}: by its end, after ${formatWholeCount(labelsSoFar(row))} labels, the balanced accuracy was ${formatEstimateWithInterval(row.band!)} (${level}, ${method}). Valid however often this page was looked at.`;
  } else if (last?.band) {
    verdict = `Not yet proven ≥ ${targetText}: after all ${formatWholeCount(labelsSoFar(last))} labels the balanced accuracy is ${formatEstimateWithInterval(last.band)} (${level}, ${method}).`;
  } else verdict = 'Both classes need labels before there is a band.';
  const title = `${detector}: balanced accuracy as labels arrived`;
  const points = rows.map((row): BandPoint => ({ window: row.window, lower: row.band?.lower, estimate: row.band?.estimate, upper: row.band?.upper }));
  return (
    <>
      <div className="data-fields">
        <div className="data-field">
          <label htmlFor={`${id}-target`}>Target for the lower bound</label>
          <select id={`${id}-target`} value={String(target)} onChange={(event) => onTarget(Number(event.target.value))}>
            <SelectOptions values={targets.map(String)} label={(value) => `${percentNumber(Number(value))}%`} />
          </select>
        </div>
      </div>
      <p className="data-note" data-testid="cumulative-verdict">
        <strong>{verdict}</strong>
      </p>
      <p className="data-note">
        Each row counts every label up to the end of that {window}. The band is a confidence sequence: it holds at every number of
        labels at once, so looking after every {window} — or every label — and stopping the first time it clears the target keeps the
        {' '}{level} promise, which a fixed-n interval looked at again and again does not. It is wider than the fixed-n interval.
      </p>
      {chart(points, title, target)}
      <ChartDownloads source={chartRef} title={title} caption={`Balanced accuracy on the labels so far at the end of each ${window} (${level}, ${method}); dashed line: the target ${targetText}.`} />
      <TableScroll label={`${detector} as labels arrived`}>
        <table className="data-table" data-testid="cumulative-table">
          <caption>
            {detector} as labels arrived, per {window}: labels so far and the balanced accuracy ({level}, {method})
          </caption>
          <ColumnHeads names={[`By the end of the ${window} from`, 'Labels so far', 'Should-be-YES', 'Should-be-NO', 'Balanced accuracy (anytime-valid)', `Lower bound ≥ ${targetText}`]} />
          <tbody>
            {rows.map((row, index) => (
              <tr key={row.window}>
                <th scope="row">{row.window}</th>
                <td>{formatWholeCount(labelsSoFar(row))}</td>
                {(['yes', 'no'] as const).map((cls) => (
                  <td key={cls}>{`${formatWholeCount(row[cls].correct)}/${formatWholeCount(row[cls].total)}`}</td>
                ))}
                <td>{row.band ? formatEstimateWithInterval(row.band) : 'no band: a class has no labels yet'}</td>
                <td>{index === firstCleared ? 'first cleared' : row.band && row.band.lower >= target ? 'yes' : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <CsvExportButton fileName={`cumulative-${window}.csv`} csv={() => cumulativeBandCsv(window ?? 'window', band, target, delta)}>
        Export as labels arrived (CSV)
      </CsvExportButton>
    </>
  );
}
