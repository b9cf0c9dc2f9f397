import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useProgressiveCount } from './use-progressive-count';

function Probe({ total, itemsKey, first }: { total: number; itemsKey: unknown; first?: number }) {
  return <p>{useProgressiveCount(total, 10, itemsKey, first)}</p>;
}

/** The next frame, then the task after it: one step. */
const nextStep = () =>
  act(() => {
    vi.advanceTimersToNextFrame();
    vi.advanceTimersToNextTimer();
  });

describe('useProgressiveCount', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] }));
  afterEach(() => vi.useRealTimers());

  it('draws a chunk after each frame until all are drawn, and starts again for other items', () => {
    const items = ['a'];
    const { rerender } = render(<Probe total={25} itemsKey={items} />);
    expect(screen.getByText(/\d+/)).toHaveTextContent('10');
    // No step before the next frame: a frame lays out one chunk, not those that timers fit between two frames.
    act(() => vi.advanceTimersByTime(5));
    expect(screen.getByText(/\d+/)).toHaveTextContent('10');
    nextStep();
    expect(screen.getByText(/\d+/)).toHaveTextContent('20');
    nextStep();
    expect(screen.getByText(/\d+/)).toHaveTextContent('25');
    // Nothing more is scheduled once all are drawn.
    expect(vi.getTimerCount()).toBe(0);
    // The same items re-rendered stay drawn; other items start from the first chunk.
    rerender(<Probe total={25} itemsKey={items} />);
    expect(screen.getByText(/\d+/)).toHaveTextContent('25');
    rerender(<Probe total={25} itemsKey={['b']} />);
    expect(screen.getByText(/\d+/)).toHaveTextContent('10');
    nextStep();
    nextStep();
    expect(screen.getByText(/\d+/)).toHaveTextContent('25');
  });

  it('draws fewer items than a chunk at once, with nothing scheduled', () => {
    render(<Probe total={3} itemsKey="x" />);
    expect(screen.getByText(/\d+/)).toHaveTextContent('3');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('with a first count of 0 draws nothing in the first render, then a chunk after each frame', () => {
    const { rerender } = render(<Probe total={15} itemsKey="x" first={0} />);
    expect(screen.getByText(/\d+/)).toHaveTextContent('0');
    nextStep();
    expect(screen.getByText(/\d+/)).toHaveTextContent('10');
    nextStep();
    expect(screen.getByText(/\d+/)).toHaveTextContent('15');
    rerender(<Probe total={15} itemsKey="y" first={0} />);
    expect(screen.getByText(/\d+/)).toHaveTextContent('0');
  });

  it('goes on when a step and new items land in the same render (the count is back where it was)', () => {
    const { rerender } = render(<Probe total={15} itemsKey="x" first={0} />);
    act(() => {
      vi.advanceTimersToNextFrame();
      vi.advanceTimersToNextTimer();
      rerender(<Probe total={15} itemsKey="y" first={0} />);
    });
    expect(screen.getByText(/\d+/)).toHaveTextContent('0');
    nextStep();
    expect(screen.getByText(/\d+/)).toHaveTextContent('10');
  });
});
