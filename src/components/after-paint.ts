/**
 * How long work waits after the frame that asked for it has been painted: meanwhile the compositor
 * rasterises and presents that frame on the other threads. On two cores, work started at once takes
 * their CPU and can delay that frame past the next vsync; much longer, and it runs into the next frame.
 */
const PRESENT_MS = 6;

let committing = false;

/**
 * Runs `callback` in a task of its own, PRESENT_MS after the next frame has been painted, with
 * `isAfterPaintCommit()` true while it runs. An input that only schedules this leaves its own frame
 * as light as a bare native control's.
 */
export function afterNextPaint(callback: () => void): void {
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      window.setTimeout(() => {
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
