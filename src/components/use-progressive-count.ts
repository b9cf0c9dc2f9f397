import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * How many of `total` items to render now: `first` at first (`chunk` unless said), then `chunk` more
 * after each frame until all are, so that a long page of charts is drawn a chunk a frame rather than
 * in one task that holds the page for half a second. Starts again from `first` when `itemsKey`
 * changes (other items: their first ones are drawn first). A `first` of 0 leaves the whole of the
 * items to later frames: the page around them is painted before any is drawn.
 */
export function useProgressiveCount(total: number, chunk: number, itemsKey: unknown, first = chunk): number {
  const [progress, setProgress] = useState({ itemsKey, count: first });
  if (progress.itemsKey !== itemsKey) setProgress({ itemsKey, count: first });
  const count = progress.itemsKey === itemsKey ? progress.count : first;
  // The items too: a task's step and new items in one render leave the count where it was, yet due again.
  useEffect(() => {
    if (count >= total) return;
    // The next chunk in a task after the next frame, one chunk a frame: steps on timers alone fit two or
    // three chunks between frames, and the frame after them lays all of them out at once (a report of
    // 200 detectors: layouts of up to 180 ms, traced). Rendered in that very task (flushSync): left to
    // React's scheduler, two charts' steps on one page were rendered, with recharts' effects, in one task.
    let timer: number | undefined;
    const frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(() => flushSync(() => setProgress((current) => ({ ...current, count: current.count + chunk }))), 0);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [count, total, chunk, progress.itemsKey]);
  return Math.min(count, total);
}
