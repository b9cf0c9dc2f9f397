import { assertDelta } from './assert-delta';
import { assertObject } from './assert-object';
import { assertProbability } from './assert-probability';
import { balancedLowerAt } from './balanced-one-sided-lower-bound';
import type { DetectorCounts } from './comparison-types';
import { assertClass } from './difference-interval';
import { holmAdjust } from './holm-adjust';
import { smallestLevel } from './smallest-level';

/** The smallest positive normal double: each per-class level δ/(2m) must be at least this. */
const MIN_NORMAL = 2.2250738585072014e-308;

/** One detector's verdict in `simultaneousAboveTarget`. */
export interface AboveTargetResult {
  /** The observed balanced accuracy. */
  estimate: number;
  /** Simultaneous one-sided lower bound: `balancedOneSidedLowerBound` at δ/m (Bonferroni). */
  lower: number;
  /** P-value for "balanced accuracy > target": the smallest level α with lower bound at α > target. */
  pValue: number;
  /** Holm-adjusted p-value over the m detectors. */
  adjustedPValue: number;
  /** Proven above the target with family-wise error ≤ δ (Holm: adjustedPValue ≤ δ). */
  provenAbove: boolean;
}

/**
 * Which of m detectors are proven to have balanced accuracy above a target, with family-wise
 * error ≤ δ over all m claims, plus simultaneous lower bounds valid together with probability
 * ≥ 1 − δ.
 *  • Bounds: `balancedOneSidedLowerBound` at δ/m each (per-class exact lower bounds at δ/(2m)),
 *    Bonferroni: all m hold together with probability ≥ 1 − δ.
 *  • Tests: H₀ᵢ: BAᵢ ≤ target. pᵢ = inf{α : lowerᵢ(α) > target} — valid because the bounds are
 *    nested in α and P[lowerᵢ(α) > BAᵢ] ≤ α — then Holm's step-down (`holmAdjust`); a detector is
 *    proven above when its adjusted p-value is ≤ δ. Holm controls the family-wise error under any
 *    dependence and rejects at least what the Bonferroni bounds prove (lowerᵢ > target ⇔ pᵢ < δ/m,
 *    up to the p-values' relative precision 1e-9·|ln p|, which errs upward).
 * Family-wise error by exact enumeration is measured in `multiple-comparisons.test.ts`.
 *
 * Reference: Holm (1979); Bonferroni; the blog's lower confidence bound and union bound.
 * Domain: an array of detectors {yes, no} (each class total ≥ 1), 0 ≤ target ≤ 1,
 * 1e-300 ≤ δ < 1 with δ/(2m) a normal double. Errors: RangeError naming the entry
 * ("detectors[2].yes.correct must be ≤ detectors[2].yes.total (10), got 11", "target must be in
 * [0, 1], got 1.2"); EmptyClassError for an empty class. Cost: ~0.1 ms per detector.
 *
 * @example simultaneousAboveTarget([{ yes: { correct: 95, total: 100 }, no: { correct: 97, total: 100 } },
 *   { yes: { correct: 80, total: 100 }, no: { correct: 85, total: 100 } }], 0.85, 0.05)
 * // ≈ [{ estimate: 0.96, lower: 0.8915361, pValue: 0.00082190, adjustedPValue: 0.0016438, provenAbove: true },
 * //    { estimate: 0.825, lower: 0.7234695, pValue: 1, adjustedPValue: 1, provenAbove: false }]
 */
export function simultaneousAboveTarget(detectors: readonly DetectorCounts[], target: number, delta: number): AboveTargetResult[] {
  if (!Array.isArray(detectors)) throw new RangeError(`detectors must be an array, got ${String(detectors)}`);
  detectors.forEach((counts, index) => {
    const name = `detectors[${index}]`;
    assertObject(counts, name, '{yes, no}');
    assertClass(counts.yes, `${name}.yes`);
    assertClass(counts.no, `${name}.no`);
  });
  assertProbability('target', target);
  assertDelta(delta);
  const m = detectors.length;
  if (m === 0) return [];
  if (!(delta / (2 * m) >= MIN_NORMAL)) throw new RangeError(`delta must be at least ${2 * m * MIN_NORMAL} for ${m} detectors, got ${delta}`);
  const pValues = detectors.map((counts) => smallestLevel((alpha) => balancedLowerAt(counts, alpha) - target));
  const adjusted = holmAdjust(pValues);
  return detectors.map((counts, index) => ({
    estimate: (counts.yes.correct / counts.yes.total + counts.no.correct / counts.no.total) / 2,
    lower: balancedLowerAt(counts, delta / m),
    pValue: pValues[index]!,
    adjustedPValue: adjusted[index]!,
    provenAbove: adjusted[index]! <= delta,
  }));
}
