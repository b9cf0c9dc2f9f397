import { useId } from 'react';
import { TableScroll } from '../../components/TableScroll';
import { classDetectorIntervals, type ClassDetector } from '../../data/detectors';
import { formatConfidence, formatFullPrecision, formatWholeCount } from '../../data/format';
import { CLASS_METHOD, macroRecallMethod, METRIC_METHOD_NAMES } from '../../data/methods';
import type { Interval } from '../../stats';
import { estimateText, intervalText } from './report-model';

const PRECISION_METHOD = METRIC_METHOD_NAMES['exact-central-given-answers']!;

/**
 * The K-class detectors of a report: per detector a table of its macro recall (the balanced
 * accuracy of K classes, exact union bound at δ/(2K)) and each class's recall and precision (exact
 * central), rounded outward, with counts and methods. Each holds at δ for its detector on its own:
 * they are not in the two-class detectors' simultaneous family, which the caption says.
 */
export function ClassDetectorsReport({ detectors, delta }: { detectors: readonly ClassDetector[]; delta: number }) {
  const id = useId();
  if (detectors.length === 0) return null;
  return (
    <section className="report__summary" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Detectors with more than two classes</h2>
      {detectors.map((detector) => (
        <ClassDetectorTable key={detector.id} detector={detector} delta={delta} />
      ))}
    </section>
  );
}

function ClassDetectorTable({ detector, delta }: { detector: ClassDetector; delta: number }) {
  const { balanced, classes } = classDetectorIntervals(detector.classes, detector.matrix, delta);
  const level = formatConfidence(delta);
  const correct = classes.reduce((sum, figure) => sum + figure.correct, 0);
  const examples = classes.reduce((sum, figure) => sum + figure.total, 0);
  const rows: [string, string, string, Interval | null, string][] = [
    ['all classes', 'macro recall (balanced accuracy)', `${formatWholeCount(correct)} / ${formatWholeCount(examples)}`, balanced, macroRecallMethod(classes.length)],
    ...classes.flatMap((figure): [string, string, string, Interval | null, string][] => [
      [figure.name, 'recall', `${formatWholeCount(figure.correct)} / ${formatWholeCount(figure.total)}`, figure.recall, CLASS_METHOD],
      [figure.name, 'precision', `${formatWholeCount(figure.correct)} / ${formatWholeCount(figure.answers)}`, figure.precision, PRECISION_METHOD],
    ]),
  ];
  return (
    <>
      <h3>{detector.name}</h3>
      {detector.query && <p>Query: “{detector.query}”</p>}
      {detector.source && <p>Data source: {detector.source}</p>}
      <TableScroll label={`Intervals of ${detector.name}`}>
        <table className="report-table">
          <caption>
            {detector.name}, {classes.length} classes: estimates and exact {level} intervals (δ = {formatFullPrecision(delta)}) rounded outward, each for
            this detector on its own (not part of a simultaneous family).
          </caption>
          <thead>
            <tr>
              <th scope="col">Class</th>
              <th scope="col">Metric</th>
              <th scope="col">Correct / total</th>
              <th scope="col">Estimate</th>
              <th scope="col">{level} interval</th>
              <th scope="col">Method</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([name, metric, counts, interval, method]) => (
              <tr key={`${name}-${metric}`}>
                <th scope="row">{name}</th>
                <td>{metric}</td>
                <td className="report-table__number">{counts}</td>
                <td className="report-table__number">{estimateText(interval)}</td>
                <td className="report-table__number">{intervalText(interval)}</td>
                <td className="report-table__method">{method}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
}
