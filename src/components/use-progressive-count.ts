import { useEffect, useState } from 'react';

/**
 * How many of `total` items to render now: `first` at first (`chunk` unless said), then `chunk` more
 * in each later task until all are, so that a long page of charts is drawn in tasks of tens of
 * milliseconds rather than in one that holds the page for half a second. Starts again from `first`
 * when `itemsKey` changes (other items: their first ones are drawn first). A `first` of 0 leaves the
 * whole of the items to later tasks: the page around them is painted before any is drawn.
 */
export function useProgressiveCount(total: number, chunk: number, itemsKey: unknown, first = chunk): number {
  const [progress, setProgress] = useState({ itemsKey, count: first });
  if (progress.itemsKey !== itemsKey) setProgress({ itemsKey, count: first });
  const count = progress.itemsKey === itemsKey ? progress.count : first;
  // The items too: a task's step and new items in one render leave the count where it was, yet due again.
  useEffect(() => {
    if (count >= total) return;
    // A task of its own: the browser can paint what is drawn so far, and handle input, in between.
    const timer = window.setTimeout(() => setProgress((current) => ({ ...current, count: current.count + chunk })), 0);
    return () => window.clearTimeout(timer);
  }, [count, total, chunk, progress.itemsKey]);
  return Math.min(count, total);
}
