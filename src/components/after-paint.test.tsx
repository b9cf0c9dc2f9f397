import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint, isAfterPaintCommit } from './after-paint';

describe('afterNextPaint', () => {
  let frames = 0;
  /** Dispatched on window when the work's wait after a paint starts: an input handled after that paint. */
  let inputAfterPaint: string | null = null;

  beforeEach(() => {
    frames = 0;
    inputAfterPaint = null;
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frames++;
      return window.setTimeout(() => callback(performance.now()), 0);
    });
    const realSetTimeout = window.setTimeout.bind(window);
    vi.spyOn(window, 'setTimeout').mockImplementation(((handler: () => void, ms?: number) => {
      if (ms === 6 && inputAfterPaint) {
        const type = inputAfterPaint;
        inputAfterPaint = null;
        window.dispatchEvent(type.startsWith('key') ? new KeyboardEvent(type) : new Event(type));
      }
      return realSetTimeout(handler, ms);
    }) as typeof window.setTimeout);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const run = () =>
    new Promise<{ frames: number; committing: boolean }>((resolve) => afterNextPaint(() => resolve({ frames, committing: isAfterPaintCommit() })));

  it('runs the work once the next frame has been painted, flagged as such', async () => {
    expect(await run()).toEqual({ frames: 1, committing: true });
    expect(isAfterPaintCommit()).toBe(false);
  });

  it.each(['keydown', 'keyup', 'pointerdown', 'pointerup'])('waits one frame more for a %s handled after that paint', async (type) => {
    inputAfterPaint = type;
    expect(await run()).toEqual({ frames: 2, committing: true });
  });

  it('waits at most once: a stream of key presses does not starve the work', async () => {
    const done = run();
    inputAfterPaint = 'keydown';
    await new Promise((resolve) => window.setTimeout(resolve, 0));
    inputAfterPaint = 'keydown';
    expect((await done).frames).toBe(2);
  });

  it('does not wait for a drag’s moves, which come every frame', async () => {
    inputAfterPaint = 'pointermove';
    expect(await run()).toEqual({ frames: 1, committing: true });
  });
});
