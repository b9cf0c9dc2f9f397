/** The smallest level reported: below it every construction here would need subnormal levels. */
export const SMALLEST_LEVEL = 1e-300;

/**
 * The p-value of a nested family of confidence bounds: inf{δ ∈ [1e-300, 1] : margin(δ) > 0}, where
 * margin(δ) (e.g. "lower bound at level δ minus the hypothesised value") is nondecreasing in δ —
 * bounds at a larger miss probability δ are tighter. If P[margin(δ) > 0] ≤ δ under H₀ for every
 * δ, this is a valid p-value: P[p ≤ α] ≤ α. Returns 1 when margin(1) ≤ 0 and 1e-300 when already
 * margin(1e-300) > 0 (p-values below 1e-300 are reported as 1e-300).
 *
 * Method: Illinois-modified regula falsi on x = ln δ, with a bisection step every fourth iteration,
 * keeping the bracket margin(e^lo) ≤ 0 < margin(e^hi), to a bracket width of 1e-9·max(1, |ln δ|)
 * in ln δ (a relative error in δ of at most 1e-9·|ln δ|: ≤ 3e-8 for δ ≥ 1e-13, ≤ 7e-7 at 1e-300). The returned δ is the bracket's upper end — a level at which
 * margin > 0 was evaluated — so the reported p-value is never below the exact infimum.
 *
 * Reference: Dowell & Jarratt (1971) for the Illinois method; p-values as the smallest level of
 * rejection (Lehmann & Romano, Testing Statistical Hypotheses, §3.3). Internal: not validated.
 *
 * @example smallestLevel((delta) => delta - 0.01) // ≈ 0.01 (to 5e-9 relative, never below)
 */
export function smallestLevel(margin: (delta: number) => number): number {
  let hi = 0;
  let fHi = margin(1);
  if (!(fHi > 0)) return 1;
  let lo = Math.log(SMALLEST_LEVEL);
  let fLo = margin(SMALLEST_LEVEL);
  if (fLo > 0) return SMALLEST_LEVEL;
  let lastSide = 0;
  for (let iteration = 0; iteration < 400 && hi - lo > 1e-9 * Math.max(1, -hi); iteration++) {
    let x = (lo * fHi - hi * fLo) / (fHi - fLo);
    if (iteration % 4 === 3 || !(x > lo && x < hi)) x = 0.5 * (lo + hi);
    const f = margin(Math.exp(x));
    if (f > 0) {
      hi = x;
      fHi = f;
      if (lastSide === 1) fLo *= 0.5;
      lastSide = 1;
    } else {
      lo = x;
      fLo = f;
      if (lastSide === -1) fHi *= 0.5;
      lastSide = -1;
    }
  }
  return Math.exp(hi);
}
