import { balancedInterval } from './balanced-interval';
import type { ClassCounts, Interval } from './types';

/**
 * PLACEHOLDER (being written): the exact balanced interval ordered by the union bound (Buehler).
 * Until the search lands this returns the union bound itself, which the Buehler interval never exceeds.
 */
export function balancedBuehlerInterval(counts: { yes: ClassCounts; no: ClassCounts }, delta: number): Interval {
  const { estimate, lower, upper } = balancedInterval(counts, delta);
  return { estimate, lower, upper };
}
