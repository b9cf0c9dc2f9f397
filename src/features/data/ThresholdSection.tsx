import { memo, type RefObject, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, XAxis, YAxis } from 'recharts';
import { ChartDownloads } from '../../components/ChartDownloads';
import { niceTicks, percentTickFormatter, tickCountFor } from '../../components/axis-ticks';
import { useProgressiveCount } from '../../components/use-progressive-count';
import { detectorCounts, splitValues, thresholdBins } from '../../data/evaluation/browser';
import { type EvaluationFilter, type GroupCounts, type ThresholdBins, thresholdCurveCsv, type ThresholdPoint, type ValueCount } from '../../data/evaluation';
import { startWorkerJob } from '../../data/workers';
import { runThresholdCurveJob, type ThresholdCurveJob } from './threshold-curve-job';
import { formatConfidence, formatEstimateWithInterval, formatWholeCount } from '../../data/format';
import { exactInterval, type ClassCounts } from '../../stats';
import type { BalancedMethod } from '../../data/methods';
import { balancedMethodName, ChosenProgress, withChosen, type WithChosen } from './chosen-rows';
import { useChosenBalanced } from './use-chosen-balanced';
import type { Counted } from './types';
import { ChartBox, DATA_CHART_MARGIN, DATA_CHART_Y_AXIS_WIDTH, dataChartPlotWidth } from './ChartBox';
import { NameSelect } from './NameSelect';
import { useChartSection } from './use-detector-choice';
import { useEngineResult } from './use-engine-result';
import { DataProblem } from './DataProblem';
import { CsvExportButton } from './CsvExportButton';

/** This section's key for the detector choice kept above it. */
const SECTION = 'threshold';
const HEIGHT = 320;
/** Split values that usually name the part a threshold is tuned on, best first. */
const TUNING_NAMES = ['tune', 'tuning', 'calibration', 'calib', 'validation', 'val', 'dev', 'train'];

/** The tuning value: the linked one when the column has it, else one named like a tuning part, else the first. */
function tuningValue(values: readonly ValueCount[], wanted: string | undefined): string | undefined {
  const names = values.map((value) => value.value ?? '');
  if (wanted !== undefined && names.includes(wanted)) return wanted;
  for (const name of TUNING_NAMES) {
    const found = names.find((value) => value.trim().toLowerCase() === name);
    if (found !== undefined) return found;
  }
  return names[0];
}

/**
 * One detector's balanced and per-class accuracy against the score threshold (YES when score ≥ t),
 * with each threshold's exact interval; choosing a threshold makes it decide the counts.
 */
export function ThresholdSection({
  counted,
  scoreColumn,
  delta,
  tune,
  onTune,
  onUseThreshold,
  linkedThreshold = null,
  method,
}: {
  counted: Counted;
  scoreColumn: string;
  delta: number;
  /** The split column's value marking the tuning rows (kept in the view's link). */
  tune: string | undefined;
  onTune: (value: string) => void;
  onUseThreshold: (threshold: number) => void;
  /** The threshold the view's link asked for (the sender's choice), or null: then none is chosen until one is picked. */
  linkedThreshold?: number | null;
  /** The workspace's balanced interval. */
  method: BalancedMethod;
}) {
  const { id, chartRef, mapping, filters, threshold, detectors, shownDetector, setDetector } = useChartSection(counted, SECTION);
  // The threshold picked in the list; until one is, the one the counts use (nearest on the curve's grid) or
  // the link's, and none otherwise: no threshold's counts or held-out result are shown for a threshold nobody chose.
  const [picked, setPicked] = useState<number | null>(null);
  // With a split column the curve is drawn from the tuning rows and the chosen threshold is reported on the others.
  const splitColumn = mapping.split;
  const loadSplitValues = useCallback(() => splitValues(), []);
  const [splitSeen] = useEngineResult(`${splitColumn}`, splitColumn === null ? null : loadSplitValues, 'The split column’s values could not be read');
  const shownSplitValues = splitColumn === null ? undefined : splitSeen;
  const tuneValue = shownSplitValues ? tuningValue(shownSplitValues, tune) : undefined;
  const split = useMemo(() => (splitColumn !== null && tuneValue !== undefined ? { column: splitColumn, value: tuneValue } : null), [splitColumn, tuneValue]);
  const curveFilters = useMemo(
    (): EvaluationFilter[] => (split ? [...filters, { column: split.column, operator: '=', value: split.value }] : filters),
    [filters, split],
  );
  const splitPending = splitColumn !== null && split === null;
  const load = useCallback(() => thresholdBins(mapping, curveFilters, shownDetector), [mapping, curveFilters, shownDetector]);
  const [bins, problem, setProblem] = useEngineResult(`${shownDetector}\u0000${split?.value}`, splitPending ? null : load, 'The threshold curve could not be computed');

  const { points, rows, chosen } = useThresholdCurve(bins ?? null, delta, method, setProblem);
  const chosenIndex = points ? chosenPointIndex(points, picked ?? threshold ?? linkedThreshold) : -1;
  const chosenPoint = points?.[chosenIndex];
  const chosenThreshold = chosenPoint?.threshold;
  const loadHeldOut = useCallback(
    (): Promise<GroupCounts[]> =>
      detectorCounts(mapping, [...filters, { column: split!.column, operator: '!=', value: split!.value }], chosenThreshold!),
    [mapping, filters, split, chosenThreshold],
  );
  const [heldOutGroups, heldOutProblem] = useEngineResult(
    `${shownDetector}\u0000${split?.value}\u0000${chosenThreshold}`,
    split && chosenThreshold !== undefined ? loadHeldOut : null,
    'The held-out rows could not be counted',
  );
  const heldOut = heldOutGroups ? (heldOutGroups.find((group) => (group.group ?? '') === shownDetector) ?? { group: shownDetector, yes: EMPTY, no: EMPTY }) : null;
  const title = `${shownDetector}: accuracy against the ${scoreColumn} threshold`;
  const caption = `Balanced accuracy (estimate and ${formatConfidence(delta)} interval, ${balancedMethodName(method)}, δ = ${delta} at each threshold on its own) and per-class accuracy, YES when ${scoreColumn} ≥ threshold; ${points?.[0] ? `${points[0].yes.total} should-be-YES and ${points[0].no.total} should-be-NO examples` : ''}.`;

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>By threshold</h2>
      <div className="data-fields">
        {mapping.detector !== null && (
          <NameSelect label="Detector for the threshold curve" names={detectors} value={shownDetector} onChange={setDetector} />
        )}
        {splitColumn !== null && shownSplitValues && shownSplitValues.length > 0 && (
          <NameSelect
            label={`Tuning rows: ${splitColumn} =`}
            names={shownSplitValues.map((value) => value.value ?? '')}
            value={tuneValue ?? ''}
            onChange={onTune}
          />
        )}
      </div>
      {splitColumn !== null && shownSplitValues?.length === 0 && <p>The split column “{splitColumn}” has no values in the usable rows.</p>}
      {problem && <DataProblem>{problem}</DataProblem>}
      {bins === null && <p>No usable rows with a score.</p>}
      {points && points.length > 0 && (
        <>
          <ChosenProgress method={method} chosen={chosen} what="the thresholds" />
          <CurveNote thresholds={points.length} rowsOfDetector={points[0]!.yes.total + points[0]!.no.total} split={split} detector={shownDetector} delta={delta} />
          <ThresholdChart chartRef={chartRef} rows={rows} current={threshold} scoreColumn={scoreColumn} title={title} />
          <ChartDownloads source={chartRef} title={title} caption={caption} />
          <ThresholdPicker points={points} chosenIndex={chosenIndex} onPick={setPicked} scoreColumn={scoreColumn} onUse={chosenPoint ? () => onUseThreshold(chosenPoint.threshold) : undefined} />
          {!chosenPoint && (
            <p>
              No threshold chosen yet: pick one to see its counts{split ? ' and its accuracy on the held-out rows' : ''}.
            </p>
          )}
          {chosenPoint && <ChosenPointText point={chosenPoint} scoreColumn={scoreColumn} delta={delta} method={method} onTuningRows={split !== null} />}
          {heldOutProblem && <DataProblem>{heldOutProblem}</DataProblem>}
          {split && heldOut && chosenPoint && (
            <HeldOutResult split={split} counts={heldOut} threshold={chosenPoint.threshold} scoreColumn={scoreColumn} delta={delta} method={method} />
          )}
          <CsvExportButton fileName={`threshold-${scoreColumn}.csv`} csv={() => thresholdCurveCsv(points, delta, method)} disabled={chosen.pending > 0}>
            Export threshold curve (CSV)
          </CsvExportButton>
        </>
      )}
    </section>
  );
}

/**
 * The curve's points with each threshold's balanced interval by the workspace's method, and the chart's rows. The union
 * bound's intervals are computed in a worker; a result is used only for the bins and δ it was made from.
 */
function useThresholdCurve(shownBins: ThresholdBins | null, delta: number, method: BalancedMethod, setProblem: (problem: string) => void) {
  const [curve, setCurve] = useState<{ bins: ThresholdBins; delta: number; points: ThresholdPoint[] } | null>(null);
  useEffect(() => {
    if (!shownBins) return;
    return startWorkerJob<ThresholdCurveJob, ThresholdPoint[]>({
      createWorker: () => new Worker(new URL('./threshold-curve.worker.ts', import.meta.url), { type: 'module' }),
      runHere: runThresholdCurveJob,
      job: { bins: shownBins, delta },
      onMessage: (points) => setCurve({ bins: shownBins, delta, points }),
      isLast: () => true,
      onError: (error) => setProblem(`The threshold curve could not be computed: ${error}`),
    });
  }, [shownBins, delta, setProblem]);
  const unionPoints = curve && curve.bins === shownBins && curve.delta === delta ? curve.points : null;
  // Each threshold's balanced interval by the workspace's method, at δ on its own (the worker's are the union bound's).
  const needs = useMemo(() => unionPoints?.map(({ yes, no }) => ({ yes, no, delta })) ?? [], [unionPoints, delta]);
  const chosen = useChosenBalanced(method, needs);
  const points = useMemo(() => (unionPoints ? withChosen(unionPoints, chosen) : null), [unionPoints, chosen]);
  const rows = useMemo(
    () =>
      points?.map((point) => ({
        threshold: point.threshold,
        lower: point.balanced?.lower,
        estimate: point.balanced?.estimate,
        upper: point.balanced?.upper,
        yes: point.yesInterval?.estimate,
        no: point.noInterval?.estimate,
      })) ?? [],
    [points],
  );
  return { points, rows, chosen };
}

/** The threshold list (the chosen point, or none yet) and the button that makes the chosen threshold decide the counts. */
function ThresholdPicker(props: { points: ThresholdPoint[]; chosenIndex: number; onPick: (threshold: number) => void; scoreColumn: string; onUse: (() => void) | undefined }) {
  const { points, chosenIndex, onPick, scoreColumn, onUse } = props;
  const id = useId();
  return (
    <div className="data-fields">
      <div className="data-field">
        <label htmlFor={`${id}-threshold`}>Threshold</label>
        <select
          id={`${id}-threshold`}
          value={chosenIndex === -1 ? '' : chosenIndex}
          onChange={(event) => event.target.value !== '' && onPick(points[Number(event.target.value)]!.threshold)}
        >
          {chosenIndex === -1 && <option value="">Choose a threshold…</option>}
          {points.map((point, index) => (
            <option key={index} value={index}>
              {String(point.threshold)}
            </option>
          ))}
        </select>
      </div>
      <button type="button" disabled={!onUse} onClick={onUse}>
        Count with {scoreColumn} ≥ this threshold
      </button>
    </div>
  );
}

/** How the curve was drawn: every threshold's own interval, and where its winner's curse is answered (a held-out split). */
function CurveNote({ thresholds, rowsOfDetector, split, detector, delta }: { thresholds: number; rowsOfDetector: number; split: { column: string; value: string } | null; detector: string; delta: number }) {
  return (
    <p className="data-note">
      Each of the {thresholds} thresholds from the lowest to the highest score, evenly spaced, with its own exact interval at δ
      = {delta} (pointwise, not simultaneous).{' '}
      {split ? (
        <>
          The curve is drawn from the <strong>tuning rows only</strong> ({split.column} = “{split.value}”:{' '}
          {formatWholeCount(rowsOfDetector)} rows of {detector}); its best-looking point is optimistic (the
          winner’s curse), so the chosen threshold’s accuracy is reported below on the <strong>held-out rows</strong> ({split.column} ≠
          “{split.value}”), which played no part in choosing it.
        </>
      ) : (
        <>
          <strong>Winner’s curse:</strong> the threshold that looks best on this data is chosen because its errors happened to fall
          favourably here, so its accuracy is optimistic; confirm a chosen threshold on labelled data that played no part in
          choosing it — pick a <strong>held-out split</strong> column
          among the column roles above to do that here.
        </>
      )}
    </p>
  );
}

/** One threshold's point on the chart (undefined where a class has no labels or the interval is computing). */
interface ThresholdChartRow {
  threshold: number;
  lower: number | undefined;
  estimate: number | undefined;
  upper: number | undefined;
  yes: number | undefined;
  no: number | undefined;
}
type ChosenPoint = WithChosen<ThresholdPoint>;

/** The threshold chart's parts drawn a frame each after the empty chart: x axis, grid and y axis and the current mark, lines, legend. */
const THRESHOLD_CHART_PARTS = 4;

/**
 * Balanced accuracy with its bounds and both classes' accuracy against the threshold, the current
 * one marked. Drawn a part a frame, with ticks chosen here (recharts would measure each label in the
 * DOM to thin them): at once, with the time chart beside it, the first draw held the page 200–250 ms.
 * Memoised: drawn again only when its rows change, not on every interval that arrives for another table.
 */
const ThresholdChart = memo(function ThresholdChart({ chartRef, rows, current, scoreColumn, title }: { chartRef: RefObject<HTMLDivElement | null>; rows: ThresholdChartRow[]; current: number | null; scoreColumn: string; title: string }) {
  const ticks = niceTicks(0, 1, 6);
  const drawn = useProgressiveCount(THRESHOLD_CHART_PARTS, 1, title, 0);
  const thresholds = rows.map((row) => row.threshold);
  const [lowest, highest] = [Math.min(...thresholds), Math.max(...thresholds)];
  return (
    <ChartBox boxRef={chartRef} height={HEIGHT} busy={drawn < THRESHOLD_CHART_PARTS}>
      {(width) => {
        // Round ticks from a round value at or below the lowest threshold to one at or above the
        // highest, as many as fit the width; the axis spans them.
        const xTicks = niceTicks(lowest, highest, tickCountFor(dataChartPlotWidth(width), 56, 6));
        return (
          <LineChart data={rows} width={width} height={HEIGHT} margin={DATA_CHART_MARGIN} title={title}>
            {drawn >= 1 && (
              <XAxis
                dataKey="threshold"
                type="number"
                domain={[xTicks[0]!, xTicks.at(-1)!]}
                ticks={xTicks}
                interval={0}
                tickFormatter={(value: number) => String(Number(value.toPrecision(3)))}
                tick={{ fill: 'var(--muted)' }}
                label={{ value: `${scoreColumn} threshold`, position: 'insideBottom', offset: -14, fill: 'var(--muted)' }}
              />
            )}
            {/* The grid with both axes: before them, recharts' implicit axis would measure a label per row. */}
            {drawn >= 2 && <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />}
            {drawn >= 2 && (
              <YAxis type="number" domain={[0, 1]} ticks={ticks} interval={0} tickFormatter={percentTickFormatter(ticks)} tick={{ fill: 'var(--muted)' }} width={DATA_CHART_Y_AXIS_WIDTH} />
            )}
            {drawn >= 2 && current !== null && (
              <ReferenceLine x={current} stroke="var(--accent)" label={{ value: 'current', position: 'insideTopLeft', fill: 'var(--text)' }} />
            )}
            {drawn >= 3 && [
              <Line key="upper" dataKey="upper" name="balanced upper bound" dot={false} stroke="var(--balanced)" strokeDasharray="4 3" isAnimationActive={false} />,
              <Line key="estimate" dataKey="estimate" name="balanced accuracy" dot={false} stroke="var(--balanced)" strokeWidth={2} isAnimationActive={false} />,
              <Line key="lower" dataKey="lower" name="balanced lower bound" dot={false} stroke="var(--balanced)" strokeDasharray="4 3" isAnimationActive={false} />,
              <Line key="yes" dataKey="yes" name="should-be-YES accuracy" dot={false} stroke="var(--yes)" isAnimationActive={false} />,
              <Line key="no" dataKey="no" name="should-be-NO accuracy" dot={false} stroke="var(--no)" isAnimationActive={false} />,
            ]}
            {drawn >= 4 && <Legend verticalAlign="top" wrapperStyle={{ paddingBottom: 8 }} />}
          </LineChart>
        );
      }}
    </ChartBox>
  );
});

/** The chosen threshold's counts and balanced interval (optimistic when read on the tuning rows). */
function ChosenPointText({ point, scoreColumn, delta, method, onTuningRows }: { point: ChosenPoint; scoreColumn: string; delta: number; method: BalancedMethod; onTuningRows: boolean }) {
  return (
    <p>
      At {scoreColumn} ≥ {String(point.threshold)}: should-be-YES {point.yes.correct}/{point.yes.total}, should-be-NO{' '}
      {point.no.correct}/{point.no.total}
      {point.balanced && (
        <>
          , balanced accuracy {formatEstimateWithInterval(point.balanced)} ({balancedMethodName(method)},{' '}
          {formatConfidence(delta)})
        </>
      )}
      {point.computing && ', balanced interval computing…'}
      .{onTuningRows && ' (On the tuning rows: optimistic.)'}
    </p>
  );
}

const EMPTY: ClassCounts = { correct: 0, total: 0 };

/** The point at `wanted` on the curve, else the nearest; -1 when none is wanted (counts without a threshold) or the curve is empty. */
export function chosenPointIndex(points: readonly ThresholdPoint[], wanted: number | null): number {
  if (wanted === null || points.length === 0) return -1;
  let best = 0;
  points.forEach((point, index) => {
    if (Math.abs(point.threshold - wanted) < Math.abs(points[best]!.threshold - wanted)) best = index;
  });
  return best;
}

/** The chosen threshold's counts and exact intervals on the held-out rows, said plainly. */
function HeldOutResult({
  split,
  counts,
  threshold,
  scoreColumn,
  delta,
  method,
}: {
  split: { column: string; value: string };
  counts: GroupCounts;
  threshold: number;
  scoreColumn: string;
  delta: number;
  method: BalancedMethod;
}) {
  const classText = (name: string, cls: ClassCounts) =>
    cls.total === 0
      ? `${name}: no held-out labels`
      : `${name} ${formatWholeCount(cls.correct)}/${formatWholeCount(cls.total)}, ${formatEstimateWithInterval(exactInterval(cls.total, cls.correct, delta))}`;
  const needs = useMemo(() => [{ yes: counts.yes, no: counts.no, delta }], [counts, delta]);
  const balanced = useChosenBalanced(method, needs).intervals[0];
  return (
    <p className="data-held-out">
      <strong>Held out</strong> ({split.column} ≠ “{split.value}”, {formatWholeCount(counts.yes.total + counts.no.total)} rows; none used to choose the
      threshold): at {scoreColumn} ≥ {String(threshold)}, {classText('should-be-YES', counts.yes)}; {classText('should-be-NO', counts.no)}
      {balanced ? (
        <>
          ; balanced accuracy {formatEstimateWithInterval(balanced)} ({balancedMethodName(method)})
        </>
      ) : balanced === undefined ? (
        '; balanced interval computing…'
      ) : (
        '; no balanced interval: a class has no held-out labels'
      )}
      . Each interval at {formatConfidence(delta)} (δ = {delta}), exact.
    </p>
  );
}
