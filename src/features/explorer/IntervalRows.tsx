import { useId, useState, type CSSProperties } from 'react';
import { niceTicks, percentTickFormatter, tickCountFor } from '../../components/axis-ticks';
import { useElementWidth } from '../../components/use-element-width';

/** One interval drawn as a band on the shared accuracy axis. */
export interface IntervalRow {
  id: string;
  /** Visible label with its numbers, e.g. "Exact central 95%: [70.8%, 87.4%]". */
  label: string;
  lower: number;
  upper: number;
  estimate: number;
  /** A CSS colour variable name without `--`: observed, hypothesis, yes, no, balanced, muted, accent. */
  color: string;
  /** Where an unclipped interval would reach beyond [0, 1]; drawn dashed outside the possible range. */
  reach?: { lower: number; upper: number };
  /** Draw dashed construction lines from these two rows' bounds to this row's (its bounds are their averages). */
  averageOf?: [string, string];
  /** A one-sided bound: the band runs to 0 (an upper bound) or to 1 (a lower bound); zooming ignores that end. */
  oneSided?: 'upper' | 'lower';
}

const ROW_HEIGHT = 40;
const BAND_HEIGHT = 14;
const VIEW_WIDTH = 1000;
/** Room each axis label needs ("99.95%"), so that a phone's narrow plot gets fewer of them. */
const TICK_LABEL_PIXELS = 56;

/**
 * Intervals stacked on one accuracy axis, the blog's Figures 6 and 7: bands with a tick at the
 * estimate; the part of an unclipped normal-approximation interval beyond [0, 1] dashed in the
 * shaded impossible region; for an average (the balanced interval) dashed lines from the two bounds
 * it averages. Text lives in HTML beside the SVG so it never stretches.
 */
export function IntervalRows({ rows, title }: { rows: IntervalRow[]; title: string }) {
  const zoomId = useId();
  const [zoomed, setZoomed] = useState(false);
  const [plotRef, plotWidth] = useElementWidth<HTMLDivElement>(VIEW_WIDTH / 2);
  const reachLow = Math.min(0, ...rows.map((row) => row.reach?.lower ?? 0));
  const reachHigh = Math.max(1, ...rows.map((row) => row.reach?.upper ?? 1));
  // Pad so that a zero-width interval at 0 or 1 stays visible.
  const [from, to] = zoomed ? zoomDomain(rows, reachLow - 0.02, reachHigh + 0.02) : [reachLow - 0.02, reachHigh + 0.02];
  const x = (value: number) => ((Math.min(Math.max(value, from), to) - from) / (to - from)) * VIEW_WIDTH;
  const percentLeft = (value: number) => `${((value - from) / (to - from)) * 100}%`;
  const height = rows.length * ROW_HEIGHT;
  const rowIndex = new Map(rows.map((row, index) => [row.id, index]));
  const mid = (index: number) => index * ROW_HEIGHT + ROW_HEIGHT / 2;
  const ticks = niceTicks(Math.max(from, 0), Math.min(to, 1), tickCountFor(plotWidth, TICK_LABEL_PIXELS, 6)).filter((tick) => tick >= from && tick <= to);
  const tickLabel = percentTickFormatter(ticks);

  return (
    <div className="interval-rows" role="group" aria-label={title}>
      <label className="interval-rows__zoom" htmlFor={zoomId}>
        <input id={zoomId} type="checkbox" checked={zoomed} onChange={(event) => setZoomed(event.target.checked)} /> Zoom to the
        intervals
      </label>
      <ul className="interval-rows__labels" style={{ '--row-height': `${ROW_HEIGHT}px` } as CSSProperties}>
        {rows.map((row) => (
          <li key={row.id}>{row.label}</li>
        ))}
      </ul>
      <div className="interval-rows__plot" ref={plotRef}>
        <svg
          viewBox={`0 0 ${VIEW_WIDTH} ${height}`}
          preserveAspectRatio="none"
          width="100%"
          height={height}
          aria-hidden="true"
        >
          <rect x={x(from)} width={x(0) - x(from)} y={0} height={height} className="interval-rows__impossible" />
          <rect x={x(1)} width={x(to) - x(1)} y={0} height={height} className="interval-rows__impossible" />
          {ticks.map((tick) => (
            <line key={tick} x1={x(tick)} x2={x(tick)} y1={0} y2={height} className="interval-rows__grid" vectorEffect="non-scaling-stroke" />
          ))}
          {rows.map((row, index) => {
            const y = mid(index) - BAND_HEIGHT / 2;
            const color = `var(--${row.color})`;
            return (
              <g key={row.id}>
                {row.reach && (
                  <rect
                    x={x(row.reach.lower)}
                    width={Math.max(x(row.reach.upper) - x(row.reach.lower), 0)}
                    y={y}
                    height={BAND_HEIGHT}
                    fill="none"
                    stroke={color}
                    strokeDasharray="4 3"
                    vectorEffect="non-scaling-stroke"
                  />
                )}
                <rect x={x(row.lower)} width={Math.max(x(row.upper) - x(row.lower), 0)} y={y} height={BAND_HEIGHT} fill={color} fillOpacity={0.8} />
                {row.upper === row.lower && (
                  // A zero-width interval still gets a visible mark.
                  <line x1={x(row.lower)} x2={x(row.lower)} y1={y - 4} y2={y + BAND_HEIGHT + 4} stroke={color} strokeWidth={4} vectorEffect="non-scaling-stroke" />
                )}
                <line
                  x1={x(row.estimate)}
                  x2={x(row.estimate)}
                  y1={y - 5}
                  y2={y + BAND_HEIGHT + 5}
                  stroke="var(--text)"
                  strokeWidth={2}
                  vectorEffect="non-scaling-stroke"
                />
                {row.averageOf?.map((sourceId) => {
                  const source = rows[rowIndex.get(sourceId) ?? -1];
                  if (!source) return null;
                  const sourceY = mid(rowIndex.get(sourceId)!);
                  return (['lower', 'upper'] as const).map((end) => (
                    <line
                      key={`${sourceId}-${end}`}
                      x1={x(source[end])}
                      y1={sourceY}
                      x2={x(row[end])}
                      y2={mid(index)}
                      stroke="var(--text)"
                      strokeDasharray="3 3"
                      vectorEffect="non-scaling-stroke"
                    />
                  ));
                })}
              </g>
            );
          })}
        </svg>
        <div className="interval-rows__axis" aria-hidden="true">
          {ticks.map((tick) => (
            <span key={tick} style={{ left: percentLeft(tick) }}>
              {tickLabel(tick)}
            </span>
          ))}
        </div>
      </div>
      <p className="interval-rows__note">
        Shaded grey: below 0% or above 100%, accuracies that cannot occur.
        {(reachLow < 0 || reachHigh > 1) && ' Dashed: where the unclipped interval reaches into them.'}
      </p>
    </div>
  );
}

/** The range that holds every finite end and estimate (not the open end of a one-sided bound), padded. */
function zoomDomain(rows: IntervalRow[], min: number, max: number): [number, number] {
  const points = rows.flatMap((row) => [
    row.estimate,
    row.oneSided === 'upper' ? row.estimate : (row.reach?.lower ?? row.lower),
    row.oneSided === 'lower' ? row.estimate : (row.reach?.upper ?? row.upper),
  ]);
  const low = Math.min(...points);
  const high = Math.max(...points);
  const pad = Math.max((high - low) * 0.08, 0.001);
  return [Math.max(min, low - pad), Math.min(max, high + pad)];
}
