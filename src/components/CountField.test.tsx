import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CountField, countProblem } from './CountField';

/** A correct/total pair as the details view wires it: correct ≤ total, total ≥ correct. */
function Pair({ onCorrect, onTotal }: { onCorrect: (value: number) => void; onTotal: (value: number) => void }) {
  const [correct, setCorrect] = useState(38);
  const [total, setTotal] = useState(40);
  return (
    <>
      <CountField
        label="Correct"
        value={correct}
        max={{ value: total, message: `Correct can't exceed the total (${total}).` }}
        onCommit={(value) => {
          onCorrect(value);
          setCorrect(value);
        }}
      />
      <CountField
        label="Total"
        value={total}
        min={{ value: correct, message: `The total can't be below correct (${correct}).` }}
        onCommit={(value) => {
          onTotal(value);
          setTotal(value);
        }}
      />
      <output>{`${correct}/${total}`}</output>
    </>
  );
}

/** The pair of fields at 38/40, with a user, the Correct field and a spy on its committed values. */
function renderPair() {
  const user = userEvent.setup();
  const onCorrect = vi.fn();
  render(<Pair onCorrect={onCorrect} onTotal={vi.fn()} />);
  return { user, onCorrect, correct: screen.getByLabelText('Correct') };
}

describe('CountField', () => {
  it('commits valid counts as they are typed', async () => {
    const { user, onCorrect, correct } = renderPair();
    await user.clear(correct);
    await user.type(correct, '30');
    expect(onCorrect).toHaveBeenLastCalledWith(30);
    expect(screen.getByRole('status')).toHaveTextContent('30/40');
    expect(correct).toHaveAttribute('aria-invalid', 'false');
  });

  it.each([
    ['-3', /can't be negative/],
    ['2.5', /whole numbers/],
    ['abc', /not a number/],
    ['', /Enter a count/],
    ['41', /Correct can't exceed the total \(40\)/],
  ])('rejects %j in place and keeps the last valid count', async (typed, message) => {
    const { user, onCorrect, correct } = renderPair();
    // Replaced in one go, as a paste or Playwright's fill does; typed key by key, a valid prefix would commit.
    await user.tripleClick(correct);
    if (typed) await user.paste(typed);
    else await user.keyboard('{Backspace}');
    expect(correct).toHaveAttribute('aria-invalid', 'true');
    expect(correct).toHaveAccessibleDescription(message);
    expect(correct).toHaveAccessibleDescription(/Still using 38/);
    expect(correct).toHaveValue(typed);
    expect(onCorrect).not.toHaveBeenCalledWith(expect.anything());
    expect(screen.getByRole('status')).toHaveTextContent('38/40');
  });

  it('commits a waiting value once the related limit allows it', async () => {
    const { user, onCorrect, correct } = renderPair();
    await user.clear(correct);
    await user.type(correct, '90');
    expect(correct).toHaveAttribute('aria-invalid', 'true');
    const total = screen.getByLabelText('Total');
    await user.clear(total);
    await user.type(total, '100');
    expect(correct).toHaveAttribute('aria-invalid', 'false');
    expect(onCorrect).toHaveBeenLastCalledWith(90);
    expect(screen.getByRole('status')).toHaveTextContent('90/100');
  });

  it('follows a value changed elsewhere', () => {
    const { rerender } = render(<CountField label="Total" value={40} onCommit={vi.fn()} />);
    rerender(<CountField label="Total" value={60} onCommit={vi.fn()} />);
    expect(screen.getByLabelText('Total')).toHaveValue('60');
  });

  it('explains each kind of bad count', () => {
    expect(countProblem('1e3')).toBeNull();
    expect(countProblem(' 7 ')).toBeNull();
    expect(countProblem('0x10')).toMatch(/not a number/);
    expect(countProblem('2000000000')).toMatch(/not supported/);
    expect(countProblem('3', { value: 5, message: 'too small' })).toBe('too small');
  });
});
