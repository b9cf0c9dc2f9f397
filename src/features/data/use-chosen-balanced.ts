import { useMemo, useState } from 'react';
import { useBalancedVersion } from '../../components/use-balanced-version';
import { useExpensiveIntervalsReady } from '../../components/use-expensive-intervals-ready';
import { knownExpensiveInterval, type ExpensiveBalancedNeed } from '../../data/workers';
import { balancedIntervalBy, effectiveMethod, isExpensiveBalancedMethod, type BalancedMethod } from '../../data/methods';
import type { ClassCounts, Interval } from '../../stats';

/** The counts and level of one balanced interval a table of the data view shows. */
export interface BalancedNeed {
  yes: ClassCounts;
  no: ClassCounts;
  delta: number;
}

export interface ChosenBalanced {
  /**
   * Per need, the chosen method's interval: null with an empty class, undefined while a worker
   * computes it (the exact searches of large counts).
   */
  intervals: (Interval | null | undefined)[];
  /** The fraction of the expensive intervals done while some are still computing; null when all are known. */
  progress: number | null;
  /** How many of the needs are still computing. */
  pending: number;
}

/**
 * The balanced interval of every need by the workspace's method (`method`), for the data view's
 * tables of slices, windows and thresholds: the union bound computed on the spot; Buehler's and the
 * estimate-ordered inversion's — certified searches, up to ~0.1 s each at 10⁶ labels per class — a
 * few small ones on the spot, the rest in Web Workers, one per core, through the shared interval
 * cache, so that the page never waits on them. Pass a stable array (memoised).
 */
export function useChosenBalanced(method: BalancedMethod, needs: readonly BalancedNeed[]): ChosenBalanced {
  const expensive = useMemo(
    (): ExpensiveBalancedNeed[] =>
      isExpensiveBalancedMethod(method) ? needs.filter(({ yes, no }) => yes.total > 0 && no.total > 0).map((need) => ({ method, ...need })) : [],
    [method, needs],
  );
  const progress = useExpensiveIntervalsReady(expensive);
  // Results arriving from the workers re-render the caller.
  const arrived = useBalancedVersion();
  const current = useMemo(() => {
    const intervals = needs.map(({ yes, no, delta }) => chosenBalanced(method, yes, no, delta));
    return { intervals, progress, pending: intervals.filter((interval) => interval === undefined).length };
    // `arrived` and `progress` tell when the cache has more.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [method, needs, progress, arrived]);
  // Every arrival re-renders every caller, but most arrivals are another table's: the same answer keeps
  // its identity, so that this caller's tables and charts are not drawn again (a chart is ~100 ms).
  const [kept, setKept] = useState(current);
  if (kept !== current && !sameChosen(kept, current)) {
    setKept(current);
    return current;
  }
  return kept;
}

/** Whether two answers hold the same intervals (by value: the union bound is computed afresh each time), progress and pending count. */
function sameChosen(a: ChosenBalanced, b: ChosenBalanced): boolean {
  return (
    a.progress === b.progress &&
    a.pending === b.pending &&
    a.intervals.length === b.intervals.length &&
    a.intervals.every((interval, index) => sameInterval(interval, b.intervals[index]))
  );
}

function sameInterval(a: Interval | null | undefined, b: Interval | null | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return a.lower === b.lower && a.estimate === b.estimate && a.upper === b.upper;
}

/** One interval by `method` if it is known now (the union bound always is); null with an empty class. */
export function chosenBalanced(method: BalancedMethod, yes: ClassCounts, no: ClassCounts, delta: number): Interval | null | undefined {
  if (yes.total === 0 || no.total === 0) return null;
  const used = effectiveMethod(method, yes, no);
  if (!isExpensiveBalancedMethod(used)) return balancedIntervalBy('union', yes, no, delta);
  return knownExpensiveInterval(used, yes, no, delta);
}
