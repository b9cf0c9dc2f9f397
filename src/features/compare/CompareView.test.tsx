import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDifferenceParts } from '../../data/format';
import { parseHashRoute } from '../../data/links';
import { pairedDifferenceInterval, pairedDifferenceScoreInterval } from '../../stats';
import { workspaceStore } from '../../store/workspace';
import { CompareView } from './CompareView';

function renderAt(hash: string) {
  window.history.replaceState(null, '', hash);
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <CompareView route={parseHashRoute(hash)} />
    </QueryClientProvider>,
  );
}

describe('CompareView', () => {
  it('computes Tango’s interval of 7–20 pairs off the render (a worker; here, a later task), saying so meanwhile', async () => {
    renderAt('#/compare?b=8&c=1&n=20');
    expect(screen.getByRole('status')).toHaveTextContent('Computing Tango’s exact paired interval at δ = 0.05 in a background worker…');
    const tango = formatDifferenceParts(pairedDifferenceScoreInterval({ b: 8, c: 1, n: 20 }, 0.05));
    expect(await screen.findByTestId('lower')).toHaveTextContent(tango.lower);
    expect(screen.getByTestId('upper')).toHaveTextContent(tango.upper);
    expect(screen.queryByText(/Computing Tango/)).toBeNull();
  });

  it('computes a paired balanced comparison’s two Tango classes apart (two workers; here, later tasks) and shows their average once both are back', async () => {
    renderAt('#/compare?yesb=8&yesc=5&yesn=40&nob=8&noc=1&non=30');
    expect(screen.getByRole('status')).toHaveTextContent(/Computing Tango’s exact paired interval/);
    const [yes, no] = [pairedDifferenceScoreInterval({ b: 8, c: 5, n: 40 }, 0.025), pairedDifferenceScoreInterval({ b: 8, c: 1, n: 30 }, 0.025)];
    const shown = formatDifferenceParts({ estimate: (yes.estimate + no.estimate) / 2, lower: (yes.lower + no.lower) / 2, upper: (yes.upper + no.upper) / 2 });
    expect(await screen.findByTestId('lower')).toHaveTextContent(shown.lower);
    expect(screen.getByTestId('upper')).toHaveTextContent(shown.upper);
  });

  it('shows a paired comparison: the design, the difference rounded outward, the discordance table', () => {
    // The union-bound construction, asked for: computed on the page (Tango's of 200 pairs goes to a worker).
    renderAt('#/compare?b=12&c=4&n=200&delta=0.05&aname=New&bname=Old&paired=union');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Compare New and Old');
    expect(screen.getByTestId('design')).toHaveTextContent(/^Paired:/);
    const shown = formatDifferenceParts(pairedDifferenceInterval({ b: 12, c: 4, n: 200 }, 0.05));
    expect(screen.getByTestId('lower')).toHaveTextContent(shown.lower);
    expect(screen.getByTestId('upper')).toHaveTextContent(shown.upper);
    const table = screen.getByTestId('discordance-table');
    const cells = (name: RegExp) => within(within(table).getByRole('row', { name })).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells(/New right/)).toEqual(['agree: 184', '12']);
    expect(cells(/New wrong/)).toEqual(['4', '(in “agree”)']);
  });

  it('names each malformed parameter instead of a blank page', () => {
    renderAt('#/compare?b=12&c=x&n=200&delta=2');
    const alert = screen.getByRole('alert');
    expect(within(alert).getAllByRole('listitem').map((item) => item.querySelector('code')?.textContent)).toEqual(['delta', 'c']);
  });

  it('reads a paired CSV, summarises bad rows, opens the paired link and adds both detectors on request', async () => {
    const user = userEvent.setup();
    renderAt('#/compare');
    const before = workspaceStore.getState().detectors.length;
    await user.clear(screen.getByLabelText('Name of detector A (prediction_a)'));
    await user.type(screen.getByLabelText('Name of detector A (prediction_a)'), 'Fresh');
    const csv = ['example_id,label,prediction_a,prediction_b', 'a,yes,yes,no', 'b,yes,no,no', 'c,no,no,yes', 'd,no,no,no', 'a,no,no,no', 'e,perhaps,no,no'].join('\n');
    await user.upload(screen.getByLabelText('Paired CSV file'), new File([csv], 'pairs.csv', { type: 'text/csv' }));
    await waitFor(() => expect(window.location.hash).toContain('yesb=1&yesc=0&yesn=2&nob=1&noc=0&non=2'));
    expect(window.location.hash).toContain('aname=Fresh');
    expect(screen.getByText(/4 paired examples used \(2 should-be-YES, 2 should-be-NO\); 2 rows left out:/)).toBeInTheDocument();
    expect(screen.getByText(/example_id repeats an earlier row .*: 1 row \(line 6\)/)).toBeInTheDocument();
    expect(screen.getByText(/label must be yes\/no, true\/false or 1\/0: 1 row \(line 7\)/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Fresh and Detector B to my workspace' }));
    const added = workspaceStore.getState().detectors.slice(before);
    expect(added.map(({ name, yes, no }) => ({ name, yes, no }))).toEqual([
      { name: 'Fresh', yes: { correct: 1, total: 2 }, no: { correct: 2, total: 2 } },
      { name: 'Detector B', yes: { correct: 0, total: 2 }, no: { correct: 1, total: 2 } },
    ]);
  });
});
