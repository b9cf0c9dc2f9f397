import { useId, useMemo, useState } from 'react';
import { detectorIdFromName, MAX_CLASS_DETECTORS, type ClassDetector, type EvaluationFilter, type EvaluationMapping } from '../../data/evaluation';
import { classIntervalsToCsv } from '../../data/files';
import { formatConfidence, formatEstimateWithInterval, formatFullPrecision, formatWholeCount } from '../../data/format';
import { MAX_ID_LENGTH, MAX_NAME_LENGTH, MAX_SOURCE_LENGTH, type ClassDetector as WorkspaceClassDetector } from '../../data/detectors';
import { multiclassHref, type WindowChoice } from '../../data/links';
import { useWorkspace } from '../../store/workspace';
import { countsText, macroRecallMethod } from '../../data/methods';
import { macroRecallInterval } from '../../stats';
import { ClassRanking } from './ClassRanking';
import { ImportStatus } from './ImportStatus';
import { ClassSlicesSection, ClassTimeSection } from './ClassSlicesSection';
import { CsvExportButton } from './CsvExportButton';
import { DataProblem } from './DataProblem';
import { GroupTable } from './GroupTable';
import type { ClassResult } from './use-class-reading';

/** The one detector's name when the file has no detector column. */
const ALL_ROWS = 'All rows';

/**
 * A true-label column with 3 to MAX_CLASSES values (issue 31): each detector read as one K-class
 * detector — its confusion matrix from one GROUP BY in DuckDB (read by useClassReading), its macro
 * recall (the balanced accuracy of K classes) with the exact union-bound interval, and a link that
 * opens it in the multi-class view; the import takes them into the workspace. Shown only when the
 * file's labels are classes; rows that cannot be placed are counted and named.
 */
export function ClassesSection(props: {
  result: ClassResult;
  mapping: EvaluationMapping;
  filters: readonly EvaluationFilter[];
  delta: number;
  fileName: string;
  /** The slice column and time window chosen for the two-class slices and time table, shared (kept in the view's link). */
  sliceColumn: string | undefined;
  onSliceColumn: (column: string) => void;
  windowChoice: WindowChoice;
  onWindowChoice: (choice: WindowChoice) => void;
}) {
  const { result, mapping, filters, delta, fileName, sliceColumn, onSliceColumn, windowChoice, onWindowChoice } = props;
  const id = useId();
  if (result.problem) return <DataProblem>{result.problem}</DataProblem>;
  const reading = result.reading;
  if (reading === null || reading.kind !== 'classes') return null;
  const size = reading.labels.length;
  // Slices and time windows of the detectors with every class (the others have no macro recall anywhere).
  const complete = reading.detectors.some((detector) => detector.missing.length === 0);
  const groups = { reading, columns: { truth: mapping.truth, prediction: mapping.prediction, detector: mapping.detector }, filters, delta };
  return (
    <section aria-labelledby={`${id}-title`} className="data-classes">
      <h2 id={`${id}-title`}>
        {size} classes: {reading.labels.join(', ')}
      </h2>
      <p className="data-note">
        The true-label column ({mapping.truth}) has {size} values, so each detector is also read as one {size}-class detector, its answers
        from {mapping.prediction}: the confusion matrix (rows = true class, columns = answer), and the balanced accuracy of {size} classes — the
        mean of the class recalls (macro recall) — with its exact interval. Labels and answers are compared trimmed and lower-case. Each
        opens in the multi-class view, whose link keeps it; the import below lists them in the workspace beside the two-class detectors.
      </p>
      {reading.leftOut.length > 0 && <p className="data-note">Rows left out of the classes (the first reason that applies):</p>}
      {reading.leftOut.length > 0 && (
        <ul aria-label="Left out of the classes" className="data-note">
          {reading.leftOut.map(({ problem, rows }) => (
            <li key={problem}>
              {formatWholeCount(rows)} {rows === 1 ? 'row' : 'rows'}: {problem}
            </li>
          ))}
        </ul>
      )}
      {reading.detectors.map((detector) => (
        <ClassDetectorResult key={detector.detector} detector={detector} labels={reading.labels} delta={delta} named={mapping.detector !== null} />
      ))}
      <ClassRanking detectors={reading.detectors} labels={reading.labels} delta={delta} />
      {complete && mapping.slices.length > 0 && <ClassSlicesSection {...groups} slices={mapping.slices} column={sliceColumn} onColumn={onSliceColumn} />}
      {complete && mapping.timestamp !== null && <ClassTimeSection {...groups} timestamp={mapping.timestamp} choice={windowChoice} onChoice={onWindowChoice} />}
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
      <ClassImport detectors={reading.detectors} labels={reading.labels} named={mapping.detector !== null} source={`${fileName}, ${size} classes of ${mapping.truth} answered in ${mapping.prediction}`} />
      {reading.moreDetectors > 0 && (
        <p className="data-note">
          {formatWholeCount(reading.moreDetectors)} more detector{reading.moreDetectors === 1 ? '' : 's'} not shown: only the first {MAX_CLASS_DETECTORS} (by name) are read as
          classes; a filter on the detector column picks others.
        </p>
      )}
    </section>
  );
}

/** Suffix of an imported K-class detector's id: its two-class counts from the same file keep the plain slug. */
const CLASS_ID_SUFFIX = '-classes';

/**
 * "Import into the workspace" for the K-class readings that have a macro recall (every class has
 * examples): ids stable per detector name, so importing the file again updates them; undoable.
 */
function ClassImport({ detectors, labels, named, source }: { detectors: readonly ClassDetector[]; labels: string[]; named: boolean; source: string }) {
  const importDetectors = useWorkspace((state) => state.importDetectors);
  const [imported, setImported] = useState('');
  const complete = detectors.filter((detector) => detector.missing.length === 0);
  const importClasses = () => {
    const importedOn = new Date().toLocaleDateString('en-CA');
    const classDetectors: WorkspaceClassDetector[] = complete.map(({ detector, matrix }) => {
      const name = named ? detector : ALL_ROWS;
      return {
        id: `${detectorIdFromName(name).slice(0, MAX_ID_LENGTH - CLASS_ID_SUFFIX.length)}${CLASS_ID_SUFFIX}`,
        name: name.length > MAX_NAME_LENGTH ? `${name.slice(0, MAX_NAME_LENGTH - 1)}…` : name,
        query: '',
        classes: labels,
        matrix,
        source: `${source}, imported ${importedOn}`.slice(0, MAX_SOURCE_LENGTH),
      };
    });
    const description = `Imported ${formatWholeCount(classDetectors.length)} detector${classDetectors.length === 1 ? '' : 's'} of ${labels.length} classes.`;
    try {
      const plan = importDetectors({ detectors: [], classDetectors }, 'add', 'update', description);
      setImported(plan.refused ?? description);
    } catch (error) {
      setImported(`Nothing was imported: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  if (complete.length === 0) return null;
  return (
    <div className="data-import">
      <button type="button" onClick={importClasses}>
        Import {formatWholeCount(complete.length)} {labels.length}-class detector{complete.length === 1 ? '' : 's'} into the workspace
      </button>
      <ImportStatus message={imported} onMessage={setImported} />
    </div>
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
              <td key={labels[j]}>{formatWholeCount(value)}</td>
            ))}
            <td>{formatWholeCount(counts.reduce((sum, value) => sum + value, 0))}</td>
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
