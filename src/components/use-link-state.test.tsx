import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLinkState } from './use-link-state';

const toHref = (value: number) => `#/thing?n=${value}`;

function Probe({ linked, linkKey }: { linked: number; linkKey: string }) {
  const [value, setValue] = useLinkState(linked, linkKey, toHref);
  return (
    <button type="button" onClick={() => setValue(value + 1)}>
      n = {value}
    </button>
  );
}

describe('useLinkState', () => {
  it('starts from the link, writes changes with replaceState, and follows a newly opened link', () => {
    window.history.replaceState(null, '', '#/thing?n=1');
    const lengthBefore = window.history.length;
    const { rerender } = render(<Probe linked={1} linkKey="n=1" />);
    act(() => screen.getByRole('button').click());
    expect(screen.getByRole('button')).toHaveTextContent('n = 2');
    expect(window.location.hash).toBe('#/thing?n=2');
    expect(window.history.length).toBe(lengthBefore);
    // The same link re-rendered keeps the edited value; a different link replaces it.
    rerender(<Probe linked={1} linkKey="n=1" />);
    expect(screen.getByRole('button')).toHaveTextContent('n = 2');
    rerender(<Probe linked={7} linkKey="n=7" />);
    expect(screen.getByRole('button')).toHaveTextContent('n = 7');
  });
});
