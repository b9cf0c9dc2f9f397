import { useEffect, useState } from 'react';

/**
 * How many of `total` items to render now: `chunk` at first, then `chunk` more in each later task
 * until all are, so that a long page of charts is drawn in tasks of tens of milliseconds rather than
 * in one that holds the page for half a second. Starts again from `chunk` when `itemsKey` changes
 * (other items: their first ones are drawn first).
 */
export function useProgressiveCount(total: number, chunk: number, itemsKey: unknown): number {
  const [progress, setProgress] = useState({ itemsKey, count: chunk });
  if (progress.itemsKey !== itemsKey) setProgress({ itemsKey, count: chunk });
  const count = progress.itemsKey === itemsKey ? progress.count : chunk;
  useEffect(() => {
    if (count >= total) return;
    // A task of its own: the browser can paint what is drawn so far, and handle input, in between.
    const timer = window.setTimeout(() => setProgress((current) => ({ ...current, count: current.count + chunk })), 0);
    return () => window.clearTimeout(timer);
  }, [count, total, chunk]);
  return Math.min(count, total);
}
