import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { intervalRows } from './TailView';
import { IntervalRows } from './IntervalRows';

describe('IntervalRows', () => {
  it('draws one-sided bounds in the accent colour, explains the shaded ends, and labels a zoomed axis truly', async () => {
    const user = userEvent.setup();
    const rows = intervalRows('upper', 1_000_000, 999_500, 0.05);
    expect(rows.map((row) => row.color)).not.toContain('hypothesis');
    expect(rows[0]!.label).toMatch(/upper bound \(one-sided, δ = 0\.05\): 99\.96%$/);
    const { container } = render(<IntervalRows rows={rows} title="Intervals" />);
    expect(screen.getByText(/^Shaded grey: below 0% or above 100%, accuracies that cannot occur\./)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Zoom to the intervals' }));
    const labels = [...container.querySelectorAll('.interval-rows__axis span')].map((span) => span.textContent!);
    expect(new Set(labels).size).toBe(labels.length);
    for (const label of labels) expect(label).toMatch(/^(99\.\d\d|100\.00)%$/);
  });
});
