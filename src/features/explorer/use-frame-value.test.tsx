import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFrameValue } from './use-frame-value';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('useFrameValue', () => {
  it('shows the latest value once a burst of updates has passed, not each one', async () => {
    const { result, rerender } = renderHook(({ value }) => useFrameValue(value, String(value)), { initialProps: { value: 1 } });
    expect(result.current.shown).toBe(1);
    const shown = new Set<number>();
    for (let value = 2; value <= 6; value++) {
      rerender({ value });
      shown.add(result.current.shown);
    }
    // Nothing draws within the burst: the draw waits for the next frame.
    expect([...shown]).toEqual([1]);
    await waitFor(() => expect(result.current).toEqual({ shown: 6, shownKey: '6' }));
  });

  it('keeps drawing while updates come faster than frames (a new value never cancels a due draw)', async () => {
    const { result, rerender } = renderHook(({ value }) => useFrameValue(value, String(value)), { initialProps: { value: 0 } });
    const drawn = new Set<number>();
    for (let value = 1; value <= 60; value++) {
      await act(async () => {
        rerender({ value });
        await sleep(4);
      });
      drawn.add(result.current.shown);
    }
    // About 240 ms of updates every 4 ms: the plots moved along the way, not only at the end.
    expect(drawn.size).toBeGreaterThan(4);
    expect(Math.max(...drawn)).toBeGreaterThan(40);
    await waitFor(() => expect(result.current.shownKey).toBe('60'));
  });
});
