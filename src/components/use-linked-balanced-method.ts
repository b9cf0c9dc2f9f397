import type { BalancedMethod } from '../data/balanced-method';
import { useWorkspace } from '../store/workspace';

/**
 * The balanced-interval method a view shows: the link's `balanced=` when it has one (for this view
 * only — opening a link never changes the workspace's setting), else the workspace's setting.
 * `changeMethod` is the user's choice: it sets the workspace's setting and rewrites the address
 * (history.replaceState, then a hashchange so the view re-reads it), so "Copy link" and a reload keep it.
 */
export function useLinkedBalancedMethod(linkMethod: BalancedMethod | undefined, hrefFor: (method: BalancedMethod) => string) {
  const workspaceMethod = useWorkspace((state) => state.balancedMethod);
  const setMethod = useWorkspace((state) => state.setBalancedMethod);
  const changeMethod = (next: BalancedMethod) => {
    setMethod(next);
    window.history.replaceState(window.history.state, '', hrefFor(next));
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  };
  return [linkMethod ?? workspaceMethod, changeMethod] as const;
}
