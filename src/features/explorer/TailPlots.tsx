import { createContext, memo, useContext, useMemo, useRef, type ReactElement } from 'react';
import { ComposedChart, Curve, usePlotArea, useXAxisScale, useYAxisScale, XAxis, YAxis } from 'recharts';
import { ChartDownloads } from '../../components/ChartDownloads';
import { formatFullPrecision, formatPercent, formatWholeCount, honestDigits } from '../../data/format';
import { linePath, stepAreaPath } from './plot-paths';
import { AXIS_STEPS, tailSeries, type CdfPoint, type PmfPoint, type TailSeries, type TailSide } from './tail-series';
import { accuracyDigits, certainTail, formatAccuracy, formatChance } from './tail-text';

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
const CDF_DOMAIN: [number, number] = [0, 1];
const AXIS_TEXT = { fill: 'var(--muted)', fontSize: 12 };
const FULL_WIDTH = { width: '100%' };
const REST_FILL = 'color-mix(in srgb, var(--muted) 30%, var(--bg))';
const TAIL_FILL = 'color-mix(in srgb, var(--observed) 55%, var(--bg))';
const CDF_LABEL = { value: 'number correct j (empirical accuracy j/N)', position: 'insideBottom', fill: 'var(--text)' } as const;

/**
 * The Binomial(n, p) PMF (top) and CDF (bottom) on one x axis, the blog's Figures 3–5: the observed
 * k in purple, the hypothesized p·N in red, the tail that the bound is about shaded on the PMF and
 * read off the CDF, and the level δ the bound pushes it to. Memoised on primitive props so that
 * slider drags redraw only when the (deferred) numbers change; nothing animates.
 *
 * recharts draws the axes; the series and marks are recharts `Curve`s and SVG lines placed through
 * the charts' own scales (useXAxisScale / useYAxisScale), with no `data` and no reference-line
 * components. Each of those would re-register in recharts' store and re-render the chart on the
 * next animation frame. The axes count tick steps — x from the window's start, which spans
 * AXIS_STEPS of them; the PMF's y in steps of its own, PMF_STEPS of them — so a window that moves or
 * grows with p, N or k, or a PMF that grows taller, leaves recharts' axes exactly as they were: only
 * their labels, which read the steps from a context like the layers do, change (recharts
 * re-registering an axis costs more than the rest of a redraw). The chart elements are memoised on
 * the axes alone, so a drag re-renders just the two layers and the tick labels, and recharts' axes
 * only when a window cut short at 0 or N changes them. The curves' path data is written here rather
 * than by d3-shape: that is what keeps dragging at N = 10^6 within a frame.
 */
export const TailPlots = memo(function TailPlots({ n, k, p, side, targetTail, width }: TailPlotsProps) {
  const series = useMemo(() => tailSeries(n, k, p, side), [n, k, p, side]);
  const { lo, hi, tickStep } = series;
  const steps = (hi - lo) / tickStep;
  // A whole window spans AXIS_STEPS steps: its domain and ticks never change. The half outcome beyond
  // each end, where the end bars' outer halves lie, matters only on a window cut short at 0 or N, where
  // the mass reaches the end (elsewhere the ends hold under 1e-14 of it).
  const whole = steps === AXIS_STEPS;
  const domain = useMemo<[number, number]>(() => (whole ? [0, AXIS_STEPS] : [-0.5 / tickStep, steps + 0.5 / tickStep]), [whole, tickStep, steps]);
  const ticks = useMemo(() => Array.from({ length: Math.floor(steps) + 1 }, (_, index) => index), [steps]);
  // The PMF axis counts in its tick step too (PMF_STEPS of them): a taller or lower PMF changes its labels alone.
  const pmfStep = pmfTickStep(Math.max(...series.pmf.map((point) => point.tail + point.rest)));
  // The same element objects while the axes stay put, so recharts' axes skip re-rendering.
  const pmfAxes = useMemo(
    () => [
      <XAxis key="x" type="number" dataKey="x" domain={domain} ticks={ticks} interval={0} allowDataOverflow tick={renderCountTick} height={36} />,
      <YAxis key="y" width={Y_AXIS_WIDTH} type="number" domain={PMF_DOMAIN} allowDataOverflow ticks={PMF_TICKS} interval={0} tick={renderProbabilityTick} />,
    ],
    [domain, ticks],
  );
  const cdfAxes = useMemo(
    () => [
      <XAxis key="x" type="number" dataKey="x" domain={domain} ticks={ticks} interval={0} allowDataOverflow tick={renderCountTick} height={56} label={CDF_LABEL} />,
      <YAxis key="y" width={Y_AXIS_WIDTH} type="number" domain={CDF_DOMAIN} allowDataOverflow ticks={CDF_TICKS} interval={0} tickFormatter={cdfTick} tick={AXIS_TEXT} />,
    ],
    [domain, ticks],
  );
  const size = useMemo(() => (width ? { width } : { responsive: true as const, style: FULL_WIDTH }), [width]);
  const mean = n * p;
  const targetLevel = side === 'left' ? targetTail : 1 - targetTail;
  const tickDigits = useMemo(() => countTickDigits(n, ticks.map((tick) => lo + tick * tickStep)), [n, ticks, lo, tickStep]);
  // A context per chart: a step of δ moves the CDF's level and leaves the PMF layer be.
  const pmfLayer = useMemo<PmfLayerData>(() => ({ series, k, mean, pmfStep }), [series, k, mean, pmfStep]);
  const cdfLayer = useMemo<CdfLayerData>(
    () => ({ series, k, mean, targetLevel, targetLabel: side === 'left' ? 'δ' : '1 − δ' }),
    [series, k, mean, targetLevel, side],
  );
  // Apart from the layers': a step of p mostly leaves the labels as they are, and then they do not re-render.
  const labels = useMemo<TickLabels>(() => ({ lo, tickStep, n, tickDigits, pmfStep }), [lo, tickStep, n, tickDigits, pmfStep]);
  const pmfChart = useMemo(
    () => (
      <ComposedChart {...size} height={PMF_HEIGHT} margin={MARGIN} accessibilityLayer={false}>
        {pmfAxes}
        <PmfLayer />
      </ComposedChart>
    ),
    [pmfAxes, size],
  );
  const cdfChart = useMemo(
    () => (
      <ComposedChart {...size} height={CDF_HEIGHT} margin={MARGIN} accessibilityLayer={false}>
        {cdfAxes}
        <CdfLayer />
      </ComposedChart>
    ),
    [cdfAxes, size],
  );
  const tailLabel = side === 'left' ? `P[X ≤ ${formatWholeCount(k)}]` : `P[X ≥ ${formatWholeCount(k)}]`;
  const exactTail = certainTail(n, k, p, side);
  const plotsRef = useRef<HTMLDivElement>(null);
  const pictureTitle = `Binomial tail: ${formatWholeCount(k)} of ${formatWholeCount(n)} correct at true accuracy p = ${formatAccuracy(p, n)}`;
  const pictureCaption =
    `Top: P[X = j] for N = ${formatWholeCount(n)} tests if the true accuracy were p, the tail ${tailLabel} = ${formatChance(series.tailMass, exactTail)} shaded; ` +
    `bottom: the CDF F(j). Exact binomial tail (Clopper–Pearson, Langford 2005): the ${side === 'left' ? 'upper' : 'lower'} bound is the p ` +
    `at which this tail equals ${formatFullPrecision(targetTail)} (δ for a one-sided bound, δ/2 for each end of a central interval).`;
  const reading =
    side === 'left'
      ? `F(${formatWholeCount(k)}) = ${formatChance(series.tailMass, exactTail)}`
      : `1 − F(${formatWholeCount(k - 1)}) = ${formatChance(series.tailMass, exactTail)}`;

  return (
    <TickLabelContext.Provider value={labels}>
      <PmfLayerContext.Provider value={pmfLayer}>
        <CdfLayerContext.Provider value={cdfLayer}>
          <div className="tail-plots" data-n={n} data-k={k} data-p={p} ref={plotsRef}>
            <figure className="tail-plots__figure">
              <figcaption>
                Probability of each number correct, P[X = j], if the true accuracy were p; shaded: {tailLabel} ={' '}
                {formatChance(series.tailMass, exactTail)}
                {series.binWidth > 1 && <> (each bar averages {formatWholeCount(series.binWidth)} outcomes)</>}
              </figcaption>
              {pmfChart}
            </figure>
            <figure className="tail-plots__figure">
              <figcaption>
                Cumulative probability F(j) = P[X ≤ j]; the tail is read off at {reading}; the bound moves p until it is{' '}
                {formatChance(targetTail)}
              </figcaption>
              {cdfChart}
            </figure>
            <p className="tail-plots__window">
              Drawn: outcomes {formatWholeCount(lo)}–{formatWholeCount(hi)} of 0–{formatWholeCount(n)}
              {series.outsideMass > 0 && <> (probability outside: {formatChance(series.outsideMass)})</>}.
            </p>
            <ChartDownloads source={plotsRef} title={pictureTitle} caption={pictureCaption} />
          </div>
        </CdfLayerContext.Provider>
      </PmfLayerContext.Provider>
    </TickLabelContext.Provider>
  );
});

/** What the PMF layer draws; passed by context so that a new value re-renders the layer and not the chart. */
interface PmfLayerData {
  series: TailSeries;
  k: number;
  mean: number;
  /** The PMF axis' tick step, a probability: the axis itself counts these steps. */
  pmfStep: number;
}

/** What the CDF layer draws, likewise. */
interface CdfLayerData {
  series: TailSeries;
  k: number;
  mean: number;
  targetLevel: number;
  targetLabel: string;
}

const PmfLayerContext = createContext<PmfLayerData | null>(null);
const CdfLayerContext = createContext<CdfLayerData | null>(null);

/** What the axes' tick labels say: the steps the axes count, from the window's start. */
interface TickLabels {
  lo: number;
  tickStep: number;
  n: number;
  /** Decimals of the accuracy under each count tick. */
  tickDigits: number;
  pmfStep: number;
}

const TickLabelContext = createContext<TickLabels | null>(null);

type Scale = (value: number) => number | undefined;

interface Scales {
  /** From a count j to pixels. */
  x: Scale;
  y: Scale;
  area: { x: number; y: number; width: number; height: number };
}

/**
 * The chart's scales (x taking counts, the axis itself counting tick steps from the window's start)
 * and plot area, or nothing to draw while recharts has not measured the chart yet.
 */
function useScales(series: TailSeries | undefined): Scales | undefined {
  const axisX = useXAxisScale();
  const y = useYAxisScale();
  const area = usePlotArea();
  if (!axisX || !y || !area || !series) return undefined;
  const { lo, tickStep } = series;
  return { x: (count) => axisX((count - lo) / tickStep), y, area };
}

/** A full-height vertical mark at data value `at`, optionally labelled above the plot. */
function VerticalMark({ scales, at, color, dashed, label }: { scales: Scales; at: number; color: string; dashed?: boolean; label?: string }) {
  const x = scales.x(at);
  const { area } = scales;
  if (x === undefined || x < area.x - 1 || x > area.x + area.width + 1) return null;
  return (
    <g>
      <line x1={x} x2={x} y1={area.y} y2={area.y + area.height} stroke={color} strokeWidth={2} strokeDasharray={dashed ? '6 3' : undefined} />
      {label && (
        <text x={x} y={area.y - 6} textAnchor="middle" fill={color} fontSize={12}>
          {label}
        </text>
      )}
    </g>
  );
}

/** The PMF as two step areas (the shaded tail and the rest), with the k and p·N marks. */
function PmfLayer(): ReactElement | null {
  const data = useContext(PmfLayerContext);
  const scales = useScales(data?.series);
  if (!scales || !data) return null;
  const { k, mean } = data;
  const points: PmfPoint[] = data.series.pmf;
  const { x } = scales;
  const y = (probability: number) => scales.y(probability / data.pmfStep) ?? 0;
  const baseLine = y(0);
  const toPixels = (key: 'tail' | 'rest') => points.map((point) => ({ x: x(point.x) ?? 0, y: y(point[key]) }));
  return (
    <g className="tail-plots__layer">
      {/* Opaque tints rather than fill-opacity: no blending to raster on every redraw. */}
      <Curve path={stepAreaPath(toPixels('rest'), baseLine)} stroke="var(--muted)" fill={REST_FILL} />
      <Curve path={stepAreaPath(toPixels('tail'), baseLine)} stroke="var(--observed)" fill={TAIL_FILL} />
      <VerticalMark scales={scales} at={k} color="var(--observed)" label={`k = ${formatWholeCount(k)}`} />
      <VerticalMark scales={scales} at={mean} color="var(--hypothesis)" dashed />
    </g>
  );
}

/** The CDF (steps at the integers when each outcome has its own bar, else straight between exact samples), the level the tail is read at and the target δ. */
function CdfLayer(): ReactElement | null {
  const data = useContext(CdfLayerContext);
  const scales = useScales(data?.series);
  if (!scales || !data) return null;
  const { k, mean, targetLevel, targetLabel } = data;
  const targetNearOne = targetLevel > 0.5;
  const points: CdfPoint[] = data.series.cdf;
  const stepped = data.series.binWidth === 1;
  const reading = data.series.cdfReading;
  const { x, y, area } = scales;
  const pixels = points.map((point) => ({ x: x(point.x) ?? 0, y: y(point.cdf) ?? 0 }));
  const left = area.x;
  const right = area.x + area.width;
  const readingY = y(reading) ?? 0;
  const targetY = y(targetLevel) ?? 0;
  const kX = x(k) ?? 0;
  return (
    <g className="tail-plots__layer">
      <line x1={left} x2={right} y1={targetY} y2={targetY} stroke="var(--text)" strokeDasharray="2 4" />
      {/* At the end where the CDF is far from the level: the right for δ (the CDF is near 1 there), the left for 1 − δ. */}
      <text x={targetNearOne ? left + 4 : right - 4} y={targetY - 4} textAnchor={targetNearOne ? 'start' : 'end'} fill="var(--text)" fontSize={12}>
        {targetLabel}
      </text>
      <line x1={left} x2={right} y1={readingY} y2={readingY} stroke="var(--observed)" strokeDasharray="5 3" />
      <Curve path={linePath(pixels, stepped)} stroke="var(--text)" strokeWidth={2} fill="none" />
      <VerticalMark scales={scales} at={k} color="var(--observed)" />
      <VerticalMark scales={scales} at={mean} color="var(--hypothesis)" dashed label="p·N" />
      <circle cx={kX} cy={readingY} r={5} fill="var(--observed)" stroke="var(--bg)" />
    </g>
  );
}

function probabilityTick(value: number): string {
  return value === 0 ? '0' : `${Number((value * 100).toPrecision(2))}%`;
}

/** recharts calls this for each PMF tick; like the count ticks, the label follows the scale by context. */
const renderProbabilityTick = (props: TickProps) => <ProbabilityTick {...props} />;

/** A PMF tick: the axis counts tick steps; the label is the probability there. */
function ProbabilityTick({ x, y, payload }: TickProps) {
  const data = useContext(TickLabelContext);
  if (!data) return null;
  return (
    <text x={Number(x)} y={Number(y)} dy="0.355em" textAnchor="end" fill={AXIS_TEXT.fill} fontSize={AXIS_TEXT.fontSize}>
      {probabilityTick(Number(((payload?.value ?? 0) * data.pmfStep).toPrecision(12)))}
    </text>
  );
}

function cdfTick(value: number): string {
  return `${value * 100}%`;
}

/** The PMF axis spans this many tick steps. */
const PMF_STEPS = 4;
const PMF_DOMAIN: [number, number] = [0, PMF_STEPS];
const PMF_TICKS = Array.from({ length: PMF_STEPS + 1 }, (_, index) => index);
/** Tick steps per decade, close enough together that the tallest bar reaches 3/4 of the axis or more. */
const PMF_STEP_MULTIPLES = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10];

/**
 * The PMF axis' tick step: the smallest step from PMF_STEP_MULTIPLES × 10^m whose PMF_STEPS steps
 * reach a little above the tallest bar. Snapped like this, it changes only now and then during a drag.
 */
export function pmfTickStep(tallest: number): number {
  if (!(tallest > 0)) return 1 / PMF_STEPS;
  const raw = (tallest * 1.05) / PMF_STEPS;
  const power = 10 ** Math.floor(Math.log10(raw));
  return Number(PMF_STEP_MULTIPLES.map((multiple) => multiple * power).find((candidate) => candidate >= raw * (1 - 1e-12))!.toPrecision(12));
}

interface TickProps {
  x?: number | string;
  y?: number | string;
  payload?: { value: number };
}

/**
 * Decimals for the empirical accuracy j/N under the count ticks: those that keep every tick's
 * accuracy distinct and short of 100% unless j = N (999,600 of 10⁶ reads 99.96%).
 */
export function countTickDigits(n: number, counts: readonly number[]): number {
  const usual = Math.max(0, accuracyDigits(n) - 1);
  return honestDigits(counts.map((value) => ({ value: value / n, rounding: 'nearest' })), usual);
}

/** recharts calls this for each x tick; the label is a component of its own, so that it follows the window by context. */
const renderCountTick = (props: TickProps) => <CountTick {...props} />;

/** Below this many pixels between ticks (a phone), every other count tick is labelled: "794,000" needs ~50. */
const MIN_LABEL_SPACING = 60;

/** An x tick: the count j (the axis counts tick steps from the window's start) and, under it, the empirical accuracy j/N. */
function CountTick({ x, y, payload }: TickProps) {
  const data = useContext(TickLabelContext);
  const area = usePlotArea();
  if (!data) return null;
  const step = payload?.value ?? 0;
  const narrow = area !== undefined && area.width / AXIS_STEPS < MIN_LABEL_SPACING;
  if (narrow && step % 2 !== 0) return null;
  const value = data.lo + step * data.tickStep;
  // The label at the plot's right edge ends there rather than running past the picture's edge, where
  // it was cut ("100%" at N, "1,000,000" at N = 10⁶), on a wide plot as on a narrow one.
  const atRightEdge = area !== undefined && Number(x) > area.x + area.width - MIN_LABEL_SPACING / 2;
  return (
    <text x={Number(x)} y={Number(y)} textAnchor={atRightEdge ? 'end' : 'middle'} fill="var(--muted)" fontSize={12}>
      <tspan x={Number(x)} dy="0.8em">
        {formatWholeCount(value)}
      </tspan>
      <tspan x={Number(x)} dy="1.2em">
        {formatPercent(value / data.n, data.tickDigits, 'nearest')}
      </tspan>
    </text>
  );
}
