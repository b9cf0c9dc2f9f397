import { assertDelta } from './assert-delta';
import { assertWholeNumber } from './assert-whole-number';
import { exactLowerBound } from './exact-lower-bound';
import { exactUpperBound } from './exact-upper-bound';
import { tableIndex } from './sequential-table-index';
import { proportionConfidenceSequence, type ConfidenceSequenceOptions } from './proportion-confidence-sequence';

/** Every bound a method reports after each label up to a horizon, row by row (`tableIndex`). */
export interface SequentialBoundTable {
  horizon: number;
  /** lower[tableIndex(t, k)] for 1 ≤ t ≤ horizon, 0 ≤ k ≤ t. */
  lower: Float64Array;
  upper: Float64Array;
}

export interface SequentialBoundOptions extends ConfidenceSequenceOptions {
  /** 'confidence-sequence' (default: `proportionConfidenceSequence`) or 'clopper-pearson' (the fixed-n exact interval, looked at after every label). */
  method?: 'confidence-sequence' | 'clopper-pearson';
}

/** The largest horizon tabulated: the table holds ~N²/2 pairs of bounds. */
const MOST_HORIZON = 5_000;

/**
 * The interval a method would report after each of the first N labels, for every count k ≤ t:
 * the input of `sequentialMissProbability`. For the confidence sequence, `proportionConfidenceSequence(k, t, δ, options)`;
 * for Clopper–Pearson, the exact fixed-n interval at δ (two-sided: each end at δ/2; one-sided: the
 * one end at δ, `exactLowerBound` / `exactUpperBound`), as a dashboard that recomputes it after every label shows it.
 * `onRow(t)` is called after each row (progress for long tables).
 *
 * Reference: Clopper & Pearson (1934); Howard et al. (2021).
 * Domain: 1 ≤ N ≤ 5,000 whole; 1e-300 ≤ δ < 1. Errors: RangeError naming the argument
 * (`horizon must be ≤ 5000, got 10000`; those of `proportionConfidenceSequence` for options; `options.method must be …`).
 *
 * @example sequentialBoundTable(500, 0.05).lower[tableIndex(100, 90)] // ≈ 0.77173, as proportionConfidenceSequence(90, 100, 0.05)
 */
export function sequentialBoundTable(
  horizon: number,
  delta: number,
  options: SequentialBoundOptions = {},
  onRow?: (trials: number) => void,
): SequentialBoundTable {
  assertWholeNumber(horizon, 'horizon');
  if (horizon < 1 || horizon > MOST_HORIZON) throw new RangeError(`horizon must be in [1, ${MOST_HORIZON}], got ${horizon}`);
  assertDelta(delta);
  if (typeof options !== 'object' || options === null) throw new RangeError(`options must be an object, got ${String(options)}`);
  const { method = 'confidence-sequence', sides = 'two-sided' } = options;
  if (method !== 'confidence-sequence' && method !== 'clopper-pearson') {
    throw new RangeError(`options.method must be 'confidence-sequence' or 'clopper-pearson', got ${String(method).slice(0, 40)}`);
  }
  // Validates sides and expectedTrials once, with the caller's names.
  proportionConfidenceSequence(0, 1, delta, options);
  const size = tableIndex(horizon + 1, 0);
  const lower = new Float64Array(size);
  const upper = new Float64Array(size);
  const endDelta = sides === 'two-sided' ? delta / 2 : delta;
  for (let trials = 1; trials <= horizon; trials++) {
    for (let successes = 0; successes <= trials; successes++) {
      const index = tableIndex(trials, successes);
      if (method === 'confidence-sequence') {
        const interval = proportionConfidenceSequence(successes, trials, delta, options);
        lower[index] = interval.lower;
        upper[index] = interval.upper;
      } else {
        lower[index] = sides === 'upper' ? 0 : exactLowerBound(trials, successes, endDelta);
        upper[index] = sides === 'lower' ? 1 : exactUpperBound(trials, successes, endDelta);
      }
    }
    onRow?.(trials);
  }
  return { horizon, lower, upper };
}
