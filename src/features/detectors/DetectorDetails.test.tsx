import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ClassName } from '../../data/detectors';
import { formatIntervalParts, formatPercent } from '../../data/format';
import { balancedBuehlerInterval, balancedInterval, balancedInversionInterval, exactInterval, type ClassCounts } from '../../stats';
import { DetectorDetails } from './DetectorDetails';

const YES = { correct: 38, total: 40 };
const NO = { correct: 55, total: 60 };

function shownNumbers(region: HTMLElement) {
  const figure = within(region);
  return {
    estimate: figure.getAllByTestId('estimate')[0]!.textContent,
    lower: figure.getAllByTestId('lower')[0]!.textContent,
    upper: figure.getAllByTestId('upper')[0]!.textContent,
  };
}

function Editable({ onCountsChange }: { onCountsChange: (name: ClassName, counts: ClassCounts) => void }) {
  const [counts, setCounts] = useState({ yes: YES, no: NO });
  return (
    <DetectorDetails
      yes={counts.yes}
      no={counts.no}
      delta={0.05}
      method="union"
      showUnionBounds={false}
      onShowUnionBoundsChange={vi.fn()}
      onCountsChange={(name, next) => {
        onCountsChange(name, next);
        setCounts((current) => ({ ...current, [name]: next }));
      }}
    />
  );
}

describe('DetectorDetails', () => {
  it('shows the stats module’s balanced and per-class intervals, bounds rounded outward', () => {
    render(<DetectorDetails yes={YES} no={NO} delta={0.05} method="union" showUnionBounds={false} onShowUnionBoundsChange={vi.fn()} />);
    const balanced = balancedInterval({ yes: YES, no: NO }, 0.05);
    const yes = exactInterval(40, 38, 0.05);
    const no = exactInterval(60, 55, 0.05);
    for (const [name, interval] of [
      ['Balanced accuracy', balanced],
      ['Should-be-YES accuracy', yes],
      ['Should-be-NO accuracy', no],
    ] as const) {
      const region = screen.getByRole('region', { name });
      expect(shownNumbers(region)).toEqual({
        estimate: formatPercent(interval.estimate, 1),
        lower: formatPercent(interval.lower, 1, 'down'),
        upper: formatPercent(interval.upper, 1, 'up'),
      });
      // Outward: the shown bounds contain the exact ones.
      expect(parseFloat(shownNumbers(region).lower!) / 100).toBeLessThanOrEqual(interval.lower);
      expect(parseFloat(shownNumbers(region).upper!) / 100).toBeGreaterThanOrEqual(interval.upper);
    }
    const yesRegion = screen.getByRole('region', { name: 'Should-be-YES accuracy' });
    expect(yesRegion).toHaveTextContent('38/40 answered YES correctly; 95% interval, exact central (Clopper–Pearson), δ = 0.05.');
    expect(within(yesRegion).getByRole('link', { name: /tail explorer/ })).toHaveAttribute(
      'href',
      '#/explore?n=40&k=38&delta=0.05&mode=central',
    );
    expect(within(yesRegion).getByRole('link', { name: 'Compare interval methods' })).toHaveAttribute(
      'href',
      '#/methods?n=40&k=38&delta=0.05',
    );
    expect(screen.getByRole('link', { name: 'Compare interval methods for this detector' })).toHaveAttribute(
      'href',
      // The method shown travels with the link: without it the methods view opens the default, Buehler’s.
      '#/methods?yes=38%2F40&no=55%2F60&delta=0.05&balanced=union',
    );
    expect(screen.getByRole('region', { name: 'What a 95% interval means' })).toHaveTextContent(/does not mean there is a 95% probability/);
  });

  it('reveals the δ/4 per-class bounds the balanced interval is built from', async () => {
    const user = userEvent.setup();
    function Toggle() {
      const [show, setShow] = useState(false);
      return <DetectorDetails yes={YES} no={NO} delta={0.05} method="union" showUnionBounds={show} onShowUnionBoundsChange={setShow} />;
    }
    render(<Toggle />);
    expect(screen.queryByText(/δ\/4 = 0.0125/)).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /per-class bounds the balanced interval is built from/ }));
    const parts = balancedInterval({ yes: YES, no: NO }, 0.05);
    expect(screen.getByText(/δ\/4 = 0.0125/)).toBeInTheDocument();
    const yesPart = screen.getByRole('img', { name: /Should-be-YES accuracy, union-bound part/ });
    expect(yesPart).toHaveAccessibleName(
      new RegExp(`${formatPercent(parts.yes.lower, 1, 'down')} to ${formatPercent(parts.yes.upper, 1, 'up')}`),
    );
    // The δ/4 bounds are wider than the central δ/2 ones.
    expect(parts.yes.lower).toBeLessThan(exactInterval(40, 38, 0.05).lower);
  });

  it('says plainly when a class has no examples and the balanced accuracy is undefined', () => {
    render(
      <DetectorDetails
        yes={{ correct: 0, total: 0 }}
        no={NO}
        delta={0.05}
        method="inversion"
        showUnionBounds
        onShowUnionBoundsChange={vi.fn()}
      />,
    );
    expect(screen.getByRole('region', { name: 'Should-be-YES accuracy' })).toHaveTextContent('No examples in this class — no interval.');
    expect(screen.getByRole('region', { name: 'Balanced accuracy' })).toHaveTextContent(
      'Balanced accuracy is undefined: the should-be-YES class has no examples',
    );
    expect(within(screen.getByRole('region', { name: 'Should-be-NO accuracy' })).getByTestId('estimate')).toHaveTextContent('91.7%');
  });

  it('updates every interval when a count is edited and rejects bad input in place', async () => {
    const user = userEvent.setup();
    const onCountsChange = vi.fn();
    render(<Editable onCountsChange={onCountsChange} />);
    const yesRegion = screen.getByRole('region', { name: 'Should-be-YES accuracy' });
    const correct = within(yesRegion).getByLabelText('Correct (answered YES)');
    await user.tripleClick(correct);
    await user.paste('30');
    expect(onCountsChange).toHaveBeenLastCalledWith('yes', { correct: 30, total: 40 });
    expect(shownNumbers(yesRegion).estimate).toBe('75.0%');
    const balanced = balancedInterval({ yes: { correct: 30, total: 40 }, no: NO }, 0.05);
    expect(shownNumbers(screen.getByRole('region', { name: 'Balanced accuracy' })).lower).toBe(
      formatPercent(balanced.lower, 1, 'down'),
    );

    onCountsChange.mockClear();
    for (const bad of ['-1', '2.5', '41', '']) {
      await user.tripleClick(correct);
      if (bad) await user.paste(bad);
      else await user.keyboard('{Backspace}');
      expect(correct).toHaveAttribute('aria-invalid', 'true');
      expect(shownNumbers(yesRegion).estimate).toBe('75.0%');
    }
    expect(onCountsChange).not.toHaveBeenCalled();
    const total = within(yesRegion).getByLabelText('Total should-be-YES examples');
    await user.tripleClick(total);
    await user.paste('20');
    expect(total).toHaveAccessibleDescription(/can't be below the correct count \(30\)/);
    expect(onCountsChange).not.toHaveBeenCalled();
  });

  it('reads honestly near 100% and offers error rates on a zoomed scale', async () => {
    const user = userEvent.setup();
    const yes = { correct: 998_970, total: 1_000_000 };
    const no = { correct: 999_500, total: 1_000_000 };
    render(<DetectorDetails yes={yes} no={no} delta={0.05} method="union" showUnionBounds={false} onShowUnionBoundsChange={vi.fn()} />);
    const noRegion = screen.getByRole('region', { name: 'Should-be-NO accuracy' });
    expect(shownNumbers(noRegion)).toEqual({ estimate: '99.95%', lower: '99.94%', upper: '99.96%' });
    expect(within(noRegion).getByText(/^zoomed: scale /)).toHaveTextContent('zoomed: scale 99.925%–100%');

    await user.click(screen.getByRole('checkbox', { name: /Show error rates/ }));
    expect(noRegion.querySelector('.figure')).toHaveTextContent('0.050% errors [0.045%, 0.055%]');
    expect(shownNumbers(screen.getByRole('region', { name: 'Should-be-YES accuracy' }))).toEqual({ estimate: '0.103%', lower: '0.096%', upper: '0.110%' });
    expect(within(noRegion).getByRole('img')).toHaveAccessibleName(/^Should-be-NO accuracy, as error rate: 0\.050%, 95% interval 0\.045% to 0\.055% /);
  });

  it('offers error rates only near 100%', () => {
    render(<DetectorDetails yes={YES} no={NO} delta={0.05} method="union" showUnionBounds={false} onShowUnionBoundsChange={vi.fn()} />);
    expect(screen.queryByRole('checkbox', { name: /Show error rates/ })).toBeNull();
  });

  it('with the test inversion: names it, shows its numbers, and on request what the union bound would give and how much wider', () => {
    render(<DetectorDetails yes={YES} no={NO} delta={0.05} method="inversion" showUnionBounds onShowUnionBoundsChange={vi.fn()} />);
    const region = screen.getByRole('region', { name: 'Balanced accuracy' });
    const inverted = balancedInversionInterval({ yes: YES, no: NO }, 0.05);
    expect(shownNumbers(region)).toEqual(formatIntervalParts(inverted));
    expect(region).toHaveTextContent('exact test inversion ordered by the estimate (δ/2 per side), δ = 0.05');
    const union = balancedInterval({ yes: YES, no: NO }, 0.05);
    const wider = Math.round(((union.upper - union.lower) / (inverted.upper - inverted.lower) - 1) * 100);
    const unionShown = formatIntervalParts(union);
    expect(within(region).getByTestId('union-comparison')).toHaveTextContent(
      `The blog’s union bound would give [${unionShown.lower}, ${unionShown.upper}] (95%, δ/4 per tail), ${wider}% wider.`,
    );
    expect(within(region).queryByTestId('inversion-wider')).toBeNull();
  });

  it('says so where the test inversion is wider than the union bound (one class at 0%, the other near 100%)', () => {
    render(<DetectorDetails yes={{ correct: 0, total: 1000 }} no={{ correct: 999, total: 1000 }} delta={0.05} method="inversion" showUnionBounds={false} onShowUnionBoundsChange={vi.fn()} />);
    expect(screen.getByTestId('inversion-wider')).toHaveTextContent(/Here the test inversion is \d+% wider than the blog’s union bound/);
  });

  it('with Buehler’s interval: names it, shows its numbers, says on the toggle how much narrower than the union bound it is, and what the union bound gives', () => {
    render(<DetectorDetails yes={YES} no={NO} delta={0.05} method="buehler" showUnionBounds onShowUnionBoundsChange={vi.fn()} />);
    const region = screen.getByRole('region', { name: 'Balanced accuracy' });
    const buehler = balancedBuehlerInterval({ yes: YES, no: NO }, 0.05);
    expect(shownNumbers(region)).toEqual(formatIntervalParts(buehler));
    expect(region).toHaveTextContent('exact, never wider than the union bound (Buehler; δ/2 per side), δ = 0.05');
    const union = balancedInterval({ yes: YES, no: NO }, 0.05);
    const ratio = (buehler.upper - buehler.lower) / (union.upper - union.lower);
    const narrower = Math.round((1 - ratio) * 100);
    const toggle = within(region).getByRole('checkbox', { name: /^Show the blog’s union bound beside it \(δ\/4 per tail\): Buehler’s interval is/ });
    expect(toggle).toHaveAccessibleName(
      `Show the blog’s union bound beside it (δ/4 per tail): ${narrower === 0 ? 'Buehler’s interval is about as wide here (never wider)' : `Buehler’s interval is ${narrower}% narrower`}`,
    );
    const wider = Math.round((1 / ratio - 1) * 100);
    const unionShown = formatIntervalParts(union);
    expect(within(region).getByTestId('union-comparison')).toHaveTextContent(
      `The blog’s union bound would give [${unionShown.lower}, ${unionShown.upper}] (95%, δ/4 per tail), ${wider === 0 ? 'about as wide' : `${wider}% wider`}.`,
    );
    expect(region).toHaveTextContent('its outcomes ordered by the union bound: so it is never wider than the union bound, at any counts.');
  });

  it('with Buehler’s interval, no “wider” note where the test inversion would be wider (one class at 0%, the other near 100%)', () => {
    const yes = { correct: 0, total: 1000 };
    const no = { correct: 999, total: 1000 };
    render(<DetectorDetails yes={yes} no={no} delta={0.05} method="buehler" showUnionBounds={false} onShowUnionBoundsChange={vi.fn()} />);
    expect(shownNumbers(screen.getByRole('region', { name: 'Balanced accuracy' }))).toEqual(formatIntervalParts(balancedBuehlerInterval({ yes, no }, 0.05)));
    expect(screen.queryByTestId('inversion-wider')).toBeNull();
  });
});
