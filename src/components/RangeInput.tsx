import { useLayoutEffect, useRef } from 'react';
import { flushSync } from 'react-dom';
import { afterNextPaint } from './after-paint';

export interface RangeInputProps {
  id: string;
  className?: string;
  min: number;
  max: number;
  step: number;
  /** Where the thumb stands; followed whenever it changes elsewhere (a link, a typed value, an animation). */
  position: number;
  /** What a screen reader announces, e.g. "N = 1,000 tests". */
  valueText: string;
  /** Called with the latest position at most once a frame, after the frame that moved the thumb has been painted. */
  onCommit: (position: number) => void;
}

/**
 * A native range input that the browser moves by itself: arrows, PageUp/PageDown, Home/End and
 * drags change its frame exactly as a bare slider's would, and what it drives is rendered once a
 * frame afterwards, in one synchronous pass (`afterNextPaint`). React does not control its value
 * (a controlled input is rewritten on every step); `position` is written to it when it changes
 * from elsewhere and no move of the user's is waiting to be committed — and when it changes while one
 * waits, the move is dropped: the value set elsewhere is the newer.
 */
export function RangeInput({ id, className, min, max, step, position, valueText, onCommit }: RangeInputProps) {
  const input = useRef<HTMLInputElement>(null);
  const pending = useRef<number | null>(null);
  const commit = useRef(onCommit);
  /** `position` as last rendered, and as it was when the waiting move began. */
  const shown = useRef(position);
  const movedFrom = useRef(position);
  useLayoutEffect(() => {
    commit.current = onCommit;
    shown.current = position;
  });
  useLayoutEffect(() => {
    const element = input.current;
    if (element && pending.current === null && Number(element.value) !== position) element.value = String(position);
  }, [position, min, max, step]);

  return (
    <input
      id={id}
      ref={input}
      className={className}
      type="range"
      min={min}
      max={max}
      step={step}
      defaultValue={position}
      aria-valuetext={valueText}
      onChange={(event) => {
        const scheduled = pending.current !== null;
        pending.current = Number(event.target.value);
        if (scheduled) return;
        movedFrom.current = shown.current;
        afterNextPaint(() => {
          const latest = pending.current;
          pending.current = null;
          if (latest === null) return;
          // Set elsewhere while the move waited (a value typed in the frame after a key press): the newer value stands.
          if (shown.current !== movedFrom.current) {
            if (input.current) input.current.value = String(shown.current);
            return;
          }
          flushSync(() => commit.current(latest));
        });
      }}
    />
  );
}
