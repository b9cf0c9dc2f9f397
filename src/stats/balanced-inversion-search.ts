import { BalancedLineCurvature, linearStaircase } from './balanced-line-curvature-bound';
import { balancedLineNormalBound } from './balanced-line-normal-bound';
import { balancedLineSearch, type InversionSearchReport } from './balanced-line-search';
import { exactLowerBound } from './exact-lower-bound';
import { OrderedTailProbability, TAIL_RELATIVE_ERROR } from './ordered-tail-probability';

/**
 * The certified lower confidence bound of the balanced accuracy θ = (p₊ + p₋)/2 by inverting the
 * exact test with ordering T = n₋x₊ + n₊x₋ (≡ the estimate), for observed T = t, level α:
 *   L = inf{θ : φ(θ) > α},   φ(θ) = sup{P_{p₊,p₋}[T ≥ t] : (p₊ + p₋)/2 = θ}.
 * Returns a value ≤ L (certified) and ≥ L − gap. The two classes enter only through (n₊, n₋, t)
 * and are put in a fixed order, so swapping classes gives bit-identical results. Equal classes take
 * Hoeffding's shortcut; otherwise `balancedLineSearch` with T's tail sums, its staircase curvature
 * bound and Berry–Esseen for large classes.
 * Internal (see `balancedInversionLowerBound` for the argument and the error).
 */
export function balancedInversionSearch(nYes: number, nNo: number, t: number, alpha: number): InversionSearchReport {
  const nA = Math.min(nYes, nNo);
  const nB = Math.max(nYes, nNo);
  if (t <= 0) return { bound: 0, above: 0, evaluations: 0, certifyEvaluations: 0 };
  // Each row's window leaves out ≤ ~1e-5·α (added to every upper value): ~1% of the slack a
  // certification works with next to the peak (the gap, ~3·10⁻³α), and rows ~13% shorter than at 1e-7·α.
  const tail = new OrderedTailProbability(nA, nB, t, Math.max(alpha * 1e-5, 1e-305));
  if (nA === nB) {
    // Equal classes: T/n = x₊ + x₋ is a sum of 2n independent Bernoulli trials with mean 2nθ, and
    // by Hoeffding (1956, Theorem 4) P[S ≥ s] is largest when all trials share p = θ, for s ≥ 2nθ + 1.
    // So φ(θ) = P[Binomial(2n, θ) ≥ s] there, and the bound is Clopper–Pearson's for s of 2n.
    const successes = t / nA;
    const clopperPearson = exactLowerBound(2 * nA, successes, alpha) * (1 - 1e-9);
    if (successes >= 2 * nA * clopperPearson + 1) {
      // P there is α to ~10⁻⁹ relative: rows cut at the search's 10⁻⁵α would leave out more than that.
      const value = tail.evaluate(clopperPearson, clopperPearson, Math.max(alpha * 1e-13, 1e-305)) * (1 + TAIL_RELATIVE_ERROR) + tail.dropped;
      if (value <= alpha) return { bound: clopperPearson, above: clopperPearson * (1 + 2e-9), evaluations: tail.evaluations, certifyEvaluations: 1 };
    }
  }
  // Rows for the staircase bound stop where what is left, times its ~N² coefficients, is ~1e-4.
  const staircase = new BalancedLineCurvature(nA, nB, linearStaircase(nA, nB, t), 1e-4 / ((nA + nB) * (nA + nB)));
  return balancedLineSearch(
    {
      nA,
      nB,
      estimate: t / (2 * nA * nB),
      tail,
      thresholdShare: [Math.ceil(nB / nA), Math.ceil(nA / nB)],
      curvature: (aLo, aHi, bLo, bHi) => staircase.bound(aLo, aHi, bLo, bHi),
      normal: (theta, s1, s2, cells) => balancedLineNormalBound(nA, nB, t, theta, s1, s2, cells),
    },
    alpha,
  );
}
