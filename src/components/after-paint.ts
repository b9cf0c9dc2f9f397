/**
 * How long work waits after the frame that asked for it has been painted: meanwhile the compositor
 * rasterises and presents that frame on the other threads. On two cores, work started at once takes
 * their CPU and can delay that frame past the next vsync; much longer, and it runs into the next frame.
 */
const PRESENT_MS = 6;

/** Discrete inputs whose frames the work makes way for (a drag's moves are not among them: they come every frame). */
const DISCRETE_INPUTS = ['keydown', 'keyup', 'pointerdown', 'pointerup'] as const;

let committing = false;
let lastInputAt = -Infinity;
let listening = false;

function listenForInputs(): void {
  if (listening) return;
  listening = true;
  // When it was handled (not event.timeStamp, which is when it happened and in jsdom is on another clock).
  const note = () => {
    lastInputAt = performance.now();
  };
  for (const type of DISCRETE_INPUTS) window.addEventListener(type, note, { capture: true, passive: true });
}

/**
 * Runs `callback` in a task of its own, PRESENT_MS after the next frame has been painted, with
 * `isAfterPaintCommit()` true while it runs. An input that only schedules this leaves its own frame
 * as light as a bare native control's. A key press or a pointer press/release handled after that
 * paint has a frame of its own still to come: the work waits (once) for that frame too, rather than
 * making it late — a held key or the end of a drag would otherwise often wait for a redraw.
 */
export function afterNextPaint(callback: () => void): void {
  listenForInputs();
  schedule(callback, true);
}

function schedule(callback: () => void, mayWait: boolean): void {
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      const paintedAt = performance.now();
      window.setTimeout(() => {
        if (mayWait && lastInputAt >= paintedAt) {
          schedule(callback, false);
          return;
        }
        committing = true;
        try {
          callback();
        } finally {
          committing = false;
        }
      }, PRESENT_MS);
    };
    channel.port2.postMessage(null);
  });
}

/** Whether the code running now is an `afterNextPaint` callback: its frame has already been painted. */
export function isAfterPaintCommit(): boolean {
  return committing;
}
