import type { Interval } from '../stats';
import { percentNumber } from '../data/format';

/** The part of 0–100% a bar draws, with the ticks it labels. */
export interface BarScale {
  from: number;
  to: number;
  zoomed: boolean;
}

/** Narrower than this share of the 0–100% scale, a band is a sliver: the bar zooms in on it. */
export const ZOOM_BELOW_WIDTH = 0.02;

/**
 * 0–100%, or for a narrow interval its neighbourhood: a 1-2-5 span at least five times the
 * interval's width, starting on a multiple of half that span, reaching 0% or 100% when it comes
 * within a span of it (so the bar shows how close the interval is to the end).
 */
export function barScale(interval: Interval): BarScale {
  const width = interval.upper - interval.lower;
  if (width >= ZOOM_BELOW_WIDTH) return { from: 0, to: 1, zoomed: false };
  const wanted = Math.max(width * 5, 1e-6);
  const power = 10 ** Math.floor(Math.log10(wanted));
  const span = [1, 2, 5, 10].map((multiple) => multiple * power).find((candidate) => candidate >= wanted)!;
  const half = span / 2;
  let from = Math.floor(interval.lower / half) * half;
  let to = from + span;
  if (to > 1 - span) [from, to] = [Math.min(from, 1 - span), 1];
  if (from < span) [from, to] = [0, Math.max(to, span)];
  // Multiples of a power of ten carry float noise (0.99925000000001); the ends are labelled.
  return { from: Number(from.toPrecision(12)), to: Number(to.toPrecision(12)), zoomed: true };
}

/** Where a value sits on the scale, as a percentage of the bar's width, clipped to the bar. */
export function barPosition(scale: BarScale, value: number): number {
  return ((Math.min(Math.max(value, scale.from), scale.to) - scale.from) / (scale.to - scale.from)) * 100;
}

/** A zoomed scale's range exactly as it is (its ends sit on round values): "99.9%–100%". */
export function scaleRangeText(scale: BarScale): string {
  return `${percentNumber(scale.from)}%–${percentNumber(scale.to)}%`;
}
