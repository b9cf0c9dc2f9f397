import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RangeInput } from './RangeInput';

/** A slider and a "typed" value setter sharing one position, as the explorer's fields do. */
function Field({ onCommit }: { onCommit: (position: number) => void }) {
  const [position, setPosition] = useState(10);
  return (
    <>
      <RangeInput
        id="r"
        min={0}
        max={100}
        step={1}
        position={position}
        valueText={`at ${position}`}
        onCommit={(next) => {
          onCommit(next);
          setPosition(next);
        }}
      />
      <button type="button" onClick={() => setPosition(70)}>
        type 70
      </button>
      <output>{position}</output>
    </>
  );
}

describe('RangeInput', () => {
  beforeEach(() => vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => window.setTimeout(() => callback(performance.now()), 0)));
  afterEach(() => vi.unstubAllGlobals());

  /** The next frame painted and the work after it done (`afterNextPaint`: a frame, a message, 6 ms). */
  const paint = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

  it('commits a move after the next paint', async () => {
    const onCommit = vi.fn();
    render(<Field onCommit={onCommit} />);
    fireEvent.change(screen.getByRole('slider'), { target: { value: '30' } });
    expect(onCommit).not.toHaveBeenCalled();
    await paint();
    expect(onCommit).toHaveBeenCalledWith(30);
    expect(screen.getByRole('status')).toHaveTextContent('30');
  });

  it('drops a move still waiting when the value is set elsewhere meanwhile: the newer value stands', async () => {
    const onCommit = vi.fn();
    render(<Field onCommit={onCommit} />);
    fireEvent.change(screen.getByRole('slider'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'type 70' }));
    await paint();
    expect(onCommit).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('70');
    expect((screen.getByRole('slider') as HTMLInputElement).value).toBe('70');
  });
});
