import { Line, ReferenceArea, ReferenceLine } from 'recharts';
import { formatPercent } from '../../data/format';
import { CHANCE, type PosteriorCurves, type PosteriorFacts } from './posterior-summary';
import { type ChartTooltipProps, LineChartFrame } from '../../components/LineChartFrame';
import { useProgressiveCount } from '../../components/use-progressive-count';

export interface PosteriorChartProps {
  density: PosteriorCurves['density'];
  balanced: PosteriorFacts;
  accuracy: PosteriorFacts;
  /** Fixed size for tests; the page fills its container. */
  width?: number;
  height?: number;
}

const TICKS = [0, 0.25, 0.5, 0.75, 1];

const LINES = [
  { dataKey: 'balanced', name: 'Balanced accuracy', stroke: 'var(--balanced)' },
  { dataKey: 'accuracy', name: 'Plain accuracy', stroke: 'var(--posterior-accuracy)' },
] as const;

/**
 * Brodersen et al.'s Figure 2 on one chart: both posterior densities, their central intervals and
 * means, and chance. The two ~600-point lines are drawn one per task after the page's numbers are
 * painted (together with the posteriors' computation they held a heavy link's page for ~200 ms);
 * the chart is aria-busy until both are in.
 */
export function PosteriorChart({ density, balanced, accuracy, width, height = 360 }: PosteriorChartProps) {
  const drawn = useProgressiveCount(LINES.length, 1, density, 0);
  return (
    <div className="posterior-chart" aria-busy={drawn < LINES.length} data-lines-drawn={drawn}>
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
        {LINES.slice(0, drawn).map(({ dataKey, name, stroke }) => (
          <Line key={dataKey} dataKey={dataKey} name={name} type="monotone" dot={false} stroke={stroke} strokeWidth={2} isAnimationActive={false} />
        ))}
      </LineChartFrame>
    </div>
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
