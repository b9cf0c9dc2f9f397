import { memo, useMemo } from 'react';
import { Area, ComposedChart, Line, ReferenceDot, ReferenceLine, XAxis, YAxis } from 'recharts';
import { formatPercent } from '../../data/format';
import { tailSeries, type TailSide } from './tail-series';
import { accuracyDigits, formatChance, formatCount } from './tail-text';

export interface TailPlotsProps {
  n: number;
  k: number;
  p: number;
  side: TailSide;
  /** The tail mass the bound aims for: δ one-sided, δ/2 for a central interval's ends. */
  targetTail: number;
  /** Fixed pixel width for tests (recharts draws nothing without a size in jsdom); default: fill the container. */
  width?: number;
}

const PMF_HEIGHT = 230;
const CDF_HEIGHT = 250;
// Same margins and y-axis width on both charts, so that their x axes line up exactly.
const MARGIN = { top: 22, right: 24, bottom: 4, left: 8 };
const Y_AXIS_WIDTH = 64;
const CDF_TICKS = [0, 0.25, 0.5, 0.75, 1];

/**
 * The Binomial(n, p) PMF (top) and CDF (bottom) on one x axis, the blog's Figures 3–5: the observed
 * k in purple, the hypothesized p·N in red, the tail that the bound is about shaded on the PMF and
 * read off the CDF, and the level δ the bound pushes it to. Memoised on primitive props so that
 * slider drags redraw only when the (deferred) numbers change; nothing animates.
 */
export const TailPlots = memo(function TailPlots({ n, k, p, side, targetTail, width }: TailPlotsProps) {
  const series = useMemo(() => tailSeries(n, k, p, side), [n, k, p, side]);
  const domain = useMemo<[number, number]>(() => [series.lo - 0.5, series.hi + 0.5], [series]);
  const ticks = useMemo(() => integerTicks(series.lo, series.hi), [series]);
  const tick = useMemo(() => accuracyTick(n), [n]);
  const size = width ? { width, height: undefined } : { responsive: true as const };
  const mean = n * p;
  const targetLevel = side === 'left' ? targetTail : 1 - targetTail;
  const tailLabel = side === 'left' ? `P[X ≤ ${formatCount(k)}]` : `P[X ≥ ${formatCount(k)}]`;
  const reading =
    side === 'left'
      ? `F(${formatCount(k)}) = ${formatChance(series.tailMass)}`
      : `1 − F(${formatCount(k - 1)}) = ${formatChance(series.tailMass)}`;

  return (
    <div className="tail-plots" data-n={n} data-k={k} data-p={p}>
      <figure className="tail-plots__figure">
        <figcaption>
          Probability of each number correct, P[X = j], if the true accuracy were p; shaded: {tailLabel} ={' '}
          {formatChance(series.tailMass)}
          {series.binWidth > 1 && <> (each bar averages {formatCount(series.binWidth)} outcomes)</>}
        </figcaption>
        <ComposedChart
          {...size}
          height={PMF_HEIGHT}
          style={width ? undefined : { width: '100%', height: PMF_HEIGHT }}
          data={series.pmf}
          margin={MARGIN}
          accessibilityLayer={false}
        >
          <XAxis dataKey="x" type="number" domain={domain} ticks={ticks} allowDataOverflow tick={tick} height={36} />
          <YAxis width={Y_AXIS_WIDTH} tickFormatter={probabilityTick} tick={AXIS_TEXT} />
          <Area dataKey="rest" type="stepAfter" stroke="var(--muted)" fill="var(--muted)" fillOpacity={0.3} isAnimationActive={false} />
          <Area dataKey="tail" type="stepAfter" stroke="var(--observed)" fill="var(--observed)" fillOpacity={0.55} isAnimationActive={false} />
          <ReferenceLine x={k} stroke="var(--observed)" strokeWidth={2} label={{ value: `k = ${formatCount(k)}`, position: 'top', fill: 'var(--observed)' }} />
          <ReferenceLine x={mean} stroke="var(--hypothesis)" strokeWidth={2} strokeDasharray="6 3" />
        </ComposedChart>
      </figure>
      <figure className="tail-plots__figure">
        <figcaption>
          Cumulative probability F(j) = P[X ≤ j]; the tail is read off at {reading}; the bound moves p until it is{' '}
          {formatChance(targetTail)}
        </figcaption>
        <ComposedChart
          {...size}
          height={CDF_HEIGHT}
          style={width ? undefined : { width: '100%', height: CDF_HEIGHT }}
          data={series.cdf}
          margin={MARGIN}
          accessibilityLayer={false}
        >
          <XAxis
            dataKey="x"
            type="number"
            domain={domain}
            ticks={ticks}
            allowDataOverflow
            tick={tick}
            height={52}
            label={{ value: 'number correct j (empirical accuracy j/N)', position: 'insideBottom', fill: 'var(--text)' }}
          />
          <YAxis width={Y_AXIS_WIDTH} domain={[0, 1]} ticks={CDF_TICKS} tickFormatter={cdfTick} tick={AXIS_TEXT} />
          <ReferenceLine y={targetLevel} stroke="var(--text)" strokeDasharray="2 4" label={{ value: side === 'left' ? 'δ' : '1 − δ', position: 'insideTopLeft', fill: 'var(--text)' }} />
          <ReferenceLine y={series.cdfReading} stroke="var(--observed)" strokeDasharray="5 3" />
          <Line dataKey="cdf" type={series.binWidth === 1 ? 'step' : 'linear'} stroke="var(--text)" strokeWidth={2} dot={false} isAnimationActive={false} />
          <ReferenceLine x={k} stroke="var(--observed)" strokeWidth={2} />
          <ReferenceLine x={mean} stroke="var(--hypothesis)" strokeWidth={2} strokeDasharray="6 3" label={{ value: 'p·N', position: 'top', fill: 'var(--hypothesis)' }} />
          <ReferenceDot x={k} y={series.cdfReading} r={5} fill="var(--observed)" stroke="var(--bg)" />
        </ComposedChart>
      </figure>
      <p className="tail-plots__window">
        Drawn: outcomes {formatCount(series.lo)}–{formatCount(series.hi)} of 0–{formatCount(n)}
        {series.outsideMass > 0 && <> (probability outside: {formatChance(series.outsideMass)})</>}.
      </p>
    </div>
  );
});

const AXIS_TEXT = { fill: 'var(--muted)', fontSize: 12 };

function probabilityTick(value: number): string {
  return value === 0 ? '0' : `${Number((value * 100).toPrecision(2))}%`;
}

function cdfTick(value: number): string {
  return `${value * 100}%`;
}

/** About six integer ticks at 1-2-5 steps inside [lo, hi]. */
export function integerTicks(lo: number, hi: number, count = 6): number[] {
  const raw = Math.max(1, hi - lo) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, [1, 2, 5, 10].map((multiple) => multiple * power).find((candidate) => candidate >= raw)!);
  const ticks: number[] = [];
  for (let tick = Math.ceil(lo / step) * step; tick <= hi; tick += step) ticks.push(tick);
  return ticks;
}

interface TickProps {
  x?: number | string;
  y?: number | string;
  payload?: { value: number };
}

/** An x tick with the count j and, under it, the empirical accuracy j/N. */
function accuracyTick(n: number) {
  const digits = Math.max(0, accuracyDigits(n) - 1);
  return function AccuracyTick({ x, y, payload }: TickProps) {
    const value = payload?.value ?? 0;
    return (
      <text x={Number(x)} y={Number(y)} textAnchor="middle" fill="var(--muted)" fontSize={12}>
        <tspan x={Number(x)} dy="0.8em">
          {formatCount(value)}
        </tspan>
        <tspan x={Number(x)} dy="1.2em">
          {formatPercent(value / n, digits, 'nearest')}
        </tspan>
      </text>
    );
  };
}
