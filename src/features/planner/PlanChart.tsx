import { Line, ReferenceDot, ReferenceLine } from 'recharts';
import type { PlanGoal } from '../../data/links';
import { formatPercent, formatWholeCount, intervalDigits } from '../../data/format';
import type { LabelPlanPoint } from '../../stats';
import { type ChartTooltipProps, LINE_CHART_FRAME_PARTS, LineChartFrame } from '../../components/LineChartFrame';
import { niceTicks, percentTickFormatter } from '../../components/axis-ticks';
import { useProgressiveCount } from '../../components/use-progressive-count';

export interface PlanChartProps {
  curve: readonly LabelPlanPoint[];
  goal: PlanGoal;
  target: number;
  /** The answer (additional labels), highlighted; null when there is none. */
  answer: number | null;
  width?: number;
  height?: number;
  /** The metric planned for, as the title says it (default: balanced); `unit` what is counted (default: labels, by class). */
  metric?: string;
  unit?: string;
}

type PlanRow = LabelPlanPoint & { width: number };

/** The chart's height unless told (its placeholder's too, so the page does not jump when it is drawn). */
export const PLAN_CHART_HEIGHT = 340;


/** The progress at which the target and answer marks are in: after the frame's parts. */
const MARKS_DRAWN = LINE_CHART_FRAME_PARTS + 1;

const BOUND_LINES = [
  <Line key="upper" dataKey="upper" name="upper bound" type="linear" dot={false} stroke="var(--balanced)" strokeOpacity={0.5} strokeDasharray="4 3" isAnimationActive={false} />,
  <Line key="estimate" dataKey="estimate" name="projected estimate" type="linear" dot={false} stroke="var(--muted)" isAnimationActive={false} />,
  <Line key="lower" dataKey="lower" name="lower bound" type="linear" dot={false} stroke="var(--balanced)" strokeWidth={2} isAnimationActive={false} />,
];
const WIDTH_LINES = [<Line key="width" dataKey="width" name="interval width" type="linear" dot={false} stroke="var(--balanced)" strokeWidth={2} isAnimationActive={false} />];

/**
 * The projected exact balanced interval against additional labels: the lower bound (and the
 * estimate and upper bound) for a lower-bound goal, the width for a width goal; the target as a
 * horizontal line and the answer as a vertical line with a dot.
 */
export function PlanChart({ curve, goal, target, answer, width, height = PLAN_CHART_HEIGHT, metric = 'balanced', unit }: PlanChartProps) {
  const rows: PlanRow[] = curve.map((point) => ({ ...point, width: point.upper - point.lower }));
  const atAnswer = answer === null ? undefined : rows.find((row) => row.additional === answer);
  const ticks = planAxisTicks(curve, goal, target);
  const longest = rows.at(-1)?.additional ?? 0;
  // Round counts along the bottom (the last curve point is an odd 9,408), none past the curve.
  const countTicks = niceTicks(0, longest, 5).filter((tick) => tick <= longest);
  const lines = goal === 'lower' ? BOUND_LINES : WIDTH_LINES;
  // A part a task: the frame's (recharts' first use is most of a first draw), the target and answer marks,
  // then each line; drawn at once, a first visit held the page for one long task. Keyed by the goal: a
  // new answer redraws at once.
  const drawn = useProgressiveCount(MARKS_DRAWN + lines.length, 1, goal, 0);
  const linesDrawn = Math.max(0, drawn - MARKS_DRAWN);
  return (
    <div aria-busy={linesDrawn < lines.length} data-lines-drawn={linesDrawn}>
      <LineChartFrame
        data={rows} width={width} height={height} left={8}
        title={`Projected ${goal === 'lower' ? `${metric} lower bound` : `${metric} interval width`} against additional ${unit ?? 'labels'}`}
        x={{ dataKey: 'additional', domain: [0, 'dataMax'], ticks: countTicks, tickFormatter: formatWholeCount, label: `additional ${unit ?? 'labels'}` }}
        y={{ type: 'number', domain: [ticks[0]!, ticks.at(-1)!], ticks, tickFormatter: percentTickFormatter(ticks), width: 56 }}
        tooltip={(props) => <PlanTooltip {...props} unit={unit} />}
        partsDrawn={drawn}
      >
        {drawn >= MARKS_DRAWN && (
          <ReferenceLine
            y={target}
            stroke="var(--hypothesis)"
            strokeDasharray="6 4"
            label={{ value: `target ${formatPercent(target, 1)}`, position: 'insideTopRight', fill: 'var(--text)' }}
          />
        )}
        {drawn >= MARKS_DRAWN && answer !== null && <ReferenceLine x={answer} stroke="var(--accent)" />}
        {lines.slice(0, linesDrawn)}
        {drawn >= MARKS_DRAWN && atAnswer && (
          <ReferenceDot x={atAnswer.additional} y={goal === 'lower' ? atAnswer.lower : atAnswer.width} r={6} fill="var(--accent)" stroke="var(--bg)" />
        )}
      </LineChartFrame>
    </div>
  );
}

/**
 * The y axis: ticks at a round step over what is drawn (the bounds down to 100% for a lower-bound
 * goal, widths up from 0 otherwise, and the target), each labelled with its own value.
 */
export function planAxisTicks(curve: readonly LabelPlanPoint[], goal: PlanGoal, target: number): number[] {
  if (goal === 'lower') return niceTicks(Math.min(target, ...curve.map((point) => point.lower)), 1, 6);
  return niceTicks(0, Math.max(target, ...curve.map((point) => point.upper - point.lower)), 6);
}

function PlanTooltip({ active, payload, label, unit }: ChartTooltipProps & { unit: string | undefined }) {
  if (!active || payload.length === 0) return null;
  const row = payload[0]!.payload as PlanRow;
  const digits = intervalDigits([row], 2);
  return (
    <div className="plan-tooltip">
      <strong>
        {unit === undefined ? `+${formatWholeCount(Number(label))} labels (${formatWholeCount(row.additionalYes)} YES, ${formatWholeCount(row.additionalNo)} NO)` : `+${formatWholeCount(Number(label))} ${unit}`}
      </strong>
      <dl>
        <div>
          <dt>interval</dt>
          <dd>
            [{formatPercent(row.lower, digits, 'down')}, {formatPercent(row.upper, digits, 'up')}]
          </dd>
        </div>
        <div>
          <dt>width</dt>
          <dd>{formatPercent(row.width, digits, 'up')}</dd>
        </div>
      </dl>
    </div>
  );
}
