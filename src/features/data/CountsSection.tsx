import { useCallback, useId, useMemo, useState } from 'react';
import { TableScroll } from '../../components/TableScroll';
import { type DetectionMetricKey, LIST_METRIC_NAMES, MAX_NAME_LENGTH, MAX_SOURCE_LENGTH, type Detector } from '../../data/detectors';
import { countsTableCsv, type CountsTableRow, detectorIdFromName, type GroupCounts, type OpenedEvaluation, type RowProblem } from '../../data/evaluation';
import { formatConfidence, formatEstimateWithInterval, formatWholeCount } from '../../data/format';
import type { ExistingIdPolicy } from '../../data/files';
import { balancedInterval } from '../../stats';
import { datasetsStore } from '../../store/datasets';
import { useWorkspace } from '../../store/workspace';
import type { Counted } from './types';
import { MAX_LISTED_DETECTORS } from './NameSelect';
import { CsvExportButton } from './CsvExportButton';
import { ColumnHeads } from '../../components/ColumnHeads';
import { MetricCell, metricColumnCaption, type MetricColumnChoice, MetricColumnSelect } from './MetricColumn';
import { ImportStatus } from './ImportStatus';


/**
 * Where a row number points in the file: a line of a CSV or TSV (one further down with a header
 * row), or a row of Parquet and JSON Lines (blank and unreadable lines are not rows).
 */
function rowPlaces(opened: OpenedEvaluation, rows: readonly number[]): string {
  if (opened.format === 'parquet' || opened.format === 'jsonl') return `row${rows.length === 1 ? '' : 's'} ${rows.join(', ')}`;
  const offset = opened.headerLine ? 1 : 0;
  return `line${rows.length === 1 ? '' : 's'} ${rows.map((row) => row + offset).join(', ')}`;
}

function problemText(opened: OpenedEvaluation, problem: RowProblem): string {
  return `${formatWholeCount(problem.rows)} row${problem.rows === 1 ? '' : 's'}: ${problem.reason} (e.g. ${rowPlaces(opened, problem.examples)})`;
}

/** The file's name without extensions, the detector's name when the file has no detector column. */
const fileStem = (fileName: string) => fileName.replace(/(\.(csv|tsv|tab|txt|jsonl|ndjson|json|parquet|gz))+$/i, '') || fileName;

/** Unusable rows by reason, the per-detector counts with their balanced intervals, and the import. */
export function CountsSection(props: {
  opened: OpenedEvaluation;
  counted: Counted;
  delta: number;
  /** The extra metric column (kept in the view's link, shared with the slices); none when undefined. */
  metric: DetectionMetricKey | undefined;
  onMetric: (metric: DetectionMetricKey | undefined) => void;
}) {
  const { opened, counted, delta, onMetric } = props;
  const id = useId();
  const metric: MetricColumnChoice = props.metric ?? 'none';
  const setMetric = (choice: MetricColumnChoice) => onMetric(choice === 'none' ? undefined : choice);
  const { prepared, counts, mapping, filters, threshold } = counted;

  const tableRows = useCallback(
    (groups: readonly GroupCounts[]): CountsTableRow[] =>
      groups.map((group) => ({
        detector: mapping.detector === null ? fileStem(opened.fileName) : (group.group ?? ''),
        yes: group.yes,
        no: group.no,
        balanced: group.yes.total > 0 && group.no.total > 0 ? balancedInterval(group, delta) : null,
      })),
    [mapping.detector, opened.fileName, delta],
  );
  // A column with a value per row (a question text, an image id) taken for the detector column would
  // make a table of 100,000 rows: the page shows the first MAX_LISTED_DETECTORS; the export has all.
  const shownRows = useMemo(() => tableRows(counts.slice(0, MAX_LISTED_DETECTORS)), [tableRows, counts]);
  const listedAll = counts.length <= MAX_LISTED_DETECTORS;

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Counts</h2>
      <p>
        {formatWholeCount(prepared.usableRows)} of {formatWholeCount(opened.rows)} rows counted
        {threshold === null ? '' : `, YES when score ≥ ${threshold}`}
        {filters.length > 0 && `; the counts below keep only rows where ${filters.map((filter) => `${filter.column} ${filter.operator === '=' ? '=' : '≠'} “${filter.value}”`).join(' and ')}`}.
      </p>
      {prepared.problems.length > 0 && (
        <div className="data-problems">
          <p>Rows not counted, by reason (the first reason that applies):</p>
          <ul>
            {prepared.problems.map((problem) => (
              <li key={problem.reason}>{problemText(opened, problem)}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="data-fields">
        <MetricColumnSelect value={metric} onChange={setMetric} />
      </div>
      <CountsTable rows={shownRows} delta={delta} metric={metric} />
      {!listedAll && (
        <p className="data-problem" role="note">
          The detector column “{mapping.detector}” has {formatWholeCount(counts.length)} different values, so only the first{' '}
          {formatWholeCount(MAX_LISTED_DETECTORS)} detectors are listed here (the CSV export has all of them). Is “{mapping.detector}” really
          the detector? A value per example (a question’s text, an image id) is not: choose another column, or “(none: one detector)”.
        </p>
      )}
      <CsvExportButton fileName={`${fileStem(opened.fileName)}-counts.csv`} csv={() => countsTableCsv(tableRows(counts), delta)}>
        Export counts (CSV)
      </CsvExportButton>
      <CountsImport opened={opened} counted={counted} allRows={() => tableRows(counts)} />
    </section>
  );
}

/** The per-detector counts and balanced intervals, with the extra metric column when one is chosen. */
function CountsTable({ rows, delta, metric }: { rows: CountsTableRow[]; delta: number; metric: MetricColumnChoice }) {
  return (
    <TableScroll label="Counts per detector">
      <table className="data-table">
        <caption>
          Per detector: should-be-YES and should-be-NO counts (correct/total) and balanced accuracy with its exact{' '}
          {formatConfidence(delta)} interval (union bound, δ = {delta}, each detector on its own)
          {metric !== 'none' && `; ${metricColumnCaption(metric)}, at the same δ`}
        </caption>
        <ColumnHeads names={['Detector', 'Should-be-YES', 'Should-be-NO', 'Balanced accuracy', ...(metric === 'none' ? [] : [LIST_METRIC_NAMES[metric]])]} />
        <tbody>
          {rows.map((row) => (
            <tr key={row.detector}>
              <th scope="row">{row.detector}</th>
              <td>
                {formatWholeCount(row.yes.correct)}/{formatWholeCount(row.yes.total)}
              </td>
              <td>
                {formatWholeCount(row.no.correct)}/{formatWholeCount(row.no.total)}
              </td>
              <td>{row.balanced ? <>{formatEstimateWithInterval(row.balanced)}</> : <span className="muted">no interval: a class has no labels</span>}</td>
              {metric !== 'none' && <MetricCell counts={row} metric={metric} delta={delta} />}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** The import of every counted detector into the workspace (with where the counts came from), and its undo. */
function CountsImport({ opened, counted, allRows }: { opened: OpenedEvaluation; counted: Counted; allRows: () => CountsTableRow[] }) {
  const id = useId();
  const importDetectors = useWorkspace((state) => state.importDetectors);
  const [onExisting, setOnExisting] = useState<ExistingIdPolicy>('update');
  const [imported, setImported] = useState('');
  const { prepared, counts, mapping, filters, threshold } = counted;

  function importCounts() {
    const filterText = filters.map((filter) => `${filter.column} ${filter.operator === '=' ? '=' : '≠'} ${filter.value}`).join(', ');
    const importedOn = new Date().toLocaleDateString('en-CA');
    const source = `${opened.fileName}, ${formatWholeCount(prepared.usableRows)} usable of ${formatWholeCount(opened.rows)} rows${filterText ? `, where ${filterText}` : ''}${threshold === null ? '' : `, YES when score ≥ ${threshold}`}, imported ${importedOn}`;
    // The question a detector answers is the user's: an update keeps it, and the file goes in `source`.
    const questions = new Map(useWorkspace.getState().detectors.map((detector) => [detector.id, detector.query]));
    const detectors: Detector[] = allRows().map((row) => {
      const detectorId = detectorIdFromName(row.detector);
      return {
        id: detectorId,
        // A name longer than a detector's may be is shortened (its id still comes from the whole value).
        name: row.detector.length > MAX_NAME_LENGTH ? `${row.detector.slice(0, MAX_NAME_LENGTH - 1)}…` : row.detector,
        query: questions.get(detectorId) ?? '',
        yes: row.yes,
        no: row.no,
        source: source.slice(0, MAX_SOURCE_LENGTH),
      };
    });
    try {
      const plan = importDetectors(detectors, 'add', onExisting, `Imported counts of ${formatWholeCount(detectors.length)} detector${detectors.length === 1 ? '' : 's'} from ${opened.fileName}.`);
      if (plan.refused !== null) {
        setImported(plan.refused);
        return;
      }
      // The detectors are in: a source that cannot be remembered must not make the import look undone.
      let sourceNote = '';
      try {
        datasetsStore.getState().remember({
          id: opened.fileName,
          fileName: opened.fileName,
          format: opened.format,
          bytes: opened.bytes,
          rows: opened.rows,
          usableRows: prepared.usableRows,
          problems: prepared.problems.map(({ reason, rows: problemRows }) => ({ reason, rows: problemRows })),
          mapping,
          filters,
          threshold,
          importedAt: new Date().toISOString(),
          counts: detectors.map((detector) => ({ detectorId: detector.id, name: detector.name, yes: detector.yes, no: detector.no })),
        });
      } catch (error) {
        sourceNote = ` Where they came from could not be remembered (${error instanceof Error ? error.message : String(error)}).`;
      }
      const kinds = { add: 'added', 'add-renamed': 'added', update: 'updated', skip: 'skipped', unchanged: 'already in the workspace' } as const;
      const tally = new Map<string, number>();
      for (const action of plan.actions) tally.set(kinds[action.kind], (tally.get(kinds[action.kind]) ?? 0) + 1);
      setImported(`Imported into the workspace: ${[...tally].map(([kind, n]) => `${n} ${kind}`).join(', ')}.${sourceNote}`);
    } catch (error) {
      setImported(`Nothing was imported: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  return (
    <fieldset className="data-import">
      <legend>Import into the workspace</legend>
      <label htmlFor={`${id}-existing`}>Detectors already in the workspace</label>{' '}
      <select id={`${id}-existing`} value={onExisting} onChange={(event) => setOnExisting(event.target.value as ExistingIdPolicy)}>
        <option value="update">update their counts</option>
        <option value="add-new">add as new detectors</option>
        <option value="skip">skip</option>
      </select>{' '}
      <button type="button" onClick={importCounts} disabled={counts.length === 0}>
        Import {formatWholeCount(counts.length)} detector{counts.length === 1 ? '' : 's'}
      </button>
      <p className="muted">
        The workspace keeps each detector’s counts, and tailbound remembers where they came from (file name, rows, column
        roles, label values, threshold, date) — in this browser only. The file itself is not kept: after a reload, open it again to
        slice it.
      </p>
      <ImportStatus message={imported} onMessage={setImported} />
    </fieldset>
  );
}
