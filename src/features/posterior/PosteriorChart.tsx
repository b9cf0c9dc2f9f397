import { CartesianGrid, Legend, Line, LineChart, ReferenceArea, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import type { TooltipContentProps } from 'recharts';
import { formatPercent } from '../../data/format';
import { CHANCE, type PosteriorCurves, type PosteriorFacts } from './posterior-summary';
import { ChartFrame } from '../../components/ChartFrame';

export interface PosteriorChartProps {
  density: PosteriorCurves['density'];
  balanced: PosteriorFacts;
  accuracy: PosteriorFacts;
  /** Fixed size for tests; the page fills its container. */
  width?: number;
  height?: number;
}

const TICKS = [0, 0.25, 0.5, 0.75, 1];

/** Brodersen et al.'s Figure 2 on one chart: both posterior densities, their central intervals and means, and chance. */
export function PosteriorChart({ density, balanced, accuracy, width, height = 360 }: PosteriorChartProps) {
  const chart = (
    <LineChart
      data={density}
      width={width}
      height={height}
      margin={{ top: 10, right: 24, bottom: 24, left: 4 }}
      title="Posterior densities of the balanced and the plain accuracy"
    >
      <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
      <XAxis
        dataKey="x"
        type="number"
        domain={[0, 1]}
        ticks={TICKS}
        tickFormatter={(value: number) => formatPercent(value, 0)}
        tick={{ fill: 'var(--muted)' }}
        label={{ value: 'accuracy', position: 'insideBottom', offset: -14, fill: 'var(--muted)' }}
      />
      <YAxis
        tick={{ fill: 'var(--muted)' }}
        tickFormatter={(value: number) => String(Number(value.toPrecision(3)))}
        width={64}
        label={{ value: 'posterior density', angle: -90, position: 'insideLeft', offset: 0, fill: 'var(--muted)' }}
      />
      <ReferenceArea x1={accuracy.interval.lower} x2={accuracy.interval.upper} fill="var(--posterior-accuracy)" fillOpacity={0.12} />
      <ReferenceArea x1={balanced.interval.lower} x2={balanced.interval.upper} fill="var(--balanced)" fillOpacity={0.16} />
      <ReferenceLine x={CHANCE} stroke="var(--text)" strokeDasharray="5 4" label={{ value: 'chance', position: 'insideTopLeft', fill: 'var(--text)' }} />
      <ReferenceLine x={accuracy.mean} stroke="var(--posterior-accuracy)" strokeDasharray="2 3" />
      <ReferenceLine x={balanced.mean} stroke="var(--balanced)" strokeDasharray="2 3" />
      <Line dataKey="balanced" name="Balanced accuracy" type="monotone" dot={false} stroke="var(--balanced)" strokeWidth={2} isAnimationActive={false} />
      <Line dataKey="accuracy" name="Plain accuracy" type="monotone" dot={false} stroke="var(--posterior-accuracy)" strokeWidth={2} isAnimationActive={false} />
      <Tooltip content={({ active, payload, label }: TooltipContentProps) => <DensityTooltip active={active} payload={payload} label={label} />} />
      <Legend verticalAlign="top" itemSorter={null} wrapperStyle={{ paddingBottom: 8 }} />
    </LineChart>
  );
  return (
    <ChartFrame fixedWidth={width} height={height}>
      {chart}
    </ChartFrame>
  );
}

function DensityTooltip({ active, payload, label }: Pick<TooltipContentProps, 'active' | 'payload' | 'label'>) {
  if (!active || payload.length === 0) return null;
  return (
    <div className="posterior-tooltip">
      <strong>accuracy {formatPercent(Number(label), 2)}</strong>
      <dl>
        {payload.map((entry) => (
          <div key={String(entry.dataKey)}>
            <dt>{entry.name} density</dt>
            <dd>{Number(Number(entry.value).toPrecision(4))}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
