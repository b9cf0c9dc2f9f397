import { assertDelta } from './assert-delta';
import { assertObject } from './assert-object';
import { assertPairedCounts } from './assert-paired-counts';
import type { PairedClassCounts } from './comparison-types';
import { holmAdjust } from './holm-adjust';
import { pairedBalancedDifferenceBounds } from './paired-balanced-difference-interval';
import { PAIRED_MAX_N } from './paired-difference-interval';
import { smallestLevel } from './smallest-level';

/** The smallest level δ/m accepted (the paired construction splits it 16 ways into normal doubles). */
const MIN_LEVEL = 1e-300;

/** One detector's comparison with the reference in `rankAgainstReference`. */
export interface AgainstReferenceResult {
  /** BA_detector − BA_reference, observed. */
  estimate: number;
  /** Simultaneous interval: `pairedBalancedDifferenceInterval` at δ/m (Bonferroni). */
  lower: number;
  upper: number;
  /** `pairedBalancedDifferenceTest(...).pAGreater`: p-value for "better than the reference". */
  pValue: number;
  /** Holm-adjusted p-value over the m detectors. */
  adjustedPValue: number;
  /** Proven better than the reference with family-wise error ≤ δ (Holm: adjustedPValue ≤ δ). */
  provenBetter: boolean;
}

/**
 * Which of m detectors are proven better (in balanced accuracy) than one reference detector they
 * were all run beside on the same examples, with family-wise error ≤ δ over the m claims; and
 * simultaneous intervals for every difference. comparisons[i] holds detector i's paired counts
 * against the reference per class (b = detector right & reference wrong, c = the reverse).
 *  • Intervals: `pairedBalancedDifferenceInterval` at δ/m each (Bonferroni): all m cover together
 *    with probability ≥ 1 − δ.
 *  • Tests: H₀ᵢ: BAᵢ ≤ BA_ref, pᵢ = `pairedBalancedDifferenceTest(...).pAGreater`
 *    (inf{α : lowerᵢ(α) > 0}, valid for every nuisance), then Holm (`holmAdjust`); provenBetter
 *    when the adjusted p-value is ≤ δ. Holm controls the family-wise error under any dependence
 *    (the m comparisons share the reference) and rejects at least what the simultaneous
 *    intervals prove (lowerᵢ(δ/m) > 0 ⇔ pᵢ < δ/m, up to 1e-9·|ln p| relative, erring upward).
 *
 * Reference: Holm (1979); Bonferroni; `pairedBalancedDifferenceInterval`.
 * Domain: an array of {yes: {b, c, n}, no: {b, c, n}} (1 ≤ n ≤ 10⁹, b + c ≤ n); 1e-300 ≤ δ < 1
 * with δ/m ≥ 1e-300. Errors: RangeError naming the entry ("comparisons[3].no.b + comparisons[3].no.c
 * must be ≤ comparisons[3].no.n (50), got 51"); EmptyClassError for an empty class.
 * Cost: ~0.5 ms per detector.
 *
 * @example rankAgainstReference([{ yes: { b: 30, c: 5, n: 200 }, no: { b: 25, c: 6, n: 300 } }], 0.05)
 * // ≈ [{ estimate: 0.0941667, lower: 0.0233806, upper: 0.1904591, pValue: 0.00082080, adjustedPValue: 0.00082080, provenBetter: true }]
 */
export function rankAgainstReference(comparisons: readonly PairedClassCounts[], delta: number): AgainstReferenceResult[] {
  if (!Array.isArray(comparisons)) throw new RangeError(`comparisons must be an array, got ${String(comparisons)}`);
  comparisons.forEach((counts, index) => {
    const name = `comparisons[${index}]`;
    assertObject(counts, name, '{yes, no}');
    for (const side of ['yes', 'no'] as const) {
      assertPairedCounts(counts[side], `${name}.${side}`);
      if (counts[side].n > PAIRED_MAX_N) throw new RangeError(`${name}.${side}.n must be ≤ ${PAIRED_MAX_N}, got ${counts[side].n}`);
    }
  });
  assertDelta(delta);
  const m = comparisons.length;
  if (m === 0) return [];
  if (!(delta / m >= MIN_LEVEL)) throw new RangeError(`delta must be at least ${m * MIN_LEVEL} for ${m} detectors, got ${delta}`);
  const pValues = comparisons.map((counts) => smallestLevel((alpha) => pairedBalancedDifferenceBounds(counts, alpha).lower));
  const adjusted = holmAdjust(pValues);
  return comparisons.map((counts, index) => {
    const { estimate, lower, upper } = pairedBalancedDifferenceBounds(counts, delta / m);
    return { estimate, lower, upper, pValue: pValues[index]!, adjustedPValue: adjusted[index]!, provenBetter: adjusted[index]! <= delta };
  });
}
