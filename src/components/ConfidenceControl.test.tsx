import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfidenceControl, SLIDER_LEVELS, deltaFieldProblem } from './ConfidenceControl';

function Harness({ onChange }: { onChange: (delta: number) => void }) {
  const [delta, setDelta] = useState(0.05);
  return (
    <ConfidenceControl
      delta={delta}
      onChange={(next) => {
        onChange(next);
        setDelta(next);
      }}
    />
  );
}

describe('ConfidenceControl', () => {
  it('emits the preset δ and marks the pressed preset', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    expect(screen.getByRole('button', { name: '95%' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: '99.9%' }));
    expect(onChange).toHaveBeenLastCalledWith(0.001);
    expect(screen.getByRole('button', { name: '99.9%' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '95%' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByLabelText('δ (chance the interval misses)')).toHaveValue('0.001');
    await user.click(screen.getByRole('button', { name: '90%' }));
    expect(onChange).toHaveBeenLastCalledWith(0.1);
  });

  it('steps through common confidence levels on the slider, committing each once its frame is painted', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const slider = screen.getByRole('slider');
    expect(slider).toHaveAttribute('aria-valuetext', '95% confidence, δ = 0.05');
    expect(slider).toHaveValue(String(SLIDER_LEVELS.indexOf(95)));
    fireEvent.change(slider, { target: { value: String(SLIDER_LEVELS.indexOf(99.9)) } });
    // The thumb has moved; what it sets follows after the frame (as a bare slider's frame would be).
    expect(onChange).not.toHaveBeenCalled();
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(0.001));
    expect(slider).toHaveAttribute('aria-valuetext', '99.9% confidence, δ = 0.001');
    fireEvent.change(slider, { target: { value: String(SLIDER_LEVELS.indexOf(99.95)) } });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(0.0005));
    // Two moves within one frame commit once, with the latest.
    onChange.mockClear();
    fireEvent.change(slider, { target: { value: String(SLIDER_LEVELS.indexOf(90)) } });
    fireEvent.change(slider, { target: { value: String(SLIDER_LEVELS.indexOf(97.5)) } });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(0.025));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(slider).toHaveValue(String(SLIDER_LEVELS.indexOf(97.5)));
  });

  it('puts the thumb at the nearest stop for any other δ', () => {
    render(<ConfidenceControl delta={0.037} onChange={vi.fn()} />);
    expect(screen.getByRole('slider')).toHaveValue(String(SLIDER_LEVELS.indexOf(96)));
    expect(screen.getByRole('slider')).toHaveAttribute('aria-valuetext', '96.3% confidence, δ = 0.037');
  });

  it('emits a typed δ on Enter and rejects δ outside (0, 1) with an inline message', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const field = screen.getByLabelText('δ (chance the interval misses)');
    await user.clear(field);
    await user.type(field, '0.2{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(0.2);
    expect(screen.getByRole('group', { name: /Confidence level: 80%/ })).toBeInTheDocument();

    onChange.mockClear();
    await user.clear(field);
    await user.type(field, '1.5{Enter}');
    expect(onChange).not.toHaveBeenCalled();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/^1.5 cannot be used: δ must be .*got 1.5/);

    await user.clear(field);
    await user.type(field, 'abc');
    await user.tab();
    expect(onChange).not.toHaveBeenCalled();
    expect(field).toHaveAccessibleDescription(/“abc” is not a number/);
  });

  it('explains each kind of bad δ', () => {
    expect(deltaFieldProblem('')).toMatch(/Enter δ/);
    expect(deltaFieldProblem('0')).toMatch(/cannot be used: δ must be/);
    expect(deltaFieldProblem('1')).toMatch(/cannot be used: δ must be/);
    expect(deltaFieldProblem('-0.1')).toMatch(/cannot be used: δ must be/);
    expect(deltaFieldProblem('x')).toMatch(/not a number/);
    // Subnormal: δ/4 underflows to 0, so the maths cannot use it (it used to blank the app).
    expect(deltaFieldProblem('5e-324')).toMatch(/^5e-324 cannot be used: δ must be/);
    expect(deltaFieldProblem(' 0.05 ')).toBeNull();
    expect(deltaFieldProblem('1e-6')).toBeNull();
  });
});
