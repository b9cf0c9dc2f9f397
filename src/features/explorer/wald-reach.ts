import type { Interval } from '../../stats';

export interface WaldReach {
  /** p̂ ± z·σ̂ before clipping, when it can be recovered from the clipped interval. */
  lower: number;
  upper: number;
  /** Which ends the stats library clipped to [0, 1]. */
  clippedLower: boolean;
  clippedUpper: boolean;
  /** Both ends clipped: the half-width is not recoverable, only known to exceed max(p̂, 1 − p̂). */
  unknown: boolean;
}

/**
 * Where the Wald interval p̂ ± z·σ̂ reaches before `waldInterval` clips it to [0, 1]. The interval
 * is symmetric about p̂, so an unclipped end gives the half-width of the other; no statistics here.
 */
export function waldReach(clipped: Interval): WaldReach {
  const { estimate, lower, upper } = clipped;
  if (lower > 0) {
    const half = estimate - lower;
    return { lower, upper: estimate + half, clippedLower: false, clippedUpper: estimate + half > 1, unknown: false };
  }
  if (upper < 1) {
    const half = upper - estimate;
    return { lower: estimate - half, upper, clippedLower: estimate - half < 0, clippedUpper: false, unknown: false };
  }
  // [0, 1] exactly: both ends were clipped (p̂ ± z·σ̂ landing on 0 and 1 to the last bit is not worth a case).
  return { lower, upper, clippedLower: true, clippedUpper: true, unknown: true };
}
