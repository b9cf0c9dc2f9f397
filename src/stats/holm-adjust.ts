/**
 * Holm's step-down adjusted p-values: with the m raw p-values sorted p₍₁₎ ≤ … ≤ p₍ₘ₎,
 * p̃₍ᵢ₎ = max_{j ≤ i} min(1, (m − j + 1)·p₍ⱼ₎), returned in the input order. Rejecting every
 * hypothesis with p̃ ≤ δ is Holm's procedure: family-wise error ≤ δ under any dependence between
 * the tests, and it rejects everything Bonferroni (p ≤ δ/m) rejects. Ties get equal adjusted values.
 * Same values as R's `p.adjust(p, "holm")` and statsmodels' `multipletests(p, method="holm")`.
 *
 * Reference: Holm (1979), "A simple sequentially rejective multiple test procedure",
 * Scand. J. Statist. 6:65–70. Domain: an array (possibly empty) of p-values in [0, 1].
 * Errors: RangeError naming the entry ("pValues[2] must be in [0, 1], got 1.5";
 * "pValues must be an array, got …"). Cost: O(m log m).
 *
 * @example holmAdjust([0.01, 0.04, 0.03, 0.005]) // [0.03, 0.06, 0.06, 0.02]
 */
export function holmAdjust(pValues: readonly number[]): number[] {
  if (!Array.isArray(pValues)) throw new RangeError(`pValues must be an array, got ${String(pValues)}`);
  pValues.forEach((p, index) => {
    if (typeof p !== 'number' || !(p >= 0 && p <= 1)) throw new RangeError(`pValues[${index}] must be in [0, 1], got ${String(p)}`);
  });
  const m = pValues.length;
  const order = Array.from({ length: m }, (_, index) => index).sort((i, j) => pValues[i]! - pValues[j]! || i - j);
  const adjusted = new Array<number>(m);
  let running = 0;
  order.forEach((index, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * pValues[index]!));
    adjusted[index] = running;
  });
  return adjusted;
}
