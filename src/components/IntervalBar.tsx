import { useId, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { formatConfidence, formatCount, formatCountParts, formatFullPrecision, formatIntervalParts, formatProportion } from '../data/format';
import type { Interval } from '../stats';
import { barPosition, barScale, scaleRangeText } from './bar-scale';
import './interval-bar.css';

/** The three colour series of the product: balanced accuracy, should-be-YES and should-be-NO. */
export type IntervalSeries = 'balanced' | 'yes' | 'no';

export interface IntervalBarProps {
  /** What is measured, e.g. "Balanced accuracy" or "Should-be-YES accuracy". */
  label: string;
  interval: Interval;
  series: IntervalSeries;
  /** How the interval was built, e.g. "exact central (Clopper–Pearson)". */
  method: string;
  /** The miss probability the interval was built with; shown as δ and as the level 1−δ. */
  delta: number;
  /** The counts behind it, e.g. "38/40 correct". */
  counts: string;
  /** 'mini' is the slim bar of the detector list on 0–100%; 'full' adds a scale, zoomed in on a narrow interval. */
  size?: 'full' | 'mini';
  /** Decimals of the percentages in the accessible name. */
  digits?: number;
  /**
   * For a count rather than a share (false alarms a day): the interval is in `unit`s out of `total`
   * (the images a day), the scale runs from 0 to `total`, and the numbers read as counts.
   */
  count?: CountScale;
}

/** A bar's scale of counts: 0 to `total`, each number followed by `unit` in its accessible name. */
export interface CountScale {
  total: number;
  unit: string;
}

const SCALE_TICKS = [0, 25, 50, 75, 100];

/**
 * A horizontal 0–100% scale (for a narrow interval on a full bar, its labelled neighbourhood) with
 * the interval as a coloured band and a tick at the estimate.
 * Focusable: hovering or focusing shows the full-precision numbers, the method and δ.
 */
export function IntervalBar({ label, interval: drawn, series, method, delta, counts, size = 'full', digits = 1, count }: IntervalBarProps) {
  const tooltipId = useId();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const open = (hovered || focused) && !dismissed;
  // A count is drawn as its share of the total; its numbers are written as counts.
  const interval = count ? { estimate: drawn.estimate / count.total, lower: drawn.lower / count.total, upper: drawn.upper / count.total } : drawn;
  const shown = count ? formatCountParts(drawn) : formatIntervalParts(interval, digits);
  const unit = count ? ` ${count.unit}` : '';
  const scale = size === 'full' ? barScale(interval) : barScale({ estimate: 0, lower: 0, upper: 1 });
  const at = (value: number) => barPosition(scale, value);
  const range = count ? `${formatCount(scale.from * count.total, 0)}–${formatCount(scale.to * count.total, 0)}${unit}` : scaleRangeText(scale);
  const exact = (value: number) => (count ? String(value) : formatProportion(value));
  const level = formatConfidence(delta);
  const name =
    `${label}: ${shown.estimate}${unit}, ${level} interval ${shown.lower} to ${shown.upper}${unit} ` +
    `(${method}, δ = ${formatFullPrecision(delta)}, ${counts})`;

  function onKeyDown(event: KeyboardEvent) {
    // WCAG 1.4.13: a tooltip can be dismissed without moving the pointer or focus.
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setDismissed(true);
    }
  }

  return (
    <div
      className={`interval-bar interval-bar--${size}`}
      onMouseEnter={() => {
        setHovered(true);
        setDismissed(false);
      }}
      onMouseLeave={() => setHovered(false)}
    >
      <div
        className="interval-bar__track"
        role="img"
        aria-label={name}
        aria-describedby={open ? tooltipId : undefined}
        tabIndex={0}
        onFocus={() => {
          setFocused(true);
          setDismissed(false);
        }}
        onBlur={() => setFocused(false)}
        onKeyDown={onKeyDown}
        style={{ '--series-color': `var(--${series})` } as CSSProperties}
      >
        <span
          className="interval-bar__band"
          style={{ left: `${at(interval.lower)}%`, width: `${at(interval.upper) - at(interval.lower)}%` }}
        />
        <span className="interval-bar__estimate" style={{ left: `${at(interval.estimate)}%` }} />
      </div>
      {size === 'full' && scale.zoomed && (
        // The bar's ends are the range's ends: one label says so, where tick labels would crowd.
        <div className="interval-bar__scale interval-bar__scale--zoomed">zoomed: scale {range}</div>
      )}
      {size === 'full' && !scale.zoomed && (
        <div className="interval-bar__scale" aria-hidden="true">
          {SCALE_TICKS.map((tick) => (
            <span key={tick} style={{ left: `${tick}%` }}>
              {count ? formatCount((tick / 100) * count.total, 0) : `${tick}%`}
            </span>
          ))}
        </div>
      )}
      {open && (
        // Opens under the band's side of the scale, so it covers as little of the page as possible.
        <div
          className={`interval-bar__tooltip interval-bar__tooltip--${interval.estimate > 0.5 ? 'right' : 'left'}`}
          role="tooltip"
          id={tooltipId}
        >
          <strong>{label}</strong>
          <dl>
            <dt>estimate</dt>
            <dd>{exact(drawn.estimate)}</dd>
            <dt>lower</dt>
            <dd>{exact(drawn.lower)}</dd>
            <dt>upper</dt>
            <dd>{exact(drawn.upper)}</dd>
            <dt>method</dt>
            <dd>{method}</dd>
            <dt>δ</dt>
            <dd>
              {formatFullPrecision(delta)} ({level} confidence)
            </dd>
            <dt>counts</dt>
            <dd>{counts}</dd>
            <dt>scale</dt>
            <dd>{range}</dd>
          </dl>
        </div>
      )}
    </div>
  );
}
