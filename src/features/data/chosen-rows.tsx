import { BALANCED_METHOD_NAMES, type BalancedMethod } from '../../data/methods';
import type { Interval } from '../../stats';
import { formatWholeCount } from '../../data/format';
import type { ChosenBalanced } from './use-chosen-balanced';

/** A row of the data view with its balanced interval by the workspace's method. */
export type WithChosen<R> = R & {
  /** The chosen method's interval (null with an empty class, or while `computing`). */
  balanced: Interval | null;
  /** The chosen method's interval is still being computed in a worker. */
  computing: boolean;
};

/** `rows` (aligned with the needs given to `useChosenBalanced`) with the chosen method's interval in `balanced`. */
export function withChosen<R extends { balanced: Interval | null }>(rows: readonly R[], chosen: ChosenBalanced): WithChosen<R>[] {
  return rows.map((row, index) => {
    const interval = chosen.intervals[index];
    return { ...row, balanced: interval ?? null, computing: interval === undefined };
  });
}

/** How the data view's captions name the balanced interval. */
export function balancedMethodName(method: BalancedMethod): string {
  return BALANCED_METHOD_NAMES[method];
}

/** While the chosen method's intervals are computed in workers: what is happening and how far along. */
export function ChosenProgress({ method, chosen, what }: { method: BalancedMethod; chosen: ChosenBalanced; what: string }) {
  if (chosen.pending === 0) return null;
  const percent = Math.round((chosen.progress ?? 0) * 100);
  return (
    <p className="data-note" role="status">
      Computing the balanced intervals of {what} ({balancedMethodName(method)}) in background workers: {formatWholeCount(chosen.pending)}{' '}
      to go, {percent}% done…
    </p>
  );
}
