import { useCallback, useEffect, useRef, useState } from 'react';
import type { BoundSearch } from './bound-search';

/** About a second for the whole search: the eye can follow each halving. */
const STEP_MS = 80;

export interface BoundAnimation {
  search: BoundSearch | null;
  /** How many of the search's steps have been shown so far. */
  shownSteps: number;
  /** True once p sits on the exact bound. */
  landed: boolean;
  play: (search: BoundSearch) => void;
  /** Stops moving p (the reader took over); the steps shown so far stay listed. */
  stop: () => void;
  /** Forgets the search, e.g. when the counts or δ it was for change. */
  clear: () => void;
}

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Replays a bound search by moving p through its bisection midpoints, one per STEP_MS (at most one
 * per frame) on requestAnimationFrame, then sets p to the exact bound. With prefers-reduced-motion, p goes
 * straight to the bound and the steps are listed at once.
 */
export function useBoundAnimation(setP: (p: number) => void): BoundAnimation {
  const [search, setSearch] = useState<BoundSearch | null>(null);
  const [shownSteps, setShownSteps] = useState(0);
  const [landed, setLanded] = useState(false);
  const frame = useRef(0);

  const stop = useCallback(() => cancelAnimationFrame(frame.current), []);
  const clear = useCallback(() => {
    cancelAnimationFrame(frame.current);
    setSearch(null);
  }, []);

  const play = useCallback(
    (next: BoundSearch) => {
      cancelAnimationFrame(frame.current);
      setSearch(next);
      const land = () => {
        setShownSteps(next.steps.length);
        setLanded(true);
        setP(next.bound);
      };
      setLanded(false);
      if (prefersReducedMotion()) {
        land();
        return;
      }
      setShownSteps(0);
      let started: number | undefined;
      let shown = -1;
      const tick = (now: number) => {
        started ??= now;
        // One step per STEP_MS, and never more than one per frame: on a slow or busy machine the
        // search takes longer rather than skipping halvings the eye should follow.
        const index = Math.min(shown + 1, Math.floor((now - started) / STEP_MS));
        if (index >= next.steps.length) {
          land();
          return;
        }
        // Only when the step changes: the frames in between would re-render the view for nothing.
        if (index !== shown) {
          shown = index;
          setShownSteps(index + 1);
          setP(next.steps[index]!.p);
        }
        frame.current = requestAnimationFrame(tick);
      };
      frame.current = requestAnimationFrame(tick);
    },
    [setP],
  );

  useEffect(() => () => cancelAnimationFrame(frame.current), []);
  return { search, shownSteps, landed, play, stop, clear };
}
