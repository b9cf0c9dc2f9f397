import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { parseHashRoute } from '../../data/links';
import type { BalancedMethod } from '../../data/methods';
import { formatPercent } from '../../data/format';
import { balancedBuehlerCoverageGrid, balancedCoverageGrid, balancedInversionCoverageGrid, sequentialBoundTable, sequentialMissProbability } from '../../stats';
import { ANYTIME_PS, GRID_PS, meanWidth } from './coverage-compute';
import { CoverageView } from './CoverageView';

function renderAt(hash: string) {
  window.history.replaceState(null, '', hash);
  return render(<CoverageView route={parseHashRoute(hash)} chartWidth={800} />);
}

/** Opens a "Show the data" disclosure (its table is built only then). */
async function showData(name: RegExp) {
  await userEvent.click(await screen.findByText(name, {}, { timeout: 10_000 }));
}

/** The data table's values for one method, as numbers. */
function columnValues(method: string): number[] {
  const table = screen.getByTestId('coverage-data');
  return Array.from(table.querySelectorAll<HTMLElement>(`td[data-method="${method}"]`), (cell) => Number(cell.dataset.value));
}

// Exact sums and tables of a thousand rows: slower than most unit tests in jsdom, on a shared machine.
describe('CoverageView', { timeout: 30_000 }, () => {
  it('shows progress, then the exact curves: Clopper–Pearson never below 1 − δ, Wald far below', async () => {
    renderAt('#/coverage?n=30&delta=0.05&methods=clopper_pearson,wilson,wald');
    const progress = screen.getAllByRole('progressbar');
    expect(progress[0]).toHaveAttribute('aria-valuenow', '0');
    await showData(/Show the data \(999 values of p\)/);
    expect(await screen.findByTestId('coverage-data')).toBeInTheDocument();

    const exact = columnValues('clopper_pearson');
    const wald = columnValues('wald');
    expect(exact).toHaveLength(999);
    expect(Math.min(...exact)).toBeGreaterThanOrEqual(0.95);
    expect(Math.min(...wald)).toBeLessThan(0.5);
    // coverage.csv: n = 30, p = 0.35, α = 0.05.
    const row = screen.getByRole('rowheader', { name: '0.350' }).closest('tr')!;
    expect(Number(row.querySelector<HTMLElement>('td[data-method="wilson"]')!.dataset.value)).toBeCloseTo(0.946658491533, 9);

    const summary = screen.getByRole('table', { name: /Each method’s coverage over 999 values of p/ });
    const waldRow = within(summary).getByRole('row', { name: /Wald/ });
    expect(waldRow).toHaveTextContent(/of 999$/);
    expect(within(summary).getByRole('row', { name: /Clopper–Pearson/ })).toHaveTextContent(/0 of 999$/);
    expect(screen.getByText(/Computed exactly in [\d,]+ ms in a background worker \(3 methods × 999 values of p at n = 30, δ = 0.05\)/)).toBeInTheDocument();
  });

  it('draws one line per method, one per task, and the nominal line', async () => {
    const { container } = renderAt('#/coverage?n=30&delta=0.05&methods=clopper_pearson,wilson,wald');
    // Every state the chart passes through (lines drawn, busy or not), however fast they follow
    // each other: on a loaded machine the later lines may already be in when a wait returns.
    const states: { lines: number; busy: string | null }[] = [];
    const record = () =>
      states.push({ lines: container.querySelectorAll('.recharts-line').length, busy: container.querySelector('.coverage-chart')?.getAttribute('aria-busy') ?? null });
    const observer = new MutationObserver(record);
    observer.observe(container, { subtree: true, childList: true, attributes: true });
    record();
    // Cached from the first test: no worker round trip.
    expect(await screen.findByText(/Shown from this page’s cache \(3 methods/)).toBeInTheDocument();
    await waitFor(() => expect(container.querySelectorAll('.recharts-line')).toHaveLength(3), { timeout: 20_000 });
    observer.disconnect();
    // The chart's frame comes first, each line in a later task; the chart is busy until the last.
    expect(states.some(({ lines, busy }) => lines === 0 && busy === 'true')).toBe(true);
    expect(states.some(({ lines, busy }) => lines === 1 && busy === 'true')).toBe(true);
    expect(container.querySelector('.coverage-chart')).toHaveAttribute('aria-busy', 'false');
    expect(container.querySelector('.recharts-reference-line')).not.toBeNull();
    expect(screen.getByText('nominal 95%')).toBeInTheDocument();
  });

  it('shows the balanced interval never undercovering on its grid, and its mean coverage', async () => {
    renderAt('#/coverage?n=10&delta=0.05&methods=wilson');
    const verdict = await screen.findByTestId('balanced-coverage-summary', {}, { timeout: 10_000 });
    expect(verdict).toHaveTextContent(/^Minimum coverage (9\d\.\d{3})% at \(p⁺ = 0\.\d\d, p⁻ = 0\.\d\d\): never below the nominal 95% on this grid\. Mean coverage/);
    const minimum = Number(/Minimum coverage ([\d.]+)%/.exec(verdict.textContent!)![1]) / 100;
    expect(minimum).toBeGreaterThanOrEqual(0.95);
    expect(screen.getByRole('img', { name: /Heat map of the balanced interval’s exact coverage for 20 should-be-YES × 20 should-be-NO/ })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: /rows p⁺, columns p⁻/ })).toBeNull();
    await showData(/Show the data \(2,500 cells\)/);
    expect(screen.getByRole('table', { name: /rows p⁺, columns p⁻/ }).querySelectorAll('td')).toHaveLength(2500);
  });

  it('writes control changes back to the link', async () => {
    const user = userEvent.setup();
    renderAt('#/coverage?n=12&delta=0.05&methods=wilson');
    await user.click(screen.getByRole('checkbox', { name: /Jeffreys/ }));
    expect(decodeURIComponent(window.location.hash)).toBe('#/coverage?n=12&delta=0.05&methods=wilson,jeffreys');
    await user.click(screen.getByRole('radio', { name: /Zoom in/ }));
    expect(window.location.hash).toContain('axis=zoom');
    await showData(/Show the data \(999 values of p\)/);
    expect(columnValues('jeffreys')).toHaveLength(999);
  });

  it('shows the union bound’s heat map alone, and with heatmaps=both Buehler’s and the estimate-ordered inversion’s beside it, each with its own numbers', async () => {
    const user = userEvent.setup();
    renderAt('#/coverage?n=10&delta=0.05&methods=wilson&yes=4&no=5');
    await screen.findByTestId('balanced-coverage-summary', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('coverage-map-buehler')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /Show the exact searches’ heat maps/ }));
    expect(window.location.hash).toContain('heatmaps=both');
    const maps = ['union', 'buehler', 'inversion'];
    await waitFor(() => expect(screen.getAllByTestId(/^coverage-map-/).map((map) => map.dataset.testid)).toEqual(maps.map((method) => `coverage-map-${method}`)));
    expect(within(screen.getByTestId('coverage-map-buehler')).getByRole('heading')).toHaveTextContent('Exact, never wider than the union bound (Buehler');
    for (const method of maps) {
      const suffix = method === 'union' ? '' : `-${method}`;
      const summary = await screen.findByTestId(`balanced-coverage-summary${suffix}`, {}, { timeout: 20_000 });
      const grid = (method === 'union' ? balancedCoverageGrid : method === 'buehler' ? balancedBuehlerCoverageGrid : balancedInversionCoverageGrid)(4, 5, 0.05, GRID_PS, GRID_PS).flat();
      const minimum = Math.min(...grid);
      expect(summary).toHaveTextContent(`Minimum coverage ${formatPercent(minimum, 3, 'down')}`);
      expect(summary).toHaveTextContent(`Mean width over all 30 outcomes: ${formatPercent(meanWidth(4, 5, 0.05, method as BalancedMethod), 1)}.`);
      expect(minimum).toBeGreaterThanOrEqual(0.95);
    }
  });

  it('anytime=N: the chance of ever missing after every label, Clopper–Pearson’s excess over δ named; the checkbox writes and clears the link', async () => {
    const user = userEvent.setup();
    renderAt('#/coverage?n=10&delta=0.1&methods=wilson&anytime=80');
    const summary = await screen.findByTestId('anytime-summary', {}, { timeout: 20_000 });
    const worstOf = (method: 'confidence-sequence' | 'clopper-pearson') => {
      const table = sequentialBoundTable(80, 0.1, { method });
      return Math.max(...ANYTIME_PS.map((p) => sequentialMissProbability(p, table)));
    };
    const peeking = worstOf('clopper-pearson');
    const sequence = worstOf('confidence-sequence');
    expect(peeking).toBeGreaterThan(0.2);
    expect(sequence).toBeLessThanOrEqual(0.1);
    expect(summary).toHaveTextContent(`Looked at after every one of 80 labels, the 90% Clopper–Pearson interval excludes the true accuracy at least once with probability up to ${formatPercent(peeking, 1, 'down')}`);
    expect(summary).toHaveTextContent(`${(Math.floor(peeking * 100) / 10).toFixed(1)}× the δ = 0.1 it promises for one look`);
    expect(summary).toHaveTextContent(`The confidence sequence: at most ${formatPercent(sequence, 1, 'up')}`);
    const table = screen.getByTestId('anytime-table');
    expect(Number(table.querySelector<HTMLElement>('tr[data-method="clopper-pearson"] td')!.dataset.value)).toBe(peeking);
    expect(within(table).getByRole('row', { name: /Anytime-valid confidence sequence/ })).toHaveTextContent(/0\.\d\d×$/);
    await user.click(screen.getByRole('checkbox', { name: /chance of ever missing/ }));
    expect(window.location.hash).not.toContain('anytime');
    expect(screen.queryByTestId('anytime-summary')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /chance of ever missing/ }));
    expect(window.location.hash).toContain('anytime=500');
  });

  it('keeps the last method on', () => {
    renderAt('#/coverage?methods=wald');
    expect(screen.getByRole('checkbox', { name: /Wald/ })).toBeDisabled();
  });

  it('names a malformed parameter instead of drawing a blank page', () => {
    renderAt('#/coverage?n=30&methods=wilson,bogus');
    expect(screen.getByRole('alert')).toHaveTextContent('methods: “methods” has unknown “bogus”');
    expect(screen.getByRole('link', { name: /default settings/ })).toHaveAttribute('href', expect.stringMatching(/^#\/coverage\?n=30/));
  });
});
