import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ClassCountsFields } from './ClassCountsFields';
import { LinkProblems } from './LinkProblems';

describe('ClassCountsFields', () => {
  it('commits only valid pairs and says what is wrong inline', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<ClassCountsFields legend="Should-be-YES examples" counts={{ correct: 38, total: 40 }} onChange={onChange} />);
    expect(screen.getByRole('group', { name: 'Should-be-YES examples' })).toBeInTheDocument();
    const correct = screen.getByRole('textbox', { name: 'Correct' });
    await user.clear(correct);
    await user.type(correct, '41');
    expect(correct).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(/Correct can’t exceed the total \(40\)/)).toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith({ correct: 4, total: 40 });
    const total = screen.getByRole('textbox', { name: 'Total' });
    await user.clear(total);
    await user.type(total, '0');
    expect(screen.getByText(/The total can’t be below correct/)).toBeInTheDocument();
  });
});

describe('LinkProblems', () => {
  it('lists each parameter’s problem in an alert and offers the defaults', () => {
    render(<LinkProblems title="Methods" problems={[{ param: 'n', message: '“n” is “x”.' }, { param: 'delta', message: '“delta” is “2”.' }]} fallbackHref="#/methods" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Methods' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('n: “n” is “x”.delta: “delta” is “2”.');
    expect(screen.getByRole('link', { name: /default settings/ })).toHaveAttribute('href', '#/methods');
  });
});
