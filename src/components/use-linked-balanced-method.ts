import { DEFAULT_BALANCED_METHOD, type BalancedMethod } from '../data/methods';
import { useWorkspace } from '../store/workspace';

/**
 * The balanced-interval method a view shows: the link's `balanced=` (for this view only — opening a
 * link never changes the workspace's setting); a link without it opens the default, Buehler's,
 * whatever this browser's setting, so that it shows what its sender saw (links leave the default
 * out; the app's own links carry the union bound or the test inversion when that is the setting).
 * `changeMethod` is the user's choice: it sets the workspace's setting and rewrites the address
 * (history.replaceState, then a hashchange so the view re-reads it), so "Copy link" and a reload keep it.
 */
export function useLinkedBalancedMethod(linkMethod: BalancedMethod | undefined, hrefFor: (method: BalancedMethod) => string) {
  const setMethod = useWorkspace((state) => state.setBalancedMethod);
  const changeMethod = (next: BalancedMethod) => {
    setMethod(next);
    window.history.replaceState(window.history.state, '', hrefFor(next));
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  };
  return [linkMethod ?? DEFAULT_BALANCED_METHOD, changeMethod] as const;
}
