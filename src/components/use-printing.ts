import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * True while the page is being printed, so windowed lists can render every row for paper.
 * `beforeprint` comes just before the browser lays the page out for printing: rendering there with
 * flushSync gets the full list onto the paper. The print media query covers print previews and
 * emulated print media that send no such event.
 */
export function usePrinting(): boolean {
  const [printing, setPrinting] = useState(() => typeof window !== 'undefined' && window.matchMedia?.('print').matches === true);
  useEffect(() => {
    const query = window.matchMedia?.('print');
    const start = () => flushSync(() => setPrinting(true));
    const stop = () => setPrinting(query?.matches ?? false);
    const follow = (event: MediaQueryListEvent) => setPrinting(event.matches);
    window.addEventListener('beforeprint', start);
    window.addEventListener('afterprint', stop);
    query?.addEventListener('change', follow);
    return () => {
      window.removeEventListener('beforeprint', start);
      window.removeEventListener('afterprint', stop);
      query?.removeEventListener('change', follow);
    };
  }, []);
  return printing;
}
