import { assertCounts } from './assert-counts';
import { assertDelta } from './assert-delta';
import { assertObject } from './assert-object';
import { normalQuantile } from './normal-quantile';
import type { ClassCounts, Interval } from './types';

/**
 * The normal-approximation (Wald) interval on the balanced point estimate — what a naive report
 * does, shown next to the exact interval to make the blog's closing point:
 * b̂ ± z·σ̂ with b̂ = (p̂₊ + p̂₋)/2, σ̂² = (p̂₊(1 − p̂₊)/n₊ + p̂₋(1 − p̂₋)/n₋)/4, z = Φ⁻¹(1 − δ/2),
 * clipped to [0, 1] like `waldInterval`. It has zero width when both classes are error-free and
 * no coverage guarantee at all.
 *
 * Reference: the blog, "Comparison with intervals based on the Normal approximation"; Brown, Cai &
 * DasGupta (2001) on the Wald interval's coverage. Domain: each class total ≥ 1, 0 ≤ correct ≤ total
 * whole; 1e-300 ≤ δ < 1. Errors: RangeError naming the field (`no.correct must be ≤ no.total (60), got 61`),
 * EmptyClassError for a class with no examples, RangeError for δ outside [1e-300, 1) or an argument
 * that is not an object (`counts must be an object {yes, no}`). Clipped, and lower ≤ b̂ ≤ upper.
 *
 * @example balancedWaldInterval({ yes: { correct: 40, total: 40 }, no: { correct: 60, total: 60 } }, 0.05)
 * // { estimate: 1, lower: 1, upper: 1 } — zero width from 100 examples
 */
export function balancedWaldInterval(counts: { yes: ClassCounts; no: ClassCounts }, delta: number): Interval {
  assertObject(counts, 'counts', '{yes, no}');
  assertObject(counts.yes, 'yes', '{correct, total}');
  assertObject(counts.no, 'no', '{correct, total}');
  assertCounts(counts.yes.total, counts.yes.correct, { n: 'yes.total', k: 'yes.correct' });
  assertCounts(counts.no.total, counts.no.correct, { n: 'no.total', k: 'no.correct' });
  assertDelta(delta);
  const yes = counts.yes.correct / counts.yes.total;
  const no = counts.no.correct / counts.no.total;
  const estimate = (yes + no) / 2;
  const standardError = Math.sqrt((yes * (1 - yes)) / counts.yes.total + (no * (1 - no)) / counts.no.total) / 2;
  const halfWidth = -normalQuantile(delta / 2) * standardError;
  return { estimate, lower: Math.min(Math.max(0, estimate - halfWidth), estimate), upper: Math.max(Math.min(1, estimate + halfWidth), estimate) };
}
