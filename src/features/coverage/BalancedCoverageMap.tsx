import { useId, useMemo, useState } from 'react';
import { formatConfidence, formatPercent } from '../../data/format';

/** Viridis, dark to bright: readable on both themes and in greyscale. */
const PALETTE = ['#440154', '#3b528b', '#21918c', '#5ec962', '#fde725'];
/** Cells below the nominal level (none, for the union bound) stand out in red. */
const UNDERCOVER = '#d62828';

const CELL = 8;
// Room on the left for the rotated axis title beside the tick labels (at 48 px the two overlapped).
const MARGIN = { left: 58, bottom: 40, top: 8, right: 20 };
const AXIS_TICKS = [0, 0.25, 0.5, 0.75, 1];

export interface BalancedCoverageMapProps {
  /** coverage[i][j] at p⁺ = ps[i], p⁻ = ps[j]. */
  coverage: readonly (readonly number[])[];
  ps: readonly number[];
  delta: number;
  /** The colour scale's low end (at most the lowest coverage); its high end is 100%. */
  floor: number;
  /** Accessible name of the picture: what it shows, in numbers. */
  summary: string;
}

function hexToRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** The palette colour at t ∈ [0, 1], interpolated linearly between its stops. */
export function paletteColor(t: number): string {
  const position = Math.min(Math.max(t, 0), 1) * (PALETTE.length - 1);
  const index = Math.min(Math.floor(position), PALETTE.length - 2);
  const from = hexToRgb(PALETTE[index]!);
  const to = hexToRgb(PALETTE[index + 1]!);
  const mix = position - index;
  const channel = (c: number) => Math.round(from[c]! + (to[c]! - from[c]!) * mix);
  return `rgb(${channel(0)}, ${channel(1)}, ${channel(2)})`;
}

/**
 * The balanced interval's coverage as a heat map: p⁻ (accuracy on should-be-NO) across, p⁺
 * (accuracy on should-be-YES) up. Hovering a cell reads it out; the data table is the accessible form.
 */
export function BalancedCoverageMap({ coverage, ps, delta, floor, summary }: BalancedCoverageMapProps) {
  const gradientId = useId();
  const [hovered, setHovered] = useState<{ i: number; j: number } | null>(null);
  const size = ps.length * CELL;
  const nominal = 1 - delta;
  const colorOf = (value: number) => (value < nominal ? UNDERCOVER : paletteColor((value - floor) / (1 - floor)));
  const cells = useMemo(
    () =>
      coverage.flatMap((row, i) =>
        row.map((value, j) => ({ i, j, value, x: MARGIN.left + j * CELL, y: MARGIN.top + size - (i + 1) * CELL })),
      ),
    [coverage, size],
  );
  const hoveredValue = hovered ? coverage[hovered.i]?.[hovered.j] : undefined;

  return (
    <div className="coverage-map">
      <svg
        role="img"
        aria-label={summary}
        width={MARGIN.left + size + MARGIN.right}
        height={MARGIN.top + size + MARGIN.bottom}
        viewBox={`0 0 ${MARGIN.left + size + MARGIN.right} ${MARGIN.top + size + MARGIN.bottom}`}
        onMouseLeave={() => setHovered(null)}
      >
        {/* The picture's words are its label; hidden from assistive technology, the 2,500 cells also
            cost axe 3 s instead of 40 s a map. */}
        <g aria-hidden="true">
          {cells.map((cell) => (
            <rect
              key={`${cell.i}-${cell.j}`}
              x={cell.x}
              y={cell.y}
              width={CELL}
              height={CELL}
              fill={colorOf(cell.value)}
              onMouseEnter={() => setHovered({ i: cell.i, j: cell.j })}
            />
          ))}
        </g>
        {hovered && (
          <rect
            className="coverage-map__hover"
            x={MARGIN.left + hovered.j * CELL}
            y={MARGIN.top + size - (hovered.i + 1) * CELL}
            width={CELL}
            height={CELL}
          />
        )}
        {AXIS_TICKS.map((tick) => (
          <g key={tick} className="coverage-map__tick">
            <text x={MARGIN.left + tick * size} y={MARGIN.top + size + 16} textAnchor="middle">
              {formatPercent(tick, 0)}
            </text>
            <text x={MARGIN.left - 6} y={MARGIN.top + size - tick * size + 4} textAnchor="end">
              {formatPercent(tick, 0)}
            </text>
          </g>
        ))}
        <text className="coverage-map__axis-label" x={MARGIN.left + size / 2} y={MARGIN.top + size + 34} textAnchor="middle">
          p⁻, true accuracy on should-be-NO
        </text>
        <text
          className="coverage-map__axis-label"
          transform={`translate(12 ${MARGIN.top + size / 2}) rotate(-90)`}
          textAnchor="middle"
        >
          p⁺, true accuracy on should-be-YES
        </text>
      </svg>
      <div className="coverage-map__side">
        <div className="coverage-map__legend">
          <svg width="220" height="44" aria-hidden="true">
            <defs>
              <linearGradient id={gradientId}>
                {PALETTE.map((color, index) => (
                  <stop key={color} offset={index / (PALETTE.length - 1)} stopColor={color} />
                ))}
              </linearGradient>
            </defs>
            <rect x="10" y="4" width="200" height="14" fill={`url(#${gradientId})`} />
            <text x="10" y="36" textAnchor="start">
              {formatPercent(floor, 1, 'down')}
            </text>
            <text x="210" y="36" textAnchor="end">
              100%
            </text>
          </svg>
          <p>
            Coverage, from {formatPercent(floor, 1, 'down')} (dark) to 100% (bright).{' '}
            {floor >= nominal
              ? `The whole scale lies above the nominal ${formatConfidence(delta)}.`
              : `Red cells fall below the nominal ${formatConfidence(delta)}.`}
          </p>
        </div>
        <p className="coverage-map__readout">
          {hovered && hoveredValue !== undefined
            ? `p⁺ = ${ps[hovered.i]!.toFixed(2)}, p⁻ = ${ps[hovered.j]!.toFixed(2)}: coverage ${formatPercent(hoveredValue, 3, 'down')}`
            : 'Point at a cell to read its coverage.'}
        </p>
      </div>
    </div>
  );
}
