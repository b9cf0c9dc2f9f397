import { Line, ReferenceLine } from 'recharts';
import type { CoverageAxis } from '../../data/links';
import { formatConfidence, formatPercent } from '../../data/format';
import { METHOD_INFO } from '../../data/methods';
import type { ProportionMethod } from '../../stats';
import { type ChartTooltipProps, LineChartFrame } from '../../components/LineChartFrame';
import { useProgressiveCount } from '../../components/use-progressive-count';

/** One row per true p: the coverage of each drawn method there. */
export type CoverageRow = { p: number } & Partial<Record<ProportionMethod, number>>;

export interface CoverageChartProps {
  rows: readonly CoverageRow[];
  methods: readonly ProportionMethod[];
  delta: number;
  axis: CoverageAxis;
  /** Fixed size for tests; the page fills its container. */
  width?: number;
  height?: number;
}

const PERCENT_TICKS = [0, 0.25, 0.5, 0.75, 1];
const percentTick = (value: number) => formatPercent(value, 0);

/** The zoomed axis shows four δ below the nominal level: enough to see Wilson's dips and Wald's plunges start. */
export function zoomFloor(delta: number): number {
  return Math.max(0, 1 - 4 * delta);
}

/**
 * Coverage against the true p, one line per method, with the nominal 1 − δ line. The lines are
 * drawn one per task after the page is painted (recharts spends ~15–50 ms on each 999-point line), so
 * that a link with five methods never holds the page for the sum; the figure is aria-busy until the
 * last is in.
 */
export function CoverageChart({ rows, methods, delta, axis, width, height = 380 }: CoverageChartProps) {
  const floor = axis === 'zoom' ? zoomFloor(delta) : 0;
  const drawn = useProgressiveCount(methods.length, 1, rows, 0);
  return (
    <div className="coverage-chart" aria-busy={drawn < methods.length} data-lines-drawn={drawn}>
      <LineChartFrame
        data={rows} width={width} height={height} left={4}
        title="Exact coverage against the true accuracy p"
        desc={`One line per method: ${methods.map((method) => METHOD_INFO[method].label).join(', ')}; the nominal level is ${formatConfidence(delta)}. Arrow keys move the read-out.`}
        x={{ dataKey: 'p', domain: [0, 1], ticks: PERCENT_TICKS, tickFormatter: percentTick, label: 'true accuracy p' }}
        y={{
          type: 'number',
          domain: [floor, 1],
          allowDataOverflow: true,
          tickFormatter: (value: number) => formatPercent(value, axis === 'zoom' ? 1 : 0),
          width: 72,
          label: 'coverage',
        }}
        tooltip={(props) => <PointTooltip {...props} pDigits={3} format={(value) => `${formatPercent(value, 3, 'down')}${value < 1 - delta ? ' (below nominal)' : ''}`} />}
      >
        <ReferenceLine
          y={1 - delta}
          stroke="var(--text)"
          strokeDasharray="6 4"
          label={{ value: `nominal ${formatConfidence(delta)}`, position: 'insideBottomRight', fill: 'var(--text)' }}
        />
        {methods.slice(0, drawn).map((method) => (
          <Line
            key={method}
            dataKey={method}
            name={METHOD_INFO[method].label}
            type="linear"
            dot={false}
            stroke={`var(--method-${method})`}
            strokeWidth={method === 'clopper_pearson' ? 2 : 1.25}
            isAnimationActive={false}
          />
        ))}
      </LineChartFrame>
    </div>
  );
}

/** A chart's read-out at one true p: each line's name and its value as `format` writes it. */
export function PointTooltip({ active, payload, label, pDigits, format }: ChartTooltipProps & { pDigits: number; format: (value: number, dataKey: string) => string }) {
  if (!active || payload.length === 0) return null;
  return (
    <div className="coverage-tooltip">
      <strong>p = {Number(label).toFixed(pDigits)}</strong>
      <dl>
        {payload.map((entry) => (
          <div key={String(entry.dataKey)}>
            <dt>{entry.name}</dt>
            <dd>{format(Number(entry.value), String(entry.dataKey))}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
