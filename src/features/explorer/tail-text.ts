import { formatHonestPercent, formatPercent, formatWholeCount } from '../../data/format';
import type { TailSide } from './tail-series';

/**
 * Decimals for a hypothesized accuracy at N tests: one (the blog's "83.0%") up to N = 10^5, then
 * enough to see p move by a fraction of the sampling spread √(p(1−p)/N) ≈ 0.05% at N = 10^6.
 */
export function accuracyDigits(n: number): number {
  return Math.max(1, Math.ceil(Math.log10(Math.sqrt(n))) - 1);
}

/** A hypothesized true accuracy: the value itself (not a bound), rounded to nearest, never "0%" or "100%" short of them. */
export function formatAccuracy(p: number, n: number): string {
  return formatHonestPercent(p, 'nearest', accuracyDigits(n));
}

const SUPERSCRIPT: Record<string, string> = { '-': '⁻', '0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹' };

/**
 * A probability for a sentence: "24.8%" in the usual range; two significant digits below 0.1%
 * ("0.012%"), then scientific ("3.1 × 10⁻¹⁸"); never "0.0%" for a positive chance nor "100.0%" for
 * one short of certainty. A computed tail can round to exactly 0 or 1 (1 − 10⁻²⁵ is 1 in a double):
 * it reads "0%" or "100%" only when `exact` says it is so (`certainTail`), else "less than 10⁻³⁰⁰"
 * or "more than 99.9%".
 */
export function formatChance(probability: number, exact = false): string {
  if (probability <= 0) return exact ? '0%' : 'less than 10⁻³⁰⁰';
  if (probability >= 1) return exact ? '100%' : 'more than 99.9%';
  if (probability >= 0.9995) return 'more than 99.9%';
  if (probability >= 0.001) return formatPercent(probability, 1, 'nearest');
  return significantChance(probability, 2);
}

/** A probability to `digits` significant digits: a percentage down to 10⁻⁸, then scientific. */
function significantChance(probability: number, digits: number): string {
  if (probability >= 1e-8) return `${Number((probability * 100).toPrecision(digits))}%`;
  const [mantissa, exponent] = probability.toExponential(digits - 1).split('e');
  const power = String(Number(exponent)).replace(/./g, (char) => SUPERSCRIPT[char] ?? char);
  return `${mantissa} × 10${power}`;
}

/**
 * A probability written beside the level it is compared with (a tail mass against δ): as
 * formatChance, with up to six significant digits where that would read the same as the level, so
 * that a tail below δ never reads "5.0% is less than δ = 0.05" ("4.998%", or "just under 5.0%").
 */
export function formatChanceAgainst(probability: number, level: number, exact = false): string {
  const usual = formatChance(probability, exact);
  if (probability === level || usual !== formatChance(level)) return usual;
  for (let digits = 3; digits <= 6; digits++) {
    const shown = significantChance(probability, digits);
    if (shown !== significantChance(level, digits)) return shown;
  }
  return probability < level ? `just under ${usual}` : usual;
}

/**
 * Whether the tail read at p is exactly 0 or 1, not a computed value rounded there: P[X ≤ k] is
 * exactly 1 when k = N or p = 0 and exactly 0 when p = 1 and k < N; P[X ≥ k] is exactly 1 when
 * k = 0 or p = 1 and exactly 0 when p = 0 and k > 0. Elsewhere it lies strictly between.
 */
export function certainTail(n: number, k: number, p: number, side: TailSide): boolean {
  return side === 'left' ? k >= n || p === 0 || p === 1 : k === 0 || p === 0 || p === 1;
}

/**
 * Decimals of a percentage that tell a bisection midpoint from the one before it: the explorer's
 * usual digits at N tests, or more once the steps are finer than they show.
 */
export function midpointDigits(n: number, p: number, previous: number | undefined): number {
  const usual = accuracyDigits(n);
  if (previous === undefined || previous === p) return usual;
  return Math.min(12, Math.max(usual, Math.ceil(-Math.log10(Math.abs(p - previous) * 100))));
}

export interface TailSentenceInput {
  n: number;
  k: number;
  p: number;
  side: TailSide;
  /** P[X ≤ k] for the left tail, P[X ≥ k] for the right. */
  tailMass: number;
}

/**
 * The blog's sentence for the tail being read: "If the true accuracy were 83.0%, there would be a
 * 24.8% chance of seeing 80 or fewer correct out of 100." The right tail adds the error count,
 * since the lower bound is the blog's upper bound on the error rate.
 */
export function tailSentence({ n, k, p, side, tailMass }: TailSentenceInput): string {
  const outcome =
    side === 'left'
      ? `${formatWholeCount(k)} or fewer correct out of ${formatWholeCount(n)}`
      : `${formatWholeCount(k)} or more correct out of ${formatWholeCount(n)} (${formatWholeCount(n - k)} or fewer errors)`;
  return `If the true accuracy were ${formatAccuracy(p, n)}, there would be a ${formatChance(tailMass, certainTail(n, k, p, side))} chance of seeing ${outcome}.`;
}
