import { useEffect, useMemo, useState } from 'react';
import { computeExpensiveIntervals, missingExpensiveIntervals, type ExpensiveBalancedNeed } from '../data/workers';

/** Up to this many small-count intervals are computed on the spot (≈ 1 ms each); more go to workers. */
export const ON_PAGE_EXPENSIVE_INTERVALS = 20;

/**
 * Makes sure the balanced interval of every need (an expensive method's: the test inversion's or
 * Buehler's) is known before a view that shows them all (a report) reads them: a few small ones are
 * computed on the spot, the rest in Web Workers, one per core. Returns null when all are known, else
 * the fraction done. Pass a stable array (memoised).
 */
export function useExpensiveIntervalsReady(needs: readonly ExpensiveBalancedNeed[]): number | null {
  const missing = useMemo(() => missingExpensiveIntervals(needs, ON_PAGE_EXPENSIVE_INTERVALS), [needs]);
  const [progress, setProgress] = useState<{ missing: readonly ExpensiveBalancedNeed[]; fraction: number } | null>(null);
  useEffect(() => {
    if (missing.length === 0) return undefined;
    return computeExpensiveIntervals(missing, (fraction) => setProgress({ missing, fraction }));
  }, [missing]);
  if (missing.length === 0) return null;
  const fraction = progress?.missing === missing ? progress.fraction : 0;
  return fraction >= 1 ? null : fraction;
}
