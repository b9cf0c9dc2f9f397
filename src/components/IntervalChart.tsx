import { formatIntervalParts, percentNumber } from '../data/format';
import type { Interval } from '../stats';
import { barPosition, barScale, scaleRangeText } from './bar-scale';
import type { IntervalSeries } from './IntervalBar';

export interface IntervalChartRow {
  /** What is measured, e.g. "Balanced accuracy". */
  label: string;
  interval: Interval;
  series: IntervalSeries;
  /** Counts and method in a few words, e.g. "38/40 correct · exact central (Clopper–Pearson)". */
  note: string;
}

const WIDTH = 640;
const ROW_HEIGHT = 86;
const TRACK_TOP = 40;
const TRACK_HEIGHT = 16;
const SCALE_TICKS = [0, 0.25, 0.5, 0.75, 1];

/**
 * Intervals as one SVG: per row the label with the estimate and outward-rounded bounds, counts and
 * method, then the interval as an outlined band with the estimate marked, on 0–100% (or, for a
 * narrow interval, its labelled neighbourhood). Drawn with strokes and fills rather than CSS
 * backgrounds, so it prints, and it is what the interval pictures download.
 */
export function IntervalChart({ rows, title }: { rows: readonly IntervalChartRow[]; title: string }) {
  const height = rows.length * ROW_HEIGHT + 8;
  return (
    <svg className="interval-chart" role="img" aria-label={title} viewBox={`0 0 ${WIDTH} ${height}`} width="100%">
      {rows.map((row, index) => (
        <IntervalChartRowView key={row.label} row={row} top={index * ROW_HEIGHT + 4} />
      ))}
    </svg>
  );
}

/** The mark of a broken axis: a gap cut through the track between two slanted strokes, as on a printed chart. */
function AxisBreak({ x, y }: { x: number; y: number }) {
  const top = y - 5;
  const bottom = y + TRACK_HEIGHT + 5;
  return (
    <g className="interval-chart__axis-break" data-axis-break="">
      <polygon points={`${x - 6},${bottom} ${x - 1},${top} ${x + 6},${top} ${x + 1},${bottom}`} fill="var(--bg)" />
      <line x1={x - 6} y1={bottom} x2={x - 1} y2={top} stroke="var(--text)" strokeWidth={1.5} />
      <line x1={x + 1} y1={bottom} x2={x + 6} y2={top} stroke="var(--text)" strokeWidth={1.5} />
    </g>
  );
}

function IntervalChartRowView({ row, top }: { row: IntervalChartRow; top: number }) {
  const scale = barScale(row.interval);
  const x = (value: number) => (barPosition(scale, value) / 100) * WIDTH;
  const shown = formatIntervalParts(row.interval);
  const color = `var(--${row.series})`;
  const trackY = top + TRACK_TOP;
  const lowerX = x(row.interval.lower);
  const labelY = trackY + TRACK_HEIGHT + 14;
  return (
    <g>
      <text x={0} y={top + 15} fontSize={15} fill="var(--text)">
        <tspan fontWeight={700}>{row.label}</tspan>
        <tspan>
          {' '}
          {shown.estimate} [{shown.lower}, {shown.upper}]
        </tspan>
      </text>
      <text x={0} y={top + 32} fontSize={12} fill="var(--muted)">
        {row.note}
      </text>
      <rect x={0.5} y={trackY} width={WIDTH - 1} height={TRACK_HEIGHT} fill="none" stroke="var(--muted)" />
      <rect
        x={lowerX}
        y={trackY}
        width={Math.max(2, x(row.interval.upper) - lowerX)}
        height={TRACK_HEIGHT}
        fill={color}
        fillOpacity={0.8}
        stroke={color}
      />
      <line x1={x(row.interval.estimate)} x2={x(row.interval.estimate)} y1={trackY - 4} y2={trackY + TRACK_HEIGHT + 4} stroke="var(--text)" strokeWidth={3} />
      {scale.zoomed ? (
        <>
          {/* The axis is broken where the zoomed scale stops short of 0% or 100%: drawn on the track, not only said. */}
          {scale.from > 0 && <AxisBreak x={10} y={trackY} />}
          {scale.to < 1 && <AxisBreak x={WIDTH - 10} y={trackY} />}
          <text x={0} y={labelY} fontSize={11} fill="var(--muted)">
            {percentNumber(scale.from)}%
          </text>
          <text x={WIDTH / 2} y={labelY} fontSize={11} fill="var(--muted)" textAnchor="middle">
            zoomed: scale {scaleRangeText(scale)}
          </text>
          <text x={WIDTH} y={labelY} fontSize={11} fill="var(--muted)" textAnchor="end">
            {percentNumber(scale.to)}%
          </text>
        </>
      ) : (
        SCALE_TICKS.map((tick, index) => (
          <text
            key={tick}
            x={tick * WIDTH}
            y={labelY}
            fontSize={11}
            fill="var(--muted)"
            textAnchor={index === 0 ? 'start' : index === SCALE_TICKS.length - 1 ? 'end' : 'middle'}
          >
            {tick * 100}%
          </text>
        ))
      )}
    </g>
  );
}
