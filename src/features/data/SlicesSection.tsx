import { useCallback, useId, useMemo } from 'react';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { sliceCounts } from '../../data/evaluation/browser';
import { type GroupCounts, type SliceRow, sliceTable, type SliceTable, sliceTableCsv, UNDERPOWERED_WIDTH } from '../../data/evaluation';
import type { BalancedMethod } from '../../data/methods';
import { balancedMethodName, ChosenProgress, withChosen, type WithChosen } from './chosen-rows';
import { useChosenBalanced, type ChosenBalanced } from './use-chosen-balanced';
import { formatConfidence, formatEstimateWithInterval, formatWholeCount } from '../../data/format';
import { countsHref } from '../../data/links';
import type { Interval } from '../../stats';
import type { Counted } from './types';
import { NameSelect } from './NameSelect';
import { useDetectorChoice } from './use-detector-choice';
import { useEngineResult } from './use-engine-result';
import { DataProblem } from './DataProblem';
import { GroupTable, MISSING } from './GroupTable';
import { CsvExportButton } from './CsvExportButton';
import { type DetectionMetricKey, LIST_METRIC_NAMES } from '../../data/detectors';
import { MetricCell, metricColumnCaption, type MetricColumnChoice, MetricColumnSelect } from './MetricColumn';

/** This section's key for the detector choice kept above it. */
const SECTION = 'slices';

function IntervalCell({ interval }: { interval: Interval | null }) {
  if (!interval) return <span className="muted">no labels</span>;
  return (
    <>
      {formatEstimateWithInterval(interval)}
    </>
  );
}

/**
 * The slice table with the workspace's balanced interval in place of the union bound's (at the same
 * δ/m), sorted by its lower bound, worst first, once every interval is in (until then in the union
 * bound's order, so that rows do not jump as results arrive); slices with an empty class last.
 */
export function chosenSliceTable(table: SliceTable, chosen: ChosenBalanced): Omit<SliceTable, 'rows'> & { rows: WithChosen<SliceRow>[] } {
  const rows = withChosen(table.rows, chosen);
  if (chosen.pending === 0) {
    rows.sort((a, b) => (a.balanced?.lower ?? Infinity) - (b.balanced?.lower ?? Infinity) || String(a.group).localeCompare(String(b.group)));
  }
  return { ...table, rows };
}

/** One detector's balanced and per-class accuracy per value of a slice column, Bonferroni-corrected. */
export function SlicesSection({
  counted,
  delta,
  column,
  onColumn,
  method,
  metric: chosenMetric,
  onMetric,
}: {
  counted: Counted;
  delta: number;
  /** The chosen slice column (kept in the view's link); the first slice column when unset or gone. */
  column: string | undefined;
  onColumn: (column: string) => void;
  /** The workspace's balanced interval. */
  method: BalancedMethod;
  /** The extra metric column (kept in the view's link, shared with the counts); none when undefined. */
  metric: DetectionMetricKey | undefined;
  onMetric: (metric: DetectionMetricKey | undefined) => void;
}) {
  const id = useId();
  const { mapping, filters, threshold, counts } = counted;
  const { detectors, shownDetector, setDetector } = useDetectorChoice(counts, SECTION);
  const shownColumn = column !== undefined && mapping.slices.includes(column) ? column : (mapping.slices[0] ?? '');
  const key = `${shownColumn}\u0000${shownDetector}`;

  const load = useCallback(
    (): Promise<GroupCounts[]> => sliceCounts(mapping, shownColumn, filters, shownDetector, threshold),
    [mapping, filters, threshold, shownColumn, shownDetector],
  );
  const [groups, problem] = useEngineResult(key, shownColumn === '' ? null : load, 'The slices could not be counted');
  const unionTable = useMemo(() => (groups ? sliceTable(groups, delta) : null), [groups, delta]);
  const needs = useMemo(() => unionTable?.rows.map(({ yes, no }) => ({ yes, no, delta: unionTable.sliceDelta })) ?? [], [unionTable]);
  const chosen = useChosenBalanced(method, needs);
  const table = useMemo(() => (unionTable ? chosenSliceTable(unionTable, chosen) : null), [unionTable, chosen]);
  const metric: MetricColumnChoice = chosenMetric ?? 'none';
  const setMetric = (choice: MetricColumnChoice) => onMetric(choice === 'none' ? undefined : choice);

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Slices</h2>
      <div className="data-fields">
            <NameSelect label="Slice by" names={mapping.slices} value={shownColumn} onChange={onColumn} />
        {mapping.detector !== null && (
            <NameSelect label="Detector to slice" names={detectors} value={shownDetector} onChange={setDetector} />
        )}
        <MetricColumnSelect value={metric} onChange={setMetric} />
      </div>
      {problem && <DataProblem>{problem}</DataProblem>}
      {table && (
        <>
          <ChosenProgress method={method} chosen={chosen} what="the slices" />
          <p className="data-note">
            {table.family} slice{table.family === 1 ? '' : 's'} with labels, so each interval is at δ/{table.family} ={' '}
            {Number(table.sliceDelta.toPrecision(4))} (Bonferroni): by the union bound all the balanced intervals hold together
            with probability ≥ {formatConfidence(delta)}, whatever the dependence between slices — and likewise the should-be-YES and the
            should-be-NO intervals. Sorted by the balanced lower bound, worst first{chosen.pending > 0 ? ' (once every interval is in)' : ''}. <strong>Underpowered</strong>: a class whose exact
            interval at δ/{table.family} is wider than {UNDERPOWERED_WIDTH * 100} percentage points (or has no labels).
          </p>
          <GroupTable
            label={`Slices by ${shownColumn}`}
            caption={
              <>
                {shownDetector} by {shownColumn}: balanced accuracy ({balancedMethodName(method)}) and per-class accuracy (exact central,
                Clopper–Pearson), each at δ/{table.family}
                {metric !== 'none' && `; ${metricColumnCaption(metric)}, at δ/${table.family} too (Bonferroni over the slices)`}
              </>
            }
            columns={[shownColumn, 'Balanced accuracy', 'Should-be-YES', 'Should-be-NO', ...(metric === 'none' ? [] : [LIST_METRIC_NAMES[metric]]), 'Flag', 'Open']}
            rows={table.rows}
            cells={(row) => (
              <>
                <td>
                  {row.balanced ? (
                    <IntervalCell interval={row.balanced} />
                  ) : row.computing ? (
                    <span className="muted">computing…</span>
                  ) : (
                    <span className="muted">no interval: a class has no labels</span>
                  )}
                </td>
                <td>
                  {formatWholeCount(row.yes.correct)}/{formatWholeCount(row.yes.total)} <IntervalCell interval={row.yesInterval} />
                </td>
                <td>
                  {formatWholeCount(row.no.correct)}/{formatWholeCount(row.no.total)} <IntervalCell interval={row.noInterval} />
                </td>
                {metric !== 'none' && <MetricCell counts={row} metric={metric} delta={table.sliceDelta} />}
                <td>{row.thinClasses.length > 0 ? `underpowered (${row.thinClasses.map((cls) => `should-be-${cls.toUpperCase()}`).join(', ')})` : ''}</td>
                <td>
                  {row.yes.total > 0 && row.no.total > 0 && (
                    <a href={countsHref(row.yes, row.no, table.sliceDelta, method)}>
                      as a detector<VisuallyHidden> ({row.group ?? MISSING})</VisuallyHidden>
                    </a>
                  )}
                </td>
              </>
            )}
          />
          <CsvExportButton fileName={`slices-${shownColumn}.csv`} csv={() => sliceTableCsv(shownColumn, table, delta, method)} disabled={chosen.pending > 0}>
            Export slices (CSV)
          </CsvExportButton>
        </>
      )}
    </section>
  );
}
