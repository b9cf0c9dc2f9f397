import { buehlerLowerAt } from './balanced-buehler-lower-bound';
import { balancedInversionCounts } from './balanced-inversion-counts';
import type { ClassCounts } from './types';

/**
 * The exact one-sided (1 − δ) upper confidence bound for the balanced accuracy that is never above
 * the union bound's: the mirror image of `balancedBuehlerLowerBound` on the errors — one minus the
 * lower bound of the balanced error rate, whose ordering is the union bound of the error rates
 * (each class's exact upper bound at δ/2, averaged, mirrored). Same argument, certification and
 * error; at least the estimate.
 *
 * Domain: each class total 1..10⁷ whole, 0 ≤ correct ≤ total; 1e-300 ≤ δ < 1. Errors: RangeError
 * naming the field, EmptyClassError.
 *
 * @example balancedBuehlerUpperBound({ yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } }, 0.05) // ≈ 0.9778
 */
export function balancedBuehlerUpperBound(counts: { yes: ClassCounts; no: ClassCounts }, delta: number): number {
  const { estimate } = balancedInversionCounts(counts, delta); // errors name the counts as given, not the mirrored ones
  return buehlerUpperAt(counts, delta, estimate);
}

/** The bound above without validation, given the estimate. Internal. */
export function buehlerUpperAt(counts: { yes: ClassCounts; no: ClassCounts }, level: number, estimate: number): number {
  const { yes, no } = counts;
  const errors = { yes: { correct: yes.total - yes.correct, total: yes.total }, no: { correct: no.total - no.correct, total: no.total } };
  return 1 - buehlerLowerAt(errors, level, 1 - estimate);
}
