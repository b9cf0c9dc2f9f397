import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, Tooltip, type TooltipContentProps, XAxis, YAxis } from 'recharts';
import type { CoverageAxis } from '../../data/links';
import { formatConfidence, formatPercent } from '../../data/format';
import { METHOD_INFO } from '../../data/methods';
import type { ProportionMethod } from '../../stats';
import { ChartFrame } from '../../components/ChartFrame';
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
 * drawn one per task (recharts spends ~15–50 ms on each 999-point line), so that a link with five
 * methods never holds the page for the sum; the figure is aria-busy until the last is in.
 */
export function CoverageChart({ rows, methods, delta, axis, width, height = 380 }: CoverageChartProps) {
  const floor = axis === 'zoom' ? zoomFloor(delta) : 0;
  const drawn = useProgressiveCount(methods.length, 1, rows);
  const chart = (
    <LineChart
      data={rows as CoverageRow[]}
      width={width}
      height={height}
      margin={{ top: 10, right: 24, bottom: 24, left: 4 }}
      title="Exact coverage against the true accuracy p"
      desc={`One line per method: ${methods.map((method) => METHOD_INFO[method].label).join(', ')}; the nominal level is ${formatConfidence(delta)}. Arrow keys move the read-out.`}
    >
      <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
      <XAxis
        dataKey="p"
        type="number"
        domain={[0, 1]}
        ticks={PERCENT_TICKS}
        tickFormatter={percentTick}
        tick={{ fill: 'var(--muted)' }}
        label={{ value: 'true accuracy p', position: 'insideBottom', offset: -14, fill: 'var(--muted)' }}
      />
      <YAxis
        type="number"
        domain={[floor, 1]}
        allowDataOverflow
        tickFormatter={(value: number) => formatPercent(value, axis === 'zoom' ? 1 : 0)}
        tick={{ fill: 'var(--muted)' }}
        width={72}
        label={{ value: 'coverage', angle: -90, position: 'insideLeft', offset: 0, fill: 'var(--muted)' }}
      />
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
      <Tooltip
        content={({ active, payload, label }: TooltipContentProps) => (
          <CoverageTooltip active={active} payload={payload} label={label} delta={delta} />
        )}
      />
      <Legend verticalAlign="top" itemSorter={null} wrapperStyle={{ paddingBottom: 8 }} />
    </LineChart>
  );
  return (
    <div className="coverage-chart" aria-busy={drawn < methods.length} data-lines-drawn={drawn}>
      <ChartFrame fixedWidth={width} height={height}>
        {chart}
      </ChartFrame>
    </div>
  );
}

type CoverageTooltipProps = Pick<TooltipContentProps, 'active' | 'payload' | 'label'> & { delta: number };

function CoverageTooltip({ active, payload, label, delta }: CoverageTooltipProps) {
  if (!active || payload.length === 0) return null;
  return (
    <div className="coverage-tooltip">
      <strong>p = {Number(label).toFixed(3)}</strong>
      <dl>
        {payload.map((entry) => (
          <div key={String(entry.dataKey)}>
            <dt>{entry.name}</dt>
            <dd>
              {formatPercent(Number(entry.value), 3, 'down')}
              {Number(entry.value) < 1 - delta ? ' (below nominal)' : ''}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
