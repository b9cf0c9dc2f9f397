import { useSyncExternalStore } from 'react';
import { balancedVersion, subscribeBalanced } from '../data/workers';

/** Re-renders the caller whenever balanced intervals computed in the background (Buehler's, the test inversion's) arrive. */
export function useBalancedVersion(): number {
  return useSyncExternalStore(subscribeBalanced, balancedVersion, balancedVersion);
}
