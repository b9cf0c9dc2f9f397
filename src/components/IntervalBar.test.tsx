import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { IntervalBar } from './IntervalBar';

const interval = { estimate: 0.95, lower: 0.830812, upper: 0.993891 };

function renderBar() {
  return render(
    <IntervalBar
      label="Should-be-YES accuracy"
      interval={interval}
      series="yes"
      method="exact central (Clopper–Pearson)"
      delta={0.05}
      counts="38/40 correct"
    />,
  );
}

describe('IntervalBar', () => {
  it('names the estimate, the outward-rounded bounds, method, δ and counts', () => {
    renderBar();
    const bar = screen.getByRole('img');
    expect(bar).toHaveAccessibleName(
      'Should-be-YES accuracy: 95.0%, 95% interval 83.0% to 99.4% (exact central (Clopper–Pearson), δ = 0.05, 38/40 correct)',
    );
    expect(bar).toHaveAttribute('tabindex', '0');
  });

  it('draws the band from lower to upper and the tick at the estimate on a 0–100% scale', () => {
    const { container } = renderBar();
    const band = container.querySelector<HTMLElement>('.interval-bar__band')!;
    expect(parseFloat(band.style.left)).toBeCloseTo(83.0812, 6);
    expect(parseFloat(band.style.width)).toBeCloseTo(16.3079, 6);
    const tick = container.querySelector<HTMLElement>('.interval-bar__estimate')!;
    expect(parseFloat(tick.style.left)).toBeCloseTo(95, 9);
    expect(screen.getByRole('img').style.getPropertyValue('--series-color')).toBe('var(--yes)');
  });

  it('shows the full-precision tooltip on focus and hides it on Escape and blur', async () => {
    const user = userEvent.setup();
    renderBar();
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.tab();
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip).toHaveTextContent('0.830812');
    expect(tooltip).toHaveTextContent('0.993891');
    expect(tooltip).toHaveTextContent('exact central (Clopper–Pearson)');
    expect(tooltip).toHaveTextContent('0.05 (95% confidence)');
    expect(screen.getByRole('img')).toHaveAttribute('aria-describedby', tooltip.id);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.tab();
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows the tooltip on hover', () => {
    const { container } = renderBar();
    fireEvent.mouseEnter(container.querySelector('.interval-bar')!);
    expect(screen.getByRole('tooltip')).toHaveTextContent('0.95');
    fireEvent.mouseLeave(container.querySelector('.interval-bar')!);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('zooms a narrow interval near 100% to its labelled neighbourhood, with honest digits and a clean tooltip', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <IntervalBar
        label="Should-be-NO accuracy"
        interval={{ estimate: 0.9995, lower: 0.9994558800000001, upper: 0.99954127 }}
        series="no"
        method="exact central (Clopper–Pearson)"
        delta={0.05}
        counts="999,500/1,000,000 correct"
      />,
    );
    expect(screen.getByRole('img')).toHaveAccessibleName(/^Should-be-NO accuracy: 99\.95%, 95% interval 99\.94% to 99\.96% /);
    expect(container.querySelector('.interval-bar__scale')).toHaveTextContent('zoomed: scale 99.925%–100%');
    const band = container.querySelector<HTMLElement>('.interval-bar__band')!;
    expect(parseFloat(band.style.left)).toBeCloseTo(((0.99945588 - 0.99925) / 0.00075) * 100, 4);
    expect(parseFloat(band.style.width)).toBeGreaterThan(10);
    await user.tab();
    expect(screen.getByRole('tooltip')).toHaveTextContent('0.99945588');
    expect(screen.getByRole('tooltip')).not.toHaveTextContent('0.9994558800000001');
  });
});
