import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatIntervalParts, relativeWidth } from '../../data/format';
import { parseHashRoute } from '../../data/links';
import { balancedBuehlerInterval, balancedInterval, balancedInversionInterval } from '../../stats';
import { MethodsView } from './MethodsView';

function renderAt(hash: string) {
  window.history.replaceState(null, '', hash);
  return render(<MethodsView route={parseHashRoute(hash)} />);
}

const rowOf = (table: HTMLElement, name: RegExp) => within(table).getByRole('row', { name });

describe('MethodsView, one proportion', () => {
  it('shows all five methods for 38/40 at 95%, bounds rounded outward', () => {
    renderAt('#/methods?n=40&k=38&delta=0.05');
    const table = screen.getByRole('table', { name: 'Two-sided 95% intervals (δ = 0.05) for 38/40 correct; bounds rounded outward.' });
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    // Clopper–Pearson for 38/40: [0.830812…, 0.993891…].
    const exact = rowOf(table, /Exact \(Clopper–Pearson\)/);
    expect(within(exact).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['', '95.00%', '83.08%', '99.39%', '16.31%']);
    // Wilson: (p̂ + z²/2n ± z√(p̂q̂/n + z²/4n²)) / (1 + z²/n) = [0.83496…, 0.98619…].
    const wilson = rowOf(table, /Wilson score/);
    expect(within(wilson).getAllByRole('cell')[2]).toHaveTextContent('83.49%');
    expect(within(wilson).getAllByRole('cell')[3]).toHaveTextContent('98.62%');
  });

  it('flags Wald leaving [0, 1] and collapsing to zero width', () => {
    renderAt('#/methods?n=40&k=38&delta=0.05');
    const wald = rowOf(screen.getByRole('table'), /Wald/);
    expect(wald).toHaveTextContent('Clipped here: the formula’s upper end goes past 100%.');
    expect(within(wald).getAllByRole('cell')[3]).toHaveTextContent('100.00%');
  });

  it('says Agresti–Coull’s end is adjusted at k = 0 and k = n (its formula gives −5.46% for 0/5)', () => {
    renderAt('#/methods?n=5&k=0&delta=0.05');
    expect(rowOf(screen.getByRole('table'), /Agresti/)).toHaveTextContent('Adjusted here: at k = 0 the formula’s lower end is set to 0%');
    expect(rowOf(screen.getByRole('table'), /Clopper/)).not.toHaveTextContent('Adjusted here');
    renderAt('#/methods?n=5&k=5&delta=0.05');
    expect(rowOf(screen.getAllByRole('table').at(-1)!, /Agresti/)).toHaveTextContent('Adjusted here: at k = 5 the formula’s upper end is set to 100%');
  });

  it('flags zero width at k = n', () => {
    renderAt('#/methods?n=40&k=40&delta=0.05');
    expect(rowOf(screen.getByRole('table'), /Wald/)).toHaveTextContent('Zero width here: it claims certainty from 40 examples.');
    expect(rowOf(screen.getByRole('table'), /Clopper/)).not.toHaveTextContent('Zero width');
  });

  it('gives each bar an accessible name with method, δ and counts', () => {
    renderAt('#/methods?n=40&k=38&delta=0.05');
    expect(
      screen.getByRole('img', {
        name: '38 of 40 correct, Exact (Clopper–Pearson): 95.00%, 95% interval 83.08% to 99.39% (Exact (Clopper–Pearson), δ = 0.05, 38/40 correct)',
      }),
    ).toBeInTheDocument();
  });

  it('switches to a detector and writes the link', async () => {
    const user = userEvent.setup();
    renderAt('#/methods?n=40&k=38&delta=0.05');
    await user.click(screen.getByRole('radio', { name: /A detector/ }));
    expect(decodeURIComponent(window.location.hash)).toBe('#/methods?yes=38/40&no=55/60&delta=0.05');
    expect(screen.getByRole('heading', { name: /Balanced accuracy/ })).toBeInTheDocument();
  });
});

describe('MethodsView, a detector', () => {
  it('reproduces the blog’s balanced interval for 90/100 and 95/100: [0.84473, 0.97122]', () => {
    renderAt('#/methods?yes=90/100&no=95/100&delta=0.05');
    const table = screen.getByRole('table', { name: /for YES 90\/100, NO 95\/100/ });
    const exact = rowOf(table, /Exact union bound/);
    expect(within(exact).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['', '92.50%', '84.47%', '97.13%', '12.65%']);
  });

  it('shows the Brodersen posterior interval and Wald on the balanced estimate', () => {
    renderAt('#/methods?yes=41/45&no=3/10&delta=0.05');
    const table = screen.getByRole('table', { name: /for YES 41\/45, NO 3\/10/ });
    // Brodersen et al. (2010), Figure 2: mean ≈ 0.61, interval ≈ [0.49, 0.76].
    const posterior = within(rowOf(table, /Posterior \(Brodersen/)).getAllByRole('cell');
    expect(posterior[1]).toHaveTextContent(/^6[01]\.\d\d%$/);
    expect(posterior[2]).toHaveTextContent(/^4[89]\.\d\d%$/);
    expect(posterior[3]).toHaveTextContent(/^7[56]\.\d\d%$/);
    // Wald: (41/45 + 3/10)/2 ± z·√((41/45)(4/45)/45 + 0.3·0.7/10)/2 = [0.457582, 0.753529] (Python's NormalDist).
    const wald = within(rowOf(table, /Wald on the balanced estimate/)).getAllByRole('cell');
    expect(wald.slice(1, 4).map((cell) => cell.textContent)).toEqual(['60.56%', '45.75%', '75.36%']);
  });

  it('shows Wald on the balanced estimate collapsing to zero width with no errors', () => {
    renderAt('#/methods?yes=40/40&no=60/60&delta=0.05');
    const table = screen.getByRole('table', { name: /for YES 40\/40, NO 60\/60/ });
    expect(rowOf(table, /Wald on the balanced estimate/)).toHaveTextContent('Zero width here: it claims certainty from 100 examples.');
  });

  it('shows every method for each class, in the class colour', () => {
    renderAt('#/methods?yes=38/40&no=55/60&delta=0.01');
    const yes = screen.getByRole('table', { name: /99% intervals \(δ = 0.01\) for 38\/40 correct/ });
    const no = screen.getByRole('table', { name: /99% intervals \(δ = 0.01\) for 55\/60 correct/ });
    expect(within(yes).getAllByRole('img')).toHaveLength(5);
    expect(within(no).getAllByRole('img')).toHaveLength(5);
    expect(within(no).getAllByRole('img')[0]!.style.getPropertyValue('--series-color')).toBe('var(--no)');
  });
});

describe('MethodsView, bad links', () => {
  it('names the parameter', () => {
    renderAt('#/methods?n=40&k=41');
    expect(screen.getByRole('alert')).toHaveTextContent('k: “k” is 41 but n is 40');
  });
});

describe('MethodsView, the three exact balanced intervals', () => {
  const counts = { yes: { correct: 38, total: 40 }, no: { correct: 55, total: 60 } };
  const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').slice(1, 4).map((cell) => cell.textContent);
  const expected = (interval: { estimate: number; lower: number; upper: number }) => {
    const shown = formatIntervalParts(interval, 2);
    return [shown.estimate, shown.lower, shown.upper];
  };
  const exactNames = (table: HTMLElement) =>
    within(table)
      .getAllByRole('rowheader')
      .map((header) => header.querySelector('.methods-table__name')!.textContent!)
      .filter((name) => name.startsWith('Exact'));

  it('leads with the default, Buehler, then the union bound and the estimate-ordered inversion, each its own numbers', () => {
    renderAt('#/methods?yes=38/40&no=55/60&delta=0.05');
    const table = screen.getByRole('table', { name: /for YES 38\/40, NO 55\/60/ });
    expect(exactNames(table)).toEqual([
      'Exact, never wider than the union bound (Buehler) — the default',
      'Exact union bound (the blog’s)',
      'Exact test inversion ordered by the estimate',
    ]);
    expect(cellsOf(rowOf(table, /Buehler/))).toEqual(expected(balancedBuehlerInterval(counts, 0.05)));
    expect(cellsOf(rowOf(table, /Exact union bound/))).toEqual(expected(balancedInterval(counts, 0.05)));
    expect(cellsOf(rowOf(table, /ordered by the estimate/))).toEqual(expected(balancedInversionInterval(counts, 0.05)));
  });

  it('leads with the link’s choice', () => {
    renderAt('#/methods?yes=38/40&no=55/60&delta=0.05&balanced=union');
    expect(exactNames(screen.getByRole('table', { name: /for YES 38\/40, NO 55\/60/ }))).toEqual([
      'Exact union bound (the blog’s) — as the link asks',
      'Exact, never wider than the union bound (Buehler)',
      'Exact test inversion ordered by the estimate',
    ]);
    renderAt('#/methods?yes=38/40&no=55/60&delta=0.05&balanced=inversion');
    expect(exactNames(screen.getAllByRole('table', { name: /for YES 38\/40, NO 55\/60/ }).at(-1)!)[0]).toBe(
      'Exact test inversion ordered by the estimate — as the link asks',
    );
  });

  it('says, for a detector that never fires, how each compares with the union bound here', () => {
    const never = { yes: { correct: 0, total: 40 }, no: { correct: 960, total: 960 } };
    renderAt('#/methods?yes=0/40&no=960/960&delta=0.05');
    const table = screen.getByRole('table', { name: /for YES 0\/40, NO 960\/960/ });
    const union = balancedInterval(never, 0.05);
    const against = (interval: { lower: number; upper: number }) => relativeWidth(union, interval);
    const inversion = against(balancedInversionInterval(never, 0.05));
    // The estimate's ordering spends δ badly here: much wider than the union bound (the issue's [42.0%, 58.0%] against [49.7%, 55.2%]).
    expect(inversion.wider).toBe(true);
    expect(rowOf(table, /ordered by the estimate/)).toHaveTextContent(`Here: ${inversion.percent}% wider than the union bound.`);
    const buehler = against(balancedBuehlerInterval(never, 0.05));
    expect(buehler.wider).toBe(false);
    expect(rowOf(table, /Buehler/)).toHaveTextContent(
      buehler.percent === 0 ? 'Here: about as wide as the union bound.' : `Here: ${buehler.percent}% narrower than the union bound.`,
    );
    expect(screen.getByRole('heading', { name: 'Three exact balanced intervals' })).toBeInTheDocument();
  });
});
