import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { macroRecallInterval } from '../../stats';
import { ClassRanking } from './ClassRanking';

const LABELS = ['bird', 'cat', 'dog'];
const A = [[30, 0, 1], [1, 50, 2], [2, 3, 40]];
const C = [[27, 2, 2], [3, 40, 10], [5, 5, 35]];

describe('ClassRanking', () => {
  it('ranks the detectors with every class by their macro recall at δ/m, best lower bound first, proven against the target', async () => {
    const detectors = [
      { detector: 'net-c', matrix: C, missing: [] },
      { detector: 'net-b', matrix: [[0, 0, 0], [3, 45, 5], [3, 4, 38]], missing: ['bird'] },
      { detector: 'net-a', matrix: A, missing: [] },
    ];
    render(<ClassRanking detectors={detectors} labels={LABELS} delta={0.05} />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('0 of 2 detectors proven to have a macro recall ≥ 90.0%');
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['net-a93.3% [76.4%, 99.1%]not proven', 'net-c80.1% [59.6%, 92.8%]not proven']);
    // The bounds are each detector's at δ/2.
    expect(macroRecallInterval(A, 0.025).lower).toBeCloseTo(0.764745468459547, 12);
    const field = screen.getByLabelText('Macro recall must reach');
    await userEvent.clear(field);
    await userEvent.type(field, '0.75');
    expect(status).toHaveTextContent('1 of 2 detectors proven to have a macro recall ≥ 75.0%');
    expect(status).toHaveTextContent('1 detector without examples of some class has no macro recall and is not ranked.');
  });

  it('shows nothing with fewer than two detectors to rank', () => {
    const { container } = render(<ClassRanking detectors={[{ detector: 'net-a', matrix: A, missing: [] }]} labels={LABELS} delta={0.05} />);
    expect(container).toBeEmptyDOMElement();
  });
});
