import { useCallback } from 'react';
import { countProblem } from '../../components/CountField';
import { EXPLORER_MAX_N } from '../../data/links';
import { formatHonestPercent, formatWholeCount } from '../../data/format';
import { SliderField } from './SliderField';
import { formatAccuracy } from './tail-text';

export interface TailControlsProps {
  n: number;
  k: number;
  p: number;
  onN: (n: number) => void;
  onK: (k: number) => void;
  onP: (p: number) => void;
}

// The N slider moves along log10 N: 200 positions per decade, 1 … 10^6.
const N_PER_DECADE = 200;
const nPosition = (n: number) => Math.round(Math.log10(n) * N_PER_DECADE);

/**
 * N at a slider position. Low decades have fewer whole numbers than positions, so a move that would
 * round back to the same N steps to the neighbouring N instead: every arrow press changes N.
 */
export function nAtPosition(position: number, current: number): number {
  const next = Math.round(10 ** (position / N_PER_DECADE));
  const direction = Math.sign(position - nPosition(current));
  const moved = next === current && direction !== 0 ? current + direction : next;
  return Math.min(Math.max(moved, 1), EXPLORER_MAX_N);
}

/** A p step fine enough to move within the sampling spread (≈ 0.5/√N) at any N. */
export function pStep(n: number): number {
  return Number(`1e${Math.max(-5, Math.min(-3, Math.floor(Math.log10(0.5 / Math.sqrt(n)))))}`);
}

function pProblem(text: string): string | null {
  const trimmed = text.trim();
  if (!/^(\d+\.?\d*|\.\d+)(e-?\d+)?$/i.test(trimmed)) {
    return `“${trimmed}” is not an accuracy. Enter p as a proportion from 0 to 1, e.g. 0.83.`;
  }
  return Number(trimmed) <= 1 ? null : `p is a proportion from 0 to 1 (got ${trimmed}); 0.83 means 83%.`;
}

/** p as its text field shows it: up to 6 significant digits, so the exact bound reads 0.863339. */
const pText = (p: number) => String(Number(p.toPrecision(6)));

/** The N, k and p controls of the tail views. */
export function TailControls({ n, k, p, onN, onK, onP }: TailControlsProps) {
  const nProblem = useCallback(
    (text: string) =>
      countProblem(
        text,
        { value: 1, message: 'N must be at least 1.' },
        { value: EXPLORER_MAX_N, message: `The explorer draws up to N = ${formatWholeCount(EXPLORER_MAX_N)}.` },
      ),
    [],
  );
  const kProblem = useCallback(
    (text: string) => countProblem(text, undefined, { value: n, message: `k can’t exceed N (${formatWholeCount(n)}).` }),
    [n],
  );
  const onSlideN = useCallback((position: number) => onN(nAtPosition(position, n)), [n, onN]);

  return (
    <div className="tail-controls">
      <SliderField
        label="Number of tests N"
        detail="(logarithmic slider)"
        min={0} max={nPosition(EXPLORER_MAX_N)} step={1} position={nPosition(n)} valueText={`N = ${formatWholeCount(n)} tests`} onSlide={onSlideN}
        value={n} format={String} problemOf={nProblem} onType={onN}
      />
      <SliderField
        label="Number correct k"
        detail={`= ${formatHonestPercent(k / n, 'nearest')} empirical accuracy`}
        min={0} max={n} step={1} position={k} valueText={`k = ${formatWholeCount(k)} correct of ${formatWholeCount(n)}`} onSlide={onK}
        value={k} format={String} problemOf={kProblem} onType={onK}
      />
      <SliderField
        label="Hypothesized true accuracy p"
        detail={`= ${formatAccuracy(p, n)}`}
        min={0} max={1} step={pStep(n)} position={p} valueText={`p = ${formatAccuracy(p, n)}`} onSlide={onP}
        value={p} format={pText} problemOf={pProblem} onType={onP}
      />
    </div>
  );
}
