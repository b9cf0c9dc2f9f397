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
 * from elsewhere and no move of the user's is waiting to be committed.
 */
export function RangeInput({ id, className, min, max, step, position, valueText, onCommit }: RangeInputProps) {
  const input = useRef<HTMLInputElement>(null);
  const pending = useRef<number | null>(null);
  const commit = useRef(onCommit);
  useLayoutEffect(() => {
    commit.current = onCommit;
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
        afterNextPaint(() => {
          const latest = pending.current;
          pending.current = null;
          if (latest !== null) flushSync(() => commit.current(latest));
        });
      }}
    />
  );
}
