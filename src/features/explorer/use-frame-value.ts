import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { afterNextPaint, isAfterPaintCommit } from '../../components/after-paint';

/**
 * `value` as it was when it was last drawn, with its key (the current one, or an older one while
 * the next draw has not come yet). The plots follow the controls through this: a burst of
 * input within a frame draws once, with the latest value, and new input never cancels a draw that
 * is due, so the plots keep up with a drag however fast it goes. (useDeferredValue restarts its
 * background render on every new input, so a drag whose draws take longer than the gap between
 * inputs would leave the plots behind until the pointer stops.)
 *
 * The value is drawn shortly after the frame that asked for it has been painted, in one synchronous pass:
 * recharts registers axis domains and ticks in effects and redraws with the new scales once they
 * are in, and a synchronous render runs those effects and that redraw before the next paint. Drawn
 * as an ordinary update, the first pass (new series, old scales) could be painted on its own: a
 * frame with the curves off the axes. A change that is itself committed after its frame has been
 * painted (a slider's move) is drawn at once, in that pass: it has nothing left to wait for.
 */
export function useFrameValue<T>(value: T, key: string): { shown: T; shownKey: string } {
  const [frame, setFrame] = useState({ key, value });
  const latest = useRef({ key, value });
  const drawDue = useRef(false);
  const mounted = useRef(true);
  if (frame.key !== key && isAfterPaintCommit()) {
    // Committed after its own frame was painted (a slider's move, see RangeInput): draw it in this pass.
    setFrame({ key, value });
  }

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    latest.current = { key, value };
    if (frame.key === key || drawDue.current) return;
    drawDue.current = true;
    afterNextPaint(() => {
      drawDue.current = false;
      if (mounted.current) flushSync(() => setFrame(latest.current));
    });
  }, [key, value, frame.key]);

  return { shown: frame.value, shownKey: frame.key };
}
