import { useEffect } from 'react';
import { useWorkspace } from '../../store/workspace';

/**
 * The workspace δ, driven by a link: when the view opens with (or navigates to) `delta=` in its
 * URL, the store takes it. `changeDelta` sets the store and rewrites the address with
 * history.replaceState, so "Copy link" and a reload keep the current view without a history entry
 * per slider step.
 */
export function useLinkedDelta(linkDelta: number | undefined, hrefFor: (delta: number) => string) {
  const delta = useWorkspace((state) => state.delta);
  const setDelta = useWorkspace((state) => state.setDelta);
  useEffect(() => {
    if (linkDelta !== undefined) setDelta(linkDelta);
  }, [linkDelta, setDelta]);
  const changeDelta = (next: number) => {
    if (setDelta(next) === null) window.history.replaceState(window.history.state, '', hrefFor(next));
  };
  return [delta, changeDelta] as const;
}
