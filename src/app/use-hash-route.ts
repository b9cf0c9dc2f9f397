import { useMemo, useSyncExternalStore } from 'react';
import { parseHashRoute, type HashRoute } from '../data/links';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

const readHash = () => window.location.hash;

/** The current hash route; re-renders on every `hashchange`. */
export function useHashRoute(): HashRoute {
  const hash = useSyncExternalStore(subscribe, readHash, () => '');
  return useMemo(() => parseHashRoute(hash), [hash]);
}
