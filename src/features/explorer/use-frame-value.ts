import { useEffect, useState } from 'react';

/**
 * `value` as it was at the last animation frame, with its key (the current one, or an older one
 * while the next frame has not come yet). The
 * plots follow the controls through this: a burst of input within a frame draws once, and a draw,
 * once started, finishes. (useDeferredValue restarts its background render on every new input, so
 * a drag whose draws take longer than the gap between inputs would leave the plots behind until
 * the pointer stops.)
 */
export function useFrameValue<T>(value: T, key: string): { shown: T; shownKey: string } {
  const [frame, setFrame] = useState({ key, value });
  useEffect(() => {
    if (frame.key === key) return;
    const request = requestAnimationFrame(() => setFrame({ key, value }));
    return () => cancelAnimationFrame(request);
  }, [key, value, frame.key]);
  return { shown: frame.value, shownKey: frame.key };
}
