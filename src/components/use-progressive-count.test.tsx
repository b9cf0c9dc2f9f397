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

  it('renders each step in its own task: two counts on one page step in two tasks, each drawn there', () => {
    render(
      <>
        <Probe total={20} itemsKey="a" />
        <Probe total={20} itemsKey="b" />
      </>,
    );
    const timers = vi.spyOn(window, 'setTimeout');
    act(() => vi.advanceTimersToNextFrame());
    const steps = timers.mock.calls.map(([callback]) => callback as () => void);
    expect(steps).toHaveLength(2);
    // Each step's task run on its own, as the browser runs them, outside act (React's own scheduling):
    // its count is drawn when the task ends, the other's not yet. Left to React's scheduler, both were
    // rendered later, together, in one task.
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      steps[0]!();
      expect(screen.getAllByText(/\d+/).map((element) => element.textContent)).toEqual(['20', '10']);
      steps[1]!();
      expect(screen.getAllByText(/\d+/).map((element) => element.textContent)).toEqual(['20', '20']);
    } finally {
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
      timers.mockRestore();
    }
  });
});
