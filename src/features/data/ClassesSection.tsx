import { useId, useMemo } from 'react';
import { detectorIdFromName, MAX_CLASS_DETECTORS, type ClassDetector, type EvaluationMapping } from '../../data/evaluation';
import { classIntervalsToCsv } from '../../data/files';
import { formatConfidence, formatEstimateWithInterval, formatFullPrecision } from '../../data/format';
import { multiclassHref } from '../../data/links';
import { countsText, macroRecallMethod } from '../../data/methods';
import { macroRecallInterval } from '../../stats';
import { ClassRanking } from './ClassRanking';
import { CsvExportButton } from './CsvExportButton';
import { DataProblem } from './DataProblem';
import { GroupTable } from './GroupTable';
import type { ClassResult } from './use-class-reading';

const count = (value: number) => value.toLocaleString('en-US');
/** The one detector's name when the file has no detector column. */
const ALL_ROWS = 'All rows';

/**
 * A true-label column with 3 to MAX_CLASSES values (issue 31): each detector read as one K-class
 * detector — its confusion matrix from one GROUP BY in DuckDB (read by useClassReading), its macro
 * recall (the balanced accuracy of K classes) with the exact union-bound interval, and a link that
 * opens it in the multi-class view. Shown only when the file's labels are classes; rows that cannot be
 * placed are counted and named.
 */
export function ClassesSection({ result, mapping, delta }: { result: ClassResult; mapping: EvaluationMapping; delta: number }) {
  const id = useId();
  if (result.problem) return <DataProblem>{result.problem}</DataProblem>;
  const reading = result.reading;
  if (reading === null || reading.kind !== 'classes') return null;
  const size = reading.labels.length;
  return (
    <section aria-labelledby={`${id}-title`} className="data-classes">
      <h2 id={`${id}-title`}>
        {size} classes: {reading.labels.join(', ')}
      </h2>
      <p className="data-note">
        The true-label column ({mapping.truth}) has {size} values, so each detector is also read as one {size}-class detector, its answers
        from {mapping.prediction}: the confusion matrix (rows = true class, columns = answer), and the balanced accuracy of {size} classes — the
        mean of the class recalls (macro recall) — with its exact interval. Labels and answers are compared trimmed and lower-case. The
        workspace holds two-class detectors only, so these are not imported: each opens in the multi-class view, whose link keeps it.
      </p>
      {reading.leftOut.length > 0 && <p className="data-note">Rows left out of the classes (the first reason that applies):</p>}
      {reading.leftOut.length > 0 && (
        <ul aria-label="Left out of the classes" className="data-note">
          {reading.leftOut.map(({ problem, rows }) => (
            <li key={problem}>
              {count(rows)} {rows === 1 ? 'row' : 'rows'}: {problem}
            </li>
          ))}
        </ul>
      )}
      {reading.detectors.map((detector) => (
        <ClassDetectorResult key={detector.detector} detector={detector} labels={reading.labels} delta={delta} named={mapping.detector !== null} />
      ))}
      <ClassRanking detectors={reading.detectors} labels={reading.labels} delta={delta} />
      <CsvExportButton
        fileName={`classes-intervals-delta-${formatFullPrecision(delta)}.csv`}
        csv={() =>
          classIntervalsToCsv(
            reading.detectors.map(({ detector, matrix }) => {
              const name = mapping.detector === null ? ALL_ROWS : detector;
              return { id: detectorIdFromName(name), name, classes: reading.labels, matrix };
            }),
            delta,
          )
        }
      >
        Export intervals (CSV)
      </CsvExportButton>
      {reading.moreDetectors > 0 && (
        <p className="data-note">
          {count(reading.moreDetectors)} more detector{reading.moreDetectors === 1 ? '' : 's'} not shown: only the first {MAX_CLASS_DETECTORS} (by name) are read as
          classes; a filter on the detector column picks others.
        </p>
      )}
    </section>
  );
}

/** One detector's matrix, its macro recall with method, δ and counts, and the link to the multi-class view. */
function ClassDetectorResult({ detector, labels, delta, named }: { detector: ClassDetector; labels: string[]; delta: number; named: boolean }) {
  const { matrix, missing } = detector;
  const macro = useMemo(() => (missing.length === 0 ? macroRecallInterval(matrix, delta) : null), [matrix, missing, delta]);
  const name = named ? detector.detector : ALL_ROWS;
  const size = labels.length;
  const rows = labels.map((label, i) => ({ group: label, counts: matrix[i]! }));
  return (
    <div className="data-class-detector">
      <GroupTable
        label={`Confusion matrix of ${name}`}
        caption={`${name}: true class (rows) by answer (columns)`}
        columns={['True class', ...labels, 'Examples']}
        rows={rows}
        cells={({ counts }) => (
          <>
            {counts.map((value, j) => (
              <td key={labels[j]}>{count(value)}</td>
            ))}
            <td>{count(counts.reduce((sum, value) => sum + value, 0))}</td>
          </>
        )}
      />
      {macro ? (
        <p>
          Balanced accuracy (macro recall) of {name}: {formatEstimateWithInterval(macro)} — {formatConfidence(delta)} interval,{' '}
          {macroRecallMethod(size)}, δ = {formatFullPrecision(delta)}; class recalls {macro.classes.map((item, i) => `${labels[i]} ${countsText(item)}`).join(', ')}.{' '}
          <a href={multiclassHref({ classes: labels, matrix: matrix.map((row) => [...row]), delta })}>Open {name} in the multi-class view</a>
        </p>
      ) : (
        <p className="data-note">
          {name} has no examples of {missing.map((label) => `“${label}”`).join(', ')}: a class without examples has no recall, so there is no
          macro recall for it.
        </p>
      )}
    </div>
  );
}
