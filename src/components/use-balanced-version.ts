import { useSyncExternalStore } from 'react';
import { balancedVersion, subscribeBalanced } from '../data/balanced-intervals-service';

/** Re-renders the caller whenever inverted intervals computed in the background arrive. */
export function useBalancedVersion(): number {
  return useSyncExternalStore(subscribeBalanced, balancedVersion, balancedVersion);
}
