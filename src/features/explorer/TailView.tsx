import { memo, useEffect, useMemo, useState, type ReactNode } from 'react';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import type { ExplorerMode } from '../../data/links';
import { formatConfidence, formatFullPrecision, formatHonestPercent, formatInterval, formatWholeCount } from '../../data/format';
import { exactInterval, exactLowerBound, exactUpperBound, waldInterval } from '../../stats';
import { boundTail, searchBound, type BoundKind } from './bound-search';
import { IntervalRows, type IntervalRow } from './IntervalRows';
import { TailControls, type TailControlsProps } from './TailControls';
import { TailPlots } from './TailPlots';
import type { TailSide } from './tail-series';
import { certainTail, formatAccuracy, formatChance, formatChanceAgainst, midpointDigits, tailSentence } from './tail-text';
import type { BoundAnimation } from './use-bound-animation';
import { useFrameValue } from './use-frame-value';
import { waldReach } from './wald-reach';

export type TailMode = Exclude<ExplorerMode, 'balanced'>;

/** The tail view's N, k and p with their controls' callbacks (TailControls), mode, δ and the bound animation. */
export interface TailViewProps extends TailControlsProps {
  mode: TailMode;
  delta: number;
  animation: BoundAnimation;
  /** The confidence-level control, placed with the other controls. */
  confidence: ReactNode;
  /** Fixed plot width for tests. */
  plotWidth?: number;
}

/** Which tail a mode reads: the upper bound is about P[X ≤ k], the lower about P[X ≥ k]; central follows p's side of k/N. */
export function tailSideFor(mode: TailMode, n: number, k: number, p: number): TailSide {
  if (mode === 'upper') return 'left';
  if (mode === 'lower') return 'right';
  return p >= k / n ? 'left' : 'right';
}

const boundKindOf = (side: TailSide): BoundKind => (side === 'left' ? 'upper' : 'lower');

/** How long the sentence must stay unchanged before a screen reader hears it. */
const ANNOUNCE_AFTER_MS = 700;

/** `value` once it has stopped changing for `delayMs`. */
function useSettledValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * The upper-bound, lower-bound and central-interval views: controls, the live sentence, the
 * "find the bound" search, the PMF/CDF plots and the intervals next to the normal approximation.
 * An input's own frame redraws the controls alone, as a bare slider's does; everything they
 * drive — sentence, status, plots, intervals — is drawn at most once a frame after that frame has
 * been painted (useFrameValue), so that a held key or a drag stays responsive. On a wide screen
 * the controls sit beside the plots, so that a drag and what it moves are in view together.
 */
export function TailView({ mode, n, k, p, delta, onN, onK, onP, animation, confidence, plotWidth }: TailViewProps) {
  const currentKey = `${mode}|${n}|${k}|${p}|${delta}`;
  const { shown, shownKey } = useFrameValue({ mode, n, k, p, delta }, currentKey);
  const side = tailSideFor(shown.mode, shown.n, shown.k, shown.p);
  // Each end of a central interval puts δ/2 in its tail.
  const targetTail = shown.mode === 'central' ? shown.delta / 2 : shown.delta;

  function find(kind: BoundKind) {
    animation.play(searchBound(kind, n, k, mode === 'central' ? delta / 2 : delta, p));
  }

  return (
    <>
      <div className="explorer__workbench">
        <div className="explorer__controls">
          {confidence}
          <MemoTailControls n={n} k={k} p={p} onN={onN} onK={onK} onP={onP} />
          <Readout {...shown} side={side} targetTail={targetTail} />
          <div className="explorer__actions">
            {mode !== 'lower' && (
              <button type="button" onClick={() => find('upper')}>
                {mode === 'central' ? 'Find the upper end' : 'Find the bound'}
              </button>
            )}
            {mode !== 'upper' && (
              <button type="button" onClick={() => find('lower')}>
                {mode === 'central' ? 'Find the lower end' : 'Find the bound'}
              </button>
            )}
          </div>
        </div>
        <PlotsPanel n={shown.n} k={shown.k} p={shown.p} side={side} targetTail={targetTail} plotWidth={plotWidth} currentKey={currentKey} plottedKey={shownKey} />
      </div>
      {animation.search && <SearchSteps animation={animation} n={n} k={k} />}
      <Intervals mode={shown.mode} n={shown.n} k={shown.k} delta={shown.delta} />
    </>
  );
}

// A draw re-renders the view with unchanged controls: they must not re-render then.
const MemoTailControls = memo(TailControls);

interface ReadoutProps {
  mode: TailMode;
  n: number;
  k: number;
  p: number;
  delta: number;
  side: TailSide;
  targetTail: number;
}

/** The sentence, its announcement once a drag pauses, and where p stands against the bound. */
const Readout = memo(function Readout({ mode, n, k, p, delta, side, targetTail }: ReadoutProps) {
  const tailMass = boundTail(boundKindOf(side), n, k, p);
  const sentence = tailSentence({ n, k, p, side, tailMass });
  const announced = useSettledValue(sentence, ANNOUNCE_AFTER_MS);
  return (
    <>
      <p className="explorer__sentence" data-testid="tail-sentence">
        {sentence}
      </p>
      {/* Announced once a drag pauses, not at every step of it. */}
      <div className="explorer__announcer" aria-live="polite">
        <VisuallyHidden>{announced}</VisuallyHidden>
      </div>
      <BoundStatus mode={mode} n={n} k={k} p={p} delta={delta} side={side} tailMass={tailMass} targetTail={targetTail} />
    </>
  );
});

interface PlotsPanelProps {
  n: number;
  k: number;
  p: number;
  side: TailSide;
  targetTail: number;
  plotWidth?: number;
  /** The controls' settings and the settings drawn: the UI bench times the plots following the controls. */
  currentKey: string;
  plottedKey: string;
}

/** The plots with their heading and legend; an input that has not been drawn yet changes only the section's keys. */
const PlotsPanel = memo(function PlotsPanel({ n, k, p, side, targetTail, plotWidth, currentKey, plottedKey }: PlotsPanelProps) {
  const content = useMemo(
    () => (
      <>
        <h2 id="plots-heading">
          Binomial(N = {formatWholeCount(n)}, p = {formatAccuracy(p, n)})
        </h2>
        <p className="explorer__legend">
          <span className="explorer__key explorer__key--observed" /> observed k = {formatWholeCount(k)} ({formatHonestPercent(k / n, 'nearest')}){' '}
          <span className="explorer__key explorer__key--hypothesis" /> hypothesized accuracy p, at p·N ={' '}
          {formatFullPrecision(Number((p * n).toPrecision(8)))}
        </p>
        <TailPlots n={n} k={k} p={p} side={side} targetTail={targetTail} width={plotWidth} />
      </>
    ),
    [n, k, p, side, targetTail, plotWidth],
  );
  return (
    <section aria-labelledby="plots-heading" className="explorer__plots" data-current-key={currentKey} data-plotted-key={plottedKey}>
      {content}
    </section>
  );
});

interface BoundStatusProps extends ReadoutProps {
  tailMass: number;
}

/** Where the current p stands relative to the bound: is the tail still at least δ? */
function BoundStatus({ mode, n, k, p, delta, side, tailMass, targetTail }: BoundStatusProps) {
  const which = side === 'left' ? 'upper' : 'lower';
  const level = formatConfidence(delta);
  const boundName = mode === 'central' ? `${which} end of the ${level} central interval` : `${level} ${which} bound`;
  const bound = side === 'left' ? exactUpperBound(n, k, targetTail) : exactLowerBound(n, k, targetTail);
  // Decided by the bound itself: at the bound the computed tail can fall an ulp short of δ, and the
  // page said "less than δ, so the bound is below p" beside the bound just landed on.
  const plausible = side === 'left' ? p <= bound : p >= bound;
  const targetName = mode === 'central' ? 'δ/2' : 'δ';
  const tail = side === 'left' ? `F(${formatWholeCount(k)}) = P[X ≤ ${formatWholeCount(k)}]` : `P[X ≥ ${formatWholeCount(k)}]`;
  const direction = side === 'left' ? (plausible ? 'at or above' : 'below') : plausible ? 'at or below' : 'above';
  // On the plausible side, a tail that rounding put under δ is δ to rounding: it is said as δ.
  const tailText = plausible && tailMass < targetTail ? formatChance(targetTail) : formatChanceAgainst(tailMass, targetTail, certainTail(n, k, p, side));
  const rounding = side === 'left' ? 'up' : 'down';
  const definition =
    side === 'left' ? `max{p : P[X ≤ ${formatWholeCount(k)}] ≥ ${targetName}}` : `min{p : P[X ≥ ${formatWholeCount(k)}] ≥ ${targetName}}`;
  return (
    <p className="explorer__status" data-testid="bound-status">
      {tail} = {tailText} is {plausible ? 'at least' : 'less than'} {targetName} ={' '}
      {formatFullPrecision(targetTail)}, so the exact {boundName} is {direction} p = {formatAccuracy(p, n)}. It is{' '}
      {definition} ={' '}
      <strong>
        {formatHonestPercent(bound, rounding, 2)} ({formatFullPrecision(Number(bound.toPrecision(6)))}, rounded {rounding})
      </strong>
      .
    </p>
  );
}

function SearchSteps({ animation, n, k }: { animation: BoundAnimation; n: number; k: number }) {
  const search = animation.search!;
  const tail = search.kind === 'upper' ? `F(${formatWholeCount(k)})` : `P[X ≥ ${formatWholeCount(k)}]`;
  const side: TailSide = search.kind === 'upper' ? 'left' : 'right';
  const shown = search.steps.slice(0, animation.shownSteps);
  const midpoints = midpointTexts(n, shown.map((step) => step.p));
  return (
    <details className="explorer__search" open>
      <summary>
        Bisection search for the {search.kind} bound ({shown.length} of {search.steps.length} halvings
        {animation.landed ? ', then the exact value' : ''})
      </summary>
      <ol>
        {shown.map((step, index) => (
          <li key={index}>
            p = {midpoints[index]}: {tail} ={' '}
            {formatChanceAgainst(step.tailMass, search.targetTail, certainTail(n, k, step.p, side))} {step.plausible ? '≥' : '<'} {formatChance(search.targetTail)} →{' '}
            {step.plausible ? 'still plausible' : 'implausible'}, the bound is {step.plausible === (search.kind === 'upper') ? 'higher' : 'lower'}
          </li>
        ))}
      </ol>
      {animation.landed && (
        <p role="status">
          Landed on the exact {search.kind} bound p = {formatFullPrecision(search.bound)}, where {tail} ={' '}
          {formatChance(search.boundTailMass, certainTail(n, k, search.bound, side))}.
        </p>
      )}
    </details>
  );
}

/**
 * The bisection's midpoints as percentages: each with the decimals that tell it from the one before
 * (midpointDigits), more while it would read as the same number as any earlier one (87.3% and
 * 87.30% were two steps), and never 0% or 100% short of them.
 */
export function midpointTexts(n: number, midpoints: readonly number[]): string[] {
  const texts: string[] = [];
  midpoints.forEach((p, index) => {
    let digits = midpointDigits(n, p, midpoints[index - 1]);
    let text = formatHonestPercent(p, 'nearest', digits);
    const earlier = (shown: string) => texts.some((other, j) => midpoints[j] !== p && parseFloat(other) === parseFloat(shown));
    while (earlier(text) && digits < 12) text = formatHonestPercent(p, 'nearest', ++digits);
    texts.push(text);
  });
  return texts;
}

/** The exact intervals of this mode next to the normal approximation, on one 0–100% axis; p does not change them. */
const Intervals = memo(function Intervals({ mode, n, k, delta }: { mode: TailMode; n: number; k: number; delta: number }) {
  const rows = useMemo(() => intervalRows(mode, n, k, delta), [mode, n, k, delta]);
  return (
    <section aria-labelledby="intervals-heading" className="explorer__intervals">
      <h2 id="intervals-heading">Intervals for {formatWholeCount(k)} of {formatWholeCount(n)} correct</h2>
      {mode === 'central' && (
        <p>
          The central interval puts δ/2 in each tail so that both ends hold together with probability 1 − δ; the two
          one-sided bounds at δ each hold together only with probability 1 − 2δ, which is why the central interval is
          wider (the blog’s Figure 6).
        </p>
      )}
      <IntervalRows rows={rows} title={`Intervals at ${formatConfidence(delta)} for ${k} of ${n} correct`} />
    </section>
  );
});

export function intervalRows(mode: TailMode, n: number, k: number, delta: number): IntervalRow[] {
  const level = formatConfidence(delta);
  const estimate = k / n;
  const central = exactInterval(n, k, delta);
  const upper = exactUpperBound(n, k, delta);
  const lower = exactLowerBound(n, k, delta);
  const centralRow: IntervalRow = {
    id: 'central',
    label: `Exact ${level} central interval (δ/2 = ${formatFullPrecision(delta / 2)} per tail): ${formatInterval(central)}`,
    ...central,
    color: 'accent',
  };
  const rows: IntervalRow[] = [];
  if (mode === 'upper') {
    rows.push({ id: 'upper', label: `Exact ${level} upper bound (one-sided, δ = ${formatFullPrecision(delta)}): ${formatHonestPercent(upper, 'up')}`, estimate, lower: 0, upper, color: 'accent', oneSided: 'upper' }, centralRow);
  } else if (mode === 'lower') {
    rows.push({ id: 'lower', label: `Exact ${level} lower bound (one-sided, δ = ${formatFullPrecision(delta)}): ${formatHonestPercent(lower, 'down')}`, estimate, lower, upper: 1, color: 'accent', oneSided: 'lower' }, centralRow);
  } else {
    rows.push(centralRow, {
      id: 'one-sided',
      label: `Exact ${level} one-sided bounds, δ = ${formatFullPrecision(delta)} each (together only ${formatConfidence(Math.min(2 * delta, 1))}): ${formatInterval({ estimate, lower, upper })}`,
      estimate,
      lower,
      upper,
      color: 'accent',
    });
  }
  const wald = waldInterval(n, k, delta);
  const reach = waldReach(wald);
  let note = '';
  if (wald.lower === wald.upper) note = ' — zero width: it claims the accuracy is exactly the observed one';
  else if (reach.unknown) note = ' — clipped to [0%, 100%] at both ends';
  else if (reach.clippedLower) note = ` — p̂ ± z·σ̂ reaches ${formatBeyond(reach.lower)}, below 0%; clipped`;
  else if (reach.clippedUpper) note = ` — p̂ ± z·σ̂ reaches ${formatBeyond(reach.upper)}, above 100%; clipped`;
  rows.push({
    id: 'wald',
    label: `Normal approximation (Wald) ${level}: ${formatInterval(wald)}${note}`,
    ...wald,
    color: 'muted',
    reach: reach.clippedLower || reach.clippedUpper ? { lower: reach.lower, upper: reach.upper } : undefined,
  });
  return rows;
}

/** A value outside [0, 1] as a percentage, rounded away from [0, 1] (formatPercent clamps to it). */
function formatBeyond(value: number): string {
  const tenths = Math.ceil(Math.abs(value) * 1000 - 1e-9) / 10;
  return `${value < 0 ? '−' : ''}${tenths.toFixed(1)}%`;
}
