import { Line, ReferenceArea, ReferenceLine } from 'recharts';
import { formatPercent } from '../../data/format';
import { CHANCE, type PosteriorCurves, type PosteriorFacts } from './posterior-summary';
import { type ChartTooltipProps, LineChartFrame } from '../../components/LineChartFrame';

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
  return (
    <LineChartFrame
      data={density} width={width} height={height} left={4}
      title="Posterior densities of the balanced and the plain accuracy"
      x={{ dataKey: 'x', domain: [0, 1], ticks: TICKS, tickFormatter: (value: number) => formatPercent(value, 0), label: 'accuracy' }}
      y={{ tickFormatter: (value: number) => String(Number(value.toPrecision(3))), width: 64, label: 'posterior density' }}
      tooltip={(props) => <DensityTooltip {...props} />}
    >
      <ReferenceArea x1={accuracy.interval.lower} x2={accuracy.interval.upper} fill="var(--posterior-accuracy)" fillOpacity={0.12} />
      <ReferenceArea x1={balanced.interval.lower} x2={balanced.interval.upper} fill="var(--balanced)" fillOpacity={0.16} />
      <ReferenceLine x={CHANCE} stroke="var(--text)" strokeDasharray="5 4" label={{ value: 'chance', position: 'insideTopLeft', fill: 'var(--text)' }} />
      <ReferenceLine x={accuracy.mean} stroke="var(--posterior-accuracy)" strokeDasharray="2 3" />
      <ReferenceLine x={balanced.mean} stroke="var(--balanced)" strokeDasharray="2 3" />
      <Line dataKey="balanced" name="Balanced accuracy" type="monotone" dot={false} stroke="var(--balanced)" strokeWidth={2} isAnimationActive={false} />
      <Line dataKey="accuracy" name="Plain accuracy" type="monotone" dot={false} stroke="var(--posterior-accuracy)" strokeWidth={2} isAnimationActive={false} />
    </LineChartFrame>
  );
}

function DensityTooltip({ active, payload, label }: ChartTooltipProps) {
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
