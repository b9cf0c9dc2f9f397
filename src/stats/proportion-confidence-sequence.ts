import { assertCounts } from './assert-counts';
import { assertDelta } from './assert-delta';
import { mixtureBoundary } from './mixture-boundary';
import { mixturePrior } from './mixture-prior';
import type { Interval } from './types';

/** Which ends a confidence sequence bounds: both, or only the lower (upper = 1) or the upper (lower = 0). */
export type SequenceSides = 'two-sided' | 'lower' | 'upper';

export interface ConfidenceSequenceOptions {
  /** 'two-sided' (default), 'lower' or 'upper'. */
  sides?: SequenceSides;
  /** The number of trials at which the sequence should be narrowest (tunes the mixture); Robbins' Beta(1, 1) without it. */
  expectedTrials?: number;
}

/** Beyond this the log-gamma differences lose the digits the bound needs. */
const MOST_TRIALS = 1e9;

/**
 * An anytime-valid (1 − δ) confidence sequence for a binomial proportion: after k successes in n
 * trials, CSₙ = { p : Mₙ(p) < 1/δ }, Mₙ(p) = B(a + k, b + n − k) / (B(a, b) pᵏ (1 − p)ⁿ⁻ᵏ), the
 * beta-binomial mixture likelihood ratio. Mₙ(p) is a martingale under p, so by Ville's inequality
 * P(∃ n ≥ 1 : p ∉ CSₙ) ≤ δ: valid however often one looks and whenever one stops. The set is an
 * interval around k/n; each end is a bracketed root (`mixtureBoundary`, relative tolerance 1e-12,
 * rounded outward). One-sided ('lower' / 'upper'): that end of the same set with all of δ, the other
 * end 0 or 1 — the mixture spends δ on both sides at once, so the one-sided bound equals the
 * two-sided set's end (valid on its own, P(∃ n : p < lowerₙ) ≤ δ). The mixture is Beta(1, 1)
 * (Robbins) unless `expectedTrials` tunes it (`mixturePrior`: Beta centred on each tested p, narrowest near that n).
 *
 * Reference: Robbins (1970), Ann. Math. Statist. 41, 1397–1409; Howard, Ramdas, McAuliffe & Sekhon
 * (2021), Ann. Statist. 49(2), 1055–1080.
 * Domain: 1 ≤ trials ≤ 1e9 and 0 ≤ successes ≤ trials whole; 1e-300 ≤ δ < 1; 1 ≤ expectedTrials ≤ 1e9.
 * Errors: RangeError naming the argument (`successes must be ≤ trials (10), got 11`, `trials must be
 * ≤ 1e9`, `options.sides must be …`, `options.expectedTrials must be …`); EmptyClassError at trials = 0.
 *
 * @example proportionConfidenceSequence(90, 100, 0.05) // { estimate: 0.9, lower: ≈ 0.77173, upper: ≈ 0.97116 }
 */
export function proportionConfidenceSequence(
  successes: number,
  trials: number,
  delta: number,
  options: ConfidenceSequenceOptions = {},
): Interval {
  assertCounts(trials, successes, { n: 'trials', k: 'successes' });
  if (trials > MOST_TRIALS) throw new RangeError(`trials must be ≤ 1e9, got ${trials}`);
  assertDelta(delta);
  if (typeof options !== 'object' || options === null) throw new RangeError(`options must be an object, got ${String(options)}`);
  const { sides = 'two-sided', expectedTrials } = options;
  if (sides !== 'two-sided' && sides !== 'lower' && sides !== 'upper') {
    throw new RangeError(`options.sides must be 'two-sided', 'lower' or 'upper', got ${String(sides).slice(0, 40)}`);
  }
  if (expectedTrials !== undefined && !(typeof expectedTrials === 'number' && expectedTrials >= 1 && expectedTrials <= MOST_TRIALS)) {
    throw new RangeError(`options.expectedTrials must be a number in [1, 1e9], got ${String(expectedTrials).slice(0, 40)}`);
  }
  const prior = mixturePrior(delta, expectedTrials);
  const logThreshold = -Math.log(delta);
  const estimate = successes / trials;
  return {
    estimate,
    lower: sides === 'upper' ? 0 : Math.min(mixtureBoundary('lower', successes, trials, prior, logThreshold), estimate),
    upper: sides === 'lower' ? 1 : Math.max(mixtureBoundary('upper', successes, trials, prior, logThreshold), estimate),
  };
}
