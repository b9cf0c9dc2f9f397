import { useId, useMemo } from 'react';
import { ColumnHeads } from '../../components/ColumnHeads';
import { TableScroll } from '../../components/TableScroll';
import { useBalancedVersion } from '../../components/use-balanced-version';
import { countsIntervals, DETECTION_METRIC_NAMES, detectionMetricFigures, testSetPrevalence } from '../../data/detectors';
import { formatConfidence, formatFullPrecision, formatIntervalParts, formatPercent } from '../../data/format';
import { BALANCED_METHOD_NAMES, type BalancedMethod, countsText, METRIC_METHOD_NAMES } from '../../data/methods';
import type { ClassCounts, Interval } from '../../stats';

export interface DetectorMetricsTableProps {
  yes: ClassCounts;
  no: ClassCounts;
  delta: number;
  method: BalancedMethod;
}

/**
 * The detection metrics of the test set in one table — precision, recall, specificity, NPV, F1 and
 * balanced accuracy — each with its counts, its exact interval (rounded outward), its method and δ.
 */
export function DetectorMetricsTable({ yes, no, delta, method }: DetectorMetricsTableProps) {
  const headingId = useId();
  // Balanced accuracy by the chosen method; a large count's arrives from a worker.
  const arrived = useBalancedVersion();
  const balanced = useMemo(() => countsIntervals(yes, no, delta, method), [yes, no, delta, method, arrived]); // eslint-disable-line react-hooks/exhaustive-deps
  const figures = useMemo(() => detectionMetricFigures(yes, no, delta), [yes, no, delta]);
  const level = formatConfidence(delta);
  if (yes.total === 0 || no.total === 0) return null;
  const rows: { name: string; counts: string; interval: Interval | null | 'pending'; method: string }[] = [
    ...figures.map((figure) => ({ name: DETECTION_METRIC_NAMES[figure.key], counts: countsText(figure.counts), interval: figure.interval, method: METRIC_METHOD_NAMES[figure.methodId]! })),
    { name: 'Balanced accuracy', counts: `YES ${countsText(yes)}, NO ${countsText(no)}`, interval: balanced.balanced, method: BALANCED_METHOD_NAMES[balanced.method] },
  ];
  return (
    <section className="metrics-table" aria-labelledby={headingId}>
      <h2 id={headingId}>Precision, recall, F1 and the rest</h2>
      <p className="metrics-table__mix">
        Precision and NPV describe this test set’s mix ({formatPercent(testSetPrevalence(yes, no), 1)} should-be-YES): at another
        share of YES in real traffic they differ — “What it means in deployment” below carries the rates over to it.
      </p>
      <TableScroll label="Detection metrics table">
        <table className="data-table">
          <caption>
            Estimates and exact {level} intervals (δ = {formatFullPrecision(delta)}), each on its own, rounded outward.
          </caption>
          <ColumnHeads names={['Metric', 'Correct / total', 'Estimate', `${level} interval`, 'Method']} />
          <tbody>
            {rows.map((row) => {
              const shown = row.interval && row.interval !== 'pending' ? formatIntervalParts(row.interval) : null;
              return (
                <tr key={row.name}>
                  <th scope="row">{row.name}</th>
                  <td className="number">{row.counts}</td>
                  <td className="number">{shown ? shown.estimate : row.interval === 'pending' ? 'computing…' : '—'}</td>
                  <td className="number">{shown ? `[${shown.lower}, ${shown.upper}]` : row.interval === 'pending' ? '' : 'no such answers'}</td>
                  <td>{row.method}, δ = {formatFullPrecision(delta)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
