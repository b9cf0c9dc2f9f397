import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ClassLabelPlan } from './ClassLabelPlan';

const CLASSES = ['cat', 'dog', 'bird'];
const MATRIX = [[50, 2, 1], [3, 40, 2], [0, 1, 30]];

function Planned({ onTarget }: { onTarget: (target: number) => void }) {
  const [target, setTarget] = useState(0.85);
  return (
    <ClassLabelPlan
      classes={CLASSES}
      matrix={MATRIX}
      delta={0.05}
      target={target}
      onTarget={(next) => {
        onTarget(next);
        setTarget(next);
      }}
    />
  );
}

describe('ClassLabelPlan', () => {
  it('says how many labels prove the target, per class, with the method; and when none can', async () => {
    const onTarget = vi.fn();
    render(<Planned onTarget={onTarget} />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Planning the labels to prove a macro recall ≥ 85.0% at 95% confidence…');
    expect(await screen.findByText(/: 166 more labels \(cat \+68, dog \+58, bird \+40\), in today’s class mix/)).toBeVisible();
    expect(status).toHaveTextContent(/exact union bound \(one-sided bounds at δ\/6 each\), δ = 0\.05/);
    const field = screen.getByLabelText('Lower bound must reach');
    await userEvent.clear(field);
    await userEvent.type(field, '95%');
    expect(onTarget).toHaveBeenLastCalledWith(0.95);
    expect(await screen.findByText(/^No number of labels proves a macro recall ≥ 95\.0% at 95% confidence: .* tends to 93\.3%/)).toBeVisible();
  });
});
