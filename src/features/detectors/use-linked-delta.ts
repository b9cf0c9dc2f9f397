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
  // The saved workspace, read asynchronously, brings its own δ: the link's is applied after it (and shown meanwhile).
  const hydrated = useWorkspace((state) => state.hydrated);
  useEffect(() => {
    if (hydrated && linkDelta !== undefined) setDelta(linkDelta);
  }, [linkDelta, setDelta, hydrated]);
  const shown = !hydrated && linkDelta !== undefined ? linkDelta : delta;
  const changeDelta = (next: number) => {
    if (setDelta(next) === null) window.history.replaceState(window.history.state, '', hrefFor(next));
  };
  return [shown, changeDelta] as const;
}
