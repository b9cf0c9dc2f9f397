import { memo, type RefObject, useCallback, useEffect, useMemo, useState } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, XAxis, YAxis } from 'recharts';
import { ChartDownloads } from '../../components/ChartDownloads';
import { categoryTickInterval, niceTicks, percentTickFormatter } from '../../components/axis-ticks';
import { useProgressiveCount } from '../../components/use-progressive-count';
import { TableScroll } from '../../components/TableScroll';
import { timeCounts, timeSpan } from '../../data/evaluation/browser';
import type { WindowChoice } from '../../data/links';
import {
  autoTimeWindow,
  type ClassLine,
  type GroupCounts,
  TIME_WINDOWS,
  type TimeRow,
  timeTable,
  type TimeTable,
  timeTableCsv,
  type TimeWindow,
} from '../../data/evaluation';
import type { BalancedMethod } from '../../data/methods';
import { balancedMethodName, ChosenProgress, withChosen, type WithChosen } from './chosen-rows';
import { useChosenBalanced, type ChosenBalanced } from './use-chosen-balanced';
import { formatConfidence, formatEstimateWithInterval, formatPercent, formatWholeCount } from '../../data/format';
import { balancedInterval, type Interval } from '../../stats';
import type { Counted } from './types';
import { ChartBox, DATA_CHART_MARGIN, DATA_CHART_Y_AXIS_WIDTH, dataChartPlotWidth } from './ChartBox';
import { NameSelect } from './NameSelect';
import { useChartSection } from './use-detector-choice';
import { useEngineResult } from './use-engine-result';
import { DataProblem } from './DataProblem';
import { SelectOptions } from '../../components/SelectOptions';
import { CsvExportButton } from './CsvExportButton';
import { CumulativeView, DEFAULT_TARGET } from './CumulativeView';
import { ColumnHeads } from '../../components/ColumnHeads';

/** This section's key for the detector choice kept above it. */
const SECTION = 'time';
const HEIGHT = 300;

/**
 * One detector's balanced accuracy per day, week or month, simultaneous across the windows
 * (Bonferroni); on request also each class's accuracy, each line simultaneous over its windows.
 */
export function TimeSection({
  counted,
  timestampColumn,
  delta,
  choice,
  onChoice,
  perClass,
  onPerClass,
  cumulative,
  onCumulative,
  method,
}: {
  counted: Counted;
  timestampColumn: string;
  delta: number;
  choice: WindowChoice;
  onChoice: (choice: WindowChoice) => void;
  perClass: boolean;
  onPerClass: (perClass: boolean) => void;
  /** The cumulative view's target for the lower bound; null: the per-window view. */
  cumulative: number | null;
  onCumulative: (target: number | null) => void;
  /** The workspace's balanced interval. */
  method: BalancedMethod;
}) {
  const { id, chartRef, mapping, filters, threshold, counts, detectors, shownDetector, setDetector } = useChartSection(counted, SECTION);
  const [span, setSpan] = useState<number | null | undefined>(undefined);
  const window: TimeWindow | null = choice !== 'auto' ? choice : span === undefined || span === null ? null : autoTimeWindow(span);
  const key = `${shownDetector}\u0000${window}`;

  useEffect(() => {
    let current = true;
    timeSpan()
      .then((seconds) => current && setSpan(seconds))
      .catch(() => current && setSpan(null));
    return () => {
      current = false;
    };
  }, [counted]);

  const load = useCallback(
    (): Promise<GroupCounts[]> => timeCounts(mapping, filters, shownDetector, threshold, window!),
    [mapping, filters, threshold, shownDetector, window],
  );
  const [groups, problem] = useEngineResult(key, window === null ? null : load, 'The time windows could not be counted');

  const overallCounts = counts.find((group) => (group.group ?? '') === shownDetector);
  const overall = overallCounts && overallCounts.yes.total > 0 && overallCounts.no.total > 0 ? balancedInterval(overallCounts, delta).estimate : null;
  const unionTable = useMemo(() => (groups ? timeTable(groups, delta, overall) : null), [groups, delta, overall]);
  // The per-window intervals only while that view is shown (the cumulative view builds its own band).
  const needs = useMemo(
    () => (cumulative === null ? unionTable?.rows.map(({ yes, no }) => ({ yes, no, delta: unionTable.sliceDelta })) : undefined) ?? [],
    [unionTable, cumulative],
  );
  const chosen = useChosenBalanced(method, needs);
  const table = useMemo(() => (unionTable ? chosenTimeTable(unionTable, chosen, overall) : null), [unionTable, chosen, overall]);
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Over time</h2>
      <div className="data-fields">
        {mapping.detector !== null && (
            <NameSelect label="Detector over time" names={detectors} value={shownDetector} onChange={setDetector} />
        )}
        <div className="data-field">
          <label htmlFor={`${id}-window`}>Window</label>
          <select id={`${id}-window`} value={choice} onChange={(event) => onChoice(event.target.value as WindowChoice)}>
            <option value="auto">automatic{span ? ` (${autoTimeWindow(span)})` : ''}</option>
            <SelectOptions values={TIME_WINDOWS} />
          </select>
        </div>
        <div className="data-field">
          <label htmlFor={`${id}-view`}>View</label>
          <select id={`${id}-view`} value={cumulative === null ? 'windows' : 'cumulative'} onChange={(event) => onCumulative(event.target.value === 'cumulative' ? DEFAULT_TARGET : null)}>
            <option value="windows">per window (Bonferroni)</option>
            <option value="cumulative">cumulative (as labels arrived)</option>
          </select>
        </div>
        {cumulative === null && (
          <label className="data-check">
            <input type="checkbox" checked={perClass} onChange={(event) => onPerClass(event.target.checked)} /> Per-class lines (should-be-YES and
            should-be-NO accuracy)
          </label>
        )}
      </div>
      {span === null && <p>No usable row has a timestamp that reads as a date and time in “{timestampColumn}”.</p>}
      {problem && <DataProblem>{problem}</DataProblem>}
      {cumulative !== null && groups && (
        <CumulativeView
          windows={groups}
          target={cumulative}
          onTarget={onCumulative}
          delta={delta}
          detector={shownDetector}
          window={window}
          chartRef={chartRef}
          chart={(points, bandTitle, target) => <TimeWindowsChart chartRef={chartRef} rows={points} title={bandTitle} overall={target} perClass={false} />}
        />
      )}
      {cumulative === null && table && <PerWindowView {...{ table, chosen, method, delta, overall, perClass, window, chartRef }} detector={shownDetector} />}
    </section>
  );
}

/** The per-window view: each window's balanced interval at δ/m (Bonferroni), chart, downloads, table and CSV. */
function PerWindowView(props: {
  table: ChosenTimeTable;
  chosen: ChosenBalanced;
  method: BalancedMethod;
  delta: number;
  overall: number | null;
  perClass: boolean;
  window: TimeWindow | null;
  detector: string;
  chartRef: RefObject<HTMLDivElement | null>;
}) {
  const { table, chosen, method, delta, overall, perClass, window, detector, chartRef } = props;
  const rows = useMemo(() => timeChartRows(table), [table]);
  const title = `${detector}: balanced accuracy per ${window ?? 'window'}`;
  const caption = `Balanced intervals (${balancedMethodName(method)}) at δ/${table.family} = ${Number(table.sliceDelta.toPrecision(4))} each (Bonferroni over ${table.family} windows, simultaneous at ${formatConfidence(delta)}); overall estimate ${overall === null ? 'none' : formatPercent(overall)}.${
    perClass ? ` ${classLineText(table, delta)}` : ''
  }`;

  return (
    <>
      <ChosenProgress method={method} chosen={chosen} what="the windows" />
      <p className="data-note">
        {table.family} {window} window{table.family === 1 ? '' : 's'} with both classes, each interval at δ/{table.family} (Bonferroni), so all
        hold together with probability ≥ {formatConfidence(delta)}. <strong>Differs</strong> marks a window whose interval excludes the
        detector’s overall balanced accuracy ({overall === null ? 'none' : formatPercent(overall)}).
        {perClass && <> {classLineText(table, delta)}</>}
      </p>
      <TimeWindowsChart {...{ chartRef, rows, title, overall, perClass }} />
      <ChartDownloads source={chartRef} title={title} caption={caption} />
      <TimeWindowsTable table={table} detector={detector} window={window} method={method} perClass={perClass} />
      <CsvExportButton fileName={`time-${window}.csv`} csv={() => timeTableCsv(window ?? 'window', table, delta, method)} disabled={chosen.pending > 0}>
        Export time windows (CSV)
      </CsvExportButton>
    </>
  );
}

/** Each window's point on the chart. */
function timeChartRows(table: ChosenTimeTable): TimeChartRow[] {
  return table.rows.map((row) => ({
    window: row.group ?? '',
    lower: row.balanced?.lower,
    estimate: row.balanced?.estimate,
    upper: row.balanced?.upper,
    yesLower: row.yesLine?.lower,
    yes: row.yesLine?.estimate,
    yesUpper: row.yesLine?.upper,
    noLower: row.noLine?.lower,
    no: row.noLine?.estimate,
    noUpper: row.noLine?.upper,
  }));
}

/** A window's point on the chart: the balanced interval and, for the per-class lines, each class's. */
type TimeChartRow = { window: string } & Partial<Record<'lower' | 'estimate' | 'upper' | 'yesLower' | 'yes' | 'yesUpper' | 'noLower' | 'no' | 'noUpper', number>>;

/** The time chart's parts drawn a frame each after the empty chart: x axis, grid and y axis, balanced lines, per-class lines, legend. */
const TIME_CHART_PARTS = 5;

/**
 * The windows as lines: the balanced estimate with its bounds, the overall estimate, and on request
 * each class's. Drawn a part a frame (as the app's other line charts): at once, with the threshold
 * chart that arrives beside it, recharts' first draw held the page for 200–250 ms. Memoised: drawn
 * again only when its rows change, not on every interval that arrives for another table.
 */
const TimeWindowsChart = memo(function TimeWindowsChart(props: { chartRef: RefObject<HTMLDivElement | null>; rows: TimeChartRow[]; title: string; overall: number | null; perClass: boolean }) {
  const { chartRef, rows, title, overall, perClass } = props;
  const ticks = niceTicks(0, 1, 6);
  const drawn = useProgressiveCount(TIME_CHART_PARTS, 1, title, 0);
  return (
    <ChartBox boxRef={chartRef} height={HEIGHT} busy={drawn < TIME_CHART_PARTS}>
      {(width) => (
        <LineChart data={rows} width={width} height={HEIGHT} margin={DATA_CHART_MARGIN} title={title}>
          {drawn >= 1 && (
            <XAxis
              dataKey="window"
              interval={categoryTickInterval(rows.map((row) => row.window), dataChartPlotWidth(width))}
              tick={{ fill: 'var(--muted)' }}
            />
          )}
          {/* The grid with both axes: before them, recharts' implicit axis would measure a label per row. */}
          {drawn >= 2 && <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />}
          {drawn >= 2 && (
            <YAxis type="number" domain={[0, 1]} ticks={ticks} interval={0} tickFormatter={percentTickFormatter(ticks)} tick={{ fill: 'var(--muted)' }} width={DATA_CHART_Y_AXIS_WIDTH} />
          )}
          {drawn >= 2 && overall !== null && <ReferenceLine y={overall} stroke="var(--muted)" strokeDasharray="6 4" />}
          {drawn >= 3 && [
            <Line key="upper" dataKey="upper" name="upper bound" dot={false} stroke="var(--balanced)" strokeDasharray="4 3" isAnimationActive={false} />,
            <Line key="estimate" dataKey="estimate" name="balanced accuracy" stroke="var(--balanced)" strokeWidth={2} isAnimationActive={false} />,
            <Line key="lower" dataKey="lower" name="lower bound" dot={false} stroke="var(--balanced)" strokeDasharray="4 3" isAnimationActive={false} />,
          ]}
          {drawn >= 4 &&
            perClass && [
              <Line key="yes" dataKey="yes" name="should-be-YES accuracy" stroke="var(--yes)" isAnimationActive={false} />,
              <Line key="yesUpper" dataKey="yesUpper" name="should-be-YES bounds" dot={false} stroke="var(--yes)" strokeDasharray="2 3" isAnimationActive={false} />,
              <Line key="yesLower" dataKey="yesLower" legendType="none" dot={false} stroke="var(--yes)" strokeDasharray="2 3" isAnimationActive={false} />,
              <Line key="no" dataKey="no" name="should-be-NO accuracy" stroke="var(--no)" isAnimationActive={false} />,
              <Line key="noUpper" dataKey="noUpper" name="should-be-NO bounds" dot={false} stroke="var(--no)" strokeDasharray="2 3" isAnimationActive={false} />,
              <Line key="noLower" dataKey="noLower" legendType="none" dot={false} stroke="var(--no)" strokeDasharray="2 3" isAnimationActive={false} />,
            ]}
          {drawn >= 5 && <Legend verticalAlign="top" wrapperStyle={{ paddingBottom: 8 }} />}
        </LineChart>
      )}
    </ChartBox>
  );
});

/** The windows as a table: labels, each class's counts (with its interval on request), the balanced interval, the flag. */
function TimeWindowsTable(props: { table: ChosenTimeTable; detector: string; window: TimeWindow | null; method: BalancedMethod; perClass: boolean }) {
  const { table, detector, window, method, perClass } = props;
  return (
    <TableScroll label={`${detector} per ${window}`}>
      <table className="data-table">
        <caption>
          {detector} per {window} (from its first day): labels, balanced accuracy ({balancedMethodName(method)}) at δ/{table.family}
          {perClass && `, should-be-YES at δ/${table.yesLine.family}, should-be-NO at δ/${table.noLine.family}`}
        </caption>
        <ColumnHeads names={[window, 'Labels', 'Should-be-YES', 'Should-be-NO', 'Balanced accuracy', 'Flag']} />
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.group ?? ''}>
              <th scope="row">{row.group}</th>
              <td>{formatWholeCount(row.yes.total + row.no.total)}</td>
              <td>
                {formatWholeCount(row.yes.correct)}/{formatWholeCount(row.yes.total)}
                {perClass && <> {classCell(row.yesLine)}</>}
              </td>
              <td>
                {formatWholeCount(row.no.correct)}/{formatWholeCount(row.no.total)}
                {perClass && <> {classCell(row.noLine)}</>}
              </td>
              <td>{row.balanced ? formatEstimateWithInterval(row.balanced) : row.computing ? 'computing…' : 'no interval: a class has no labels'}</td>
              <td>{row.excludesOverall ? 'differs' : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** The time table with the workspace's balanced interval in each row. */
type ChosenTimeTable = Omit<TimeTable, 'rows'> & { rows: WithChosen<TimeRow>[] };

/**
 * The windows with the workspace's balanced interval in place of the union bound's (at the same
 * δ/m), each marked when that interval excludes the overall estimate (not while it is computing).
 */
export function chosenTimeTable(table: TimeTable, chosen: ChosenBalanced, overall: number | null): ChosenTimeTable {
  const rows = withChosen(table.rows, chosen).map((row) => ({
    ...row,
    excludesOverall: overall !== null && row.balanced !== null && (row.balanced.lower > overall || row.balanced.upper < overall),
  }));
  return { ...table, rows };
}

/** How the per-class lines are made simultaneous, in words. */
function classLineText(table: TimeTable, delta: number): string {
  const level = (line: ClassLine) => `δ/${line.family} = ${Number(line.delta.toPrecision(4))}`;
  return `Per-class lines: exact central (Clopper–Pearson) intervals, should-be-YES at ${level(table.yesLine)} over the ${table.yesLine.family} windows with YES labels and should-be-NO at ${level(table.noLine)} over the ${table.noLine.family} with NO labels (Bonferroni), so each line's intervals hold together with probability ≥ ${formatConfidence(delta)}.`;
}

function classCell(interval: Interval | null) {
  return interval ? formatEstimateWithInterval(interval) : '';
}
