import { useCallback, useState } from 'react';

/**
 * A view's settings, taken from its link and written back with `history.replaceState` as the
 * controls change: the address bar stays shareable without a history entry per keystroke, and
 * without a `hashchange` that would re-parse what the view already knows. A link opened later
 * (a new `linkKey`, e.g. the query string) replaces the settings.
 */
export function useLinkState<T>(linked: T, linkKey: string, toHref: (value: T) => string): [T, (next: T) => void] {
  const [source, setSource] = useState(linkKey);
  const [value, setValue] = useState(linked);
  if (source !== linkKey) {
    setSource(linkKey);
    setValue(linked);
  }
  const update = useCallback(
    (next: T) => {
      setValue(next);
      window.history.replaceState(window.history.state, '', toHref(next));
    },
    [toHref],
  );
  return [value, update];
}
