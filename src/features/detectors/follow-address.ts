/** Rewrites the address in place; the hashchange re-parses the link, so the view follows the address, its one source of truth. */
export function followAddress(href: string) {
  window.history.replaceState(window.history.state, '', href);
  window.dispatchEvent(new HashChangeEvent('hashchange'));
}
