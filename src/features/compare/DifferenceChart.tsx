import { useElementWidth } from '../../components/use-element-width';
import { formatDifferenceParts } from '../../data/format';
import type { DifferenceInterval } from '../../stats';

export interface DifferenceRow {
  label: string;
  interval: DifferenceInterval;
  /** Counts and method in a few words. */
  note: string;
  /** Drawn in the accent colour (proven different) or muted (not shown to differ). */
  proven: boolean;
  /** A one-sided bound: the band runs from the lower bound to the scale's end, and reads "at least". */
  oneSided?: boolean;
}

/** Drawn at the width it is shown (so its text keeps its size on a phone), between these. */
const MAX_WIDTH = 640;
const MIN_WIDTH = 300;
const TRACK_HEIGHT = 14;
/** Below this width (a phone) the numbers go on a line of their own and the two "better" labels on two lines. */
const NARROW = 480;
/** Rows and axis as laid out at a width: on a narrow chart each row has a line more. */
const layoutAt = (narrow: boolean) =>
  narrow ? { rowHeight: 88, numbersY: 31, noteY: 46, trackTop: 54, axisHeight: 58 } : { rowHeight: 70, numbersY: 14, noteY: 29, trackTop: 36, axisHeight: 40 };
/** Bold 14 px text is about this wide per character: a longer name is cut with "…" to fit the chart. */
const CHARACTER_WIDTH = 8.5;

function fitted(text: string, width: number): string {
  const room = Math.max(8, Math.floor(width / CHARACTER_WIDTH));
  return text.length <= room ? text : `${text.slice(0, room - 1)}…`;
}
/** Half-widths of the scale, in proportions: the smallest that holds every interval is used. */
const SCALE_STEPS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1];

/** The symmetric scale ±S around 0 that holds every row's interval. */
export function differenceScale(rows: readonly { interval: DifferenceInterval }[]): number {
  const extent = Math.max(...rows.map(({ interval }) => Math.max(Math.abs(interval.lower), Math.abs(interval.upper))), 0);
  return SCALE_STEPS.find((step) => step >= extent) ?? 1;
}

/**
 * Differences A − B as bars around 0 on one symmetric scale: per row the label with the estimate and
 * outward-rounded ends in points, its counts and method, the interval as a band and the estimate as
 * a tick; 0 marked across each band (not through the labels) and "B better ← → A better" under the axis. One SVG, so it prints and downloads.
 */
export function DifferenceChart({ rows, title, better }: { rows: readonly DifferenceRow[]; title: string; better: { left: string; right: string } }) {
  const [frame, measured] = useElementWidth<HTMLDivElement>(MAX_WIDTH);
  const width = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, measured));
  const half = differenceScale(rows);
  const x = (value: number) => ((value + half) / (2 * half)) * width;
  const narrow = width < NARROW;
  const { rowHeight, numbersY, noteY, trackTop, axisHeight } = layoutAt(narrow);
  const height = rows.length * rowHeight + axisHeight;
  const ticks = [-half, -half / 2, 0, half / 2, half];
  return (
    <div ref={frame}>
      <svg className="difference-chart" role="img" aria-label={title} viewBox={`0 0 ${width} ${height}`} width="100%">
        {rows.map((row, index) => {
          const top = index * rowHeight + 4;
          const shown = formatDifferenceParts(row.interval);
          const color = row.proven ? 'var(--balanced)' : 'var(--muted)';
          const lowerX = x(row.interval.lower);
          const trackY = top + trackTop;
          const numbers = row.oneSided ? `${shown.estimate}, at least ${shown.lower} points` : `${shown.estimate} [${shown.lower}, ${shown.upper}] points`;
          return (
            <g key={`${row.label}-${index}`}>
              {narrow ? (
                <>
                  <text x={0} y={top + 14} fontSize={14} fontWeight={700} fill="var(--text)">
                    {fitted(row.label, width)}
                  </text>
                  <text x={0} y={top + numbersY} fontSize={14} fill="var(--text)">
                    {numbers}
                  </text>
                </>
              ) : (
                <text x={0} y={top + numbersY} fontSize={14} fill="var(--text)">
                  <tspan fontWeight={700}>{fitted(row.label, width / 2)}</tspan>
                  <tspan> {numbers}</tspan>
                </text>
              )}
              <text x={0} y={top + noteY} fontSize={11} fill="var(--muted)">
                {fitted(row.note, (width * CHARACTER_WIDTH) / 6)}
              </text>
              <rect x={0.5} y={trackY} width={width - 1} height={TRACK_HEIGHT} fill="none" stroke="var(--border)" />
              <rect x={lowerX} y={trackY} width={Math.max(2, x(row.interval.upper) - lowerX)} height={TRACK_HEIGHT} fill={color} fillOpacity={0.75} stroke={color} />
              <line
                x1={x(row.interval.estimate)}
                x2={x(row.interval.estimate)}
                y1={trackY - 4}
                y2={trackY + TRACK_HEIGHT + 4}
                stroke="var(--text)"
                strokeWidth={3}
              />
              {/* Zero marked on each row's track only, so the row's label and numbers above it stay clear. */}
              <line x1={x(0)} x2={x(0)} y1={trackY - 6} y2={trackY + TRACK_HEIGHT + 6} stroke="var(--text)" strokeDasharray="4 3" />
            </g>
          );
        })}
        {ticks.map((tick, index) => (
          <text
            key={tick}
            x={x(tick)}
            y={rows.length * rowHeight + 18}
            fontSize={11}
            fill="var(--muted)"
            textAnchor={index === 0 ? 'start' : index === ticks.length - 1 ? 'end' : 'middle'}
          >
            {tick === 0 ? '0' : `${tick > 0 ? '+' : '−'}${Number(Math.abs(tick * 100).toPrecision(6))}`}
          </text>
        ))}
        <text x={0} y={rows.length * rowHeight + 34} fontSize={12} fill="var(--text)">
          ← {fitted(better.left, narrow ? width * 1.3 : width / 1.5)}
        </text>
        <text x={width} y={rows.length * rowHeight + (narrow ? 50 : 34)} fontSize={12} fill="var(--text)" textAnchor="end">
          {fitted(better.right, narrow ? width * 1.3 : width / 1.5)} →
        </text>
      </svg>
    </div>
  );
}
